/**
 * hu-land-area: ten unit fields of one area; editing one converts it into the others (widget spec §3, §5, §9).
 * Each field's tooltip gives its conversion (spec §9 tooltip delays).
 */
import { useId } from 'react';
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { widgetTexts } from '../texts';
import { Tooltip } from '../tooltip/tooltip';
import type { Values } from '../widget';
import { convertLand, LAND_UNITS, landAreaRules, landVariable, requiredUnits, SQUARE_FEET_PER_UNIT, SQUARE_METRES_PER_UNIT, type LandUnit } from './land-area.rules';

/** Rows of the form: Nepal's hill units, the Terai units, then the international ones. */
const ROWS: readonly (readonly LandUnit[])[] = [
  ['ropani', 'aana', 'paisa', 'daam'],
  ['bigha', 'katha', 'dhur'],
  ['sqfeet', 'sqmeter', 'acre'],
];

/** '1 Ropani = 5476 sq ft = 508.72 m²': the §9 factors exactly where the spec gives them, else rounded. */
function conversionOf(unit: LandUnit): string {
  const one = convertLand(unit, '1');
  const squareFeet = unit in SQUARE_FEET_PER_UNIT ? String(SQUARE_FEET_PER_UNIT[unit as keyof typeof SQUARE_FEET_PER_UNIT]) : one.sqfeet;
  const squareMetres = unit in SQUARE_METRES_PER_UNIT ? String(SQUARE_METRES_PER_UNIT[unit as keyof typeof SQUARE_METRES_PER_UNIT]) : one.sqmeter;
  return widgetTexts.landArea.conversion(widgetTexts.landArea[unit], squareFeet, squareMetres);
}

function LandAreaWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const id = useId();
  const required = new Set(requiredUnits(spec));
  const set = (unit: LandUnit, typed: string) => {
    const converted = convertLand(unit, typed);
    const change: Values = {};
    for (const u of LAND_UNITS) change[landVariable(spec, u)] = converted[u];
    onChange(change);
  };
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={required.size > 0} preview={landAreaRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-land-area">
          {ROWS.map((row) => (
            <div key={row.join()} className="widget-row" data-columns={row.length}>
              {row.map((unit) => (
                <div key={unit} className="widget-part">
                  <label className="widget-part-label" htmlFor={`${id}-${unit}`}>
                    {widgetTexts.landArea[unit]}
                    {required.has(unit) && <span aria-hidden="true"> *</span>}
                  </label>
                  <Tooltip text={conversionOf(unit)}>
                    {(tip) => (
                      <DebouncedInput
                        {...tip}
                        id={`${id}-${unit}`}
                        aria-describedby={[tip['aria-describedby'], ids.describedBy].filter(Boolean).join(' ')}
                        aria-invalid={showErrors && errors?.landValue === unit ? true : undefined}
                        inputMode="decimal"
                        data-unit={unit}
                        value={values[landVariable(spec, unit)] ?? ''}
                        onCommit={(typed) => set(unit, typed)}
                      />
                    )}
                  </Tooltip>
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: LandAreaWidget, rules: landAreaRules } satisfies WidgetModule;
