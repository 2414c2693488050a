/** hu-height: Feet and Inches dropdowns, each with a blank disabled first option (widget spec §2, §9). */
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { widgetTexts } from '../texts';
import { isRequired, variablesOf } from '../widget';
import { FEET_OPTIONS, heightRules, INCH_OPTIONS } from './height.rules';

function HeightWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const [feet = '', inches = ''] = variablesOf(spec);
  const parts = [
    [feet, widgetTexts.feet, FEET_OPTIONS],
    [inches, widgetTexts.inches, INCH_OPTIONS],
  ] as const;
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={heightRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-row">
          {parts.map(([variable, label, options]) => (
            <label key={label} className="widget-part">
              <span className="widget-part-label">{label}</span>
              <select className="widget-control" aria-describedby={ids.describedBy} value={values[variable] ?? ''} onChange={(e) => onChange({ [variable]: e.currentTarget.value })}>
                <option value="" disabled />
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: HeightWidget, rules: heightRules } satisfies WidgetModule;
