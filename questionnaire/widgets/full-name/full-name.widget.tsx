/** hu-full-name: First Name, Middle Name, Last Name; first letters capitalised (widget spec §2, §5). */
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { widgetTexts } from '../texts';
import { isRequired, variablesOf } from '../widget';
import { capitalizeName, fullNameRules } from './full-name.rules';

const LABELS = [widgetTexts.firstName, widgetTexts.middleName, widgetTexts.lastName] as const;
const AUTOCOMPLETE = ['given-name', 'additional-name', 'family-name'] as const;

function FullNameWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variables = variablesOf(spec).slice(0, 3);
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={fullNameRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-row">
          {variables.map((variable, i) => (
            <label key={variable} className="widget-part">
              <span className="widget-part-label">
                {LABELS[i]}
                {isRequired(spec) && i !== 1 && <span aria-hidden="true"> *</span>}
              </span>
              <DebouncedInput
                aria-describedby={ids.describedBy}
                autoComplete={AUTOCOMPLETE[i]}
                value={values[variable] ?? ''}
                onCommit={(value) => onChange({ [variable]: capitalizeName(value) })}
              />
            </label>
          ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: FullNameWidget, rules: fullNameRules } satisfies WidgetModule;
