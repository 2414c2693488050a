import { describe, expect, it } from 'vitest';
import { widgetTexts } from '../texts';
import { specOf } from '../test-spec';
import {
  cellError,
  cellVariable,
  isDisabledCell,
  WORKFORCE_CATEGORIES,
  WORKFORCE_DEFAULT_LOCATIONS,
  WORKFORCE_LOCATION_TYPES,
  WORKFORCE_TABLE_HEIGHT_PX,
  workforceCells,
  workforceTableRules,
} from './workforce-table.rules';

const spec = specOf('<hu-workforce-table prefix="wf_">');
const allFilled = () => Object.fromEntries(workforceTableRules.variables(spec).map((v) => [v, '1']));

describe('workforce table constants (widget spec §3, §9)', () => {
  it('has 6 categories, 2 location types, 5 default locations and an 800 px table', () => {
    expect(WORKFORCE_CATEGORIES).toEqual(['Unskilled', 'Semi-Skilled', 'Skilled', 'Supervisory', 'Professional', 'Senior Management']);
    expect(WORKFORCE_LOCATION_TYPES).toEqual(['Foreign', 'Local']);
    expect(WORKFORCE_DEFAULT_LOCATIONS).toEqual(['Afungi', 'Palma', 'Mocimboa', 'Rest of Cabo Delgado', 'Rest of Mozambique']);
    expect(WORKFORCE_TABLE_HEIGHT_PX).toBe(800);
  });

  it('has the four messages of the spec', () => {
    expect(widgetTexts.workforce.value).toBe('Input must be a value');
    expect(widgetTexts.workforce.positive).toBe('Input must be positive');
    expect(widgetTexts.workforce.number).toBe('Input must be a number');
    expect(widgetTexts.errors.workforceForm).toBe('Form is not valid');
  });
});

describe('workforce cells', () => {
  it('disables the Foreign cells of Unskilled and Semi-Skilled only', () => {
    expect(isDisabledCell('Unskilled', 'Foreign')).toBe(true);
    expect(isDisabledCell('Semi-Skilled', 'Foreign')).toBe(true);
    expect(isDisabledCell('Unskilled', 'Local')).toBe(false);
    expect(isDisabledCell('Skilled', 'Foreign')).toBe(false);
    const cells = workforceCells(spec);
    // 6 categories × 2 genders × 2 types × 5 locations.
    expect(cells).toHaveLength(120);
    expect(cells.filter((c) => c.variable === null)).toHaveLength(2 * 2 * 5);
    expect(workforceTableRules.variables(spec)).toHaveLength(100);
    expect(workforceTableRules.variables(spec)).not.toContain('wf_unskilled_foreign_afungi_male');
  });

  it('names each cell by category, type, location and gender', () => {
    expect(cellVariable(spec, 'Semi-Skilled', 'Local', 'Rest of Cabo Delgado', 'Female')).toBe('wf_semi_skilled_local_rest_of_cabo_delgado_female');
    expect(workforceTableRules.variables(spec)).toContain('wf_senior_management_foreign_rest_of_mozambique_male');
  });

  it('takes its locations from the attribute', () => {
    const own = specOf('<hu-workforce-table locations="Pemba, Nacala">');
    expect(workforceCells(own).map((c) => c.location)).toContain('Nacala');
    expect(workforceTableRules.variables(own)).toHaveLength(6 * 2 * 2 * 2 - 2 * 2 * 2);
  });
});

describe('workforce validation (widget spec §5)', () => {
  it('requires a value, a number, not negative; zero is allowed', () => {
    expect(cellError('')).toBe('value');
    expect(cellError('  ')).toBe('value');
    expect(cellError('abc')).toBe('number');
    expect(cellError('1e3')).toBe('number');
    expect(cellError('-1')).toBe('positive');
    expect(cellError('0')).toBeNull();
    expect(cellError('12')).toBeNull();
  });

  it('refuses the whole form while any cell is invalid, naming each cell', () => {
    const values = { ...allFilled(), wf_skilled_local_palma_male: '-2', wf_professional_foreign_afungi_female: 'x' };
    expect(workforceTableRules.validate(spec, workforceTableRules.normalize(spec, values))).toEqual({
      workforceForm: 'true',
      wf_skilled_local_palma_male: 'positive',
      wf_professional_foreign_afungi_female: 'number',
    });
    const { wf_skilled_local_palma_male: _dropped, ...missing } = allFilled();
    expect(workforceTableRules.validate(spec, workforceTableRules.normalize(spec, missing))).toEqual({ workforceForm: 'true', wf_skilled_local_palma_male: 'value' });
    expect(workforceTableRules.validate(spec, workforceTableRules.normalize(spec, allFilled()))).toBeNull();
  });

  it('shows totals per location type', () => {
    // Foreign: 4 categories × 2 genders × 5 locations; Local: all 6 categories.
    expect(workforceTableRules.display(spec, allFilled())).toBe('100 (Foreign 40, Local 60)');
  });
});
