/**
 * hu-floor-grid: a spreadsheet-style grid, one row per `row-keys` entry and one column per floor
 * ('1st Floor', '2nd Floor', …), with a Basement column first when `basement` is set (widget spec §3, §9).
 */
import { DebouncedInput } from '../../client/controls';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { CellTable } from '../cell-table';
import { widgetTexts } from '../texts';
import { isRequired } from '../widget';
import { BASEMENT_FLOOR, floorGridRules, floorRows, floorsOf, floorVariable, ordinal } from './floor-grid.rules';

const t = widgetTexts.floorGrid;
export const floorTitle = (floor: string) => (floor === BASEMENT_FLOOR ? t.basement : t.floor(ordinal(Number(floor))));

const CELL_STYLE = { padding: '2px' } as const;
const INPUT_STYLE = { width: '6em', minWidth: '6em', padding: '4px' } as const;
const REGION_STYLE = { overflowX: 'auto' } as const;

function FloorGridWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const floors = floorsOf(spec);
  return (
    <CellTable
      spec={spec}
      errors={errors}
      showErrors={showErrors}
      required={isRequired(spec)}
      preview={floorGridRules.display(spec, values)}
      className="widget-floor-grid"
      style={REGION_STYLE}
      head={
        <tr>
          <th scope="col">{t.row}</th>
          {floors.map((floor) => (
            <th key={floor} scope="col" data-floor={floor}>
              {floorTitle(floor)}
            </th>
          ))}
        </tr>
      }
    >
      {floorRows(spec).map((row) => (
        <tr key={row.key}>
          <th scope="row">{row.title}</th>
          {floors.map((floor) => {
            const variable = floorVariable(spec, row.key, floor);
            return (
              <td key={floor} style={CELL_STYLE}>
                <DebouncedInput
                  aria-label={t.cell(row.title, floorTitle(floor))}
                  aria-invalid={showErrors && errors && Object.values(errors).includes(variable) ? true : undefined}
                  inputMode="decimal"
                  data-variable={variable}
                  style={INPUT_STYLE}
                  value={values[variable] ?? ''}
                  onCommit={(typed) => onChange({ [variable]: typed })}
                />
              </td>
            );
          })}
        </tr>
      ))}
    </CellTable>
  );
}

export default { Widget: FloorGridWidget, rules: floorGridRules } satisfies WidgetModule;
