/** hu-double-text: two text inputs (widget spec §2). */
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { capitalize, isTextRequired } from '../text/text.rules';
import { attr, list, variablesOf } from '../widget';
import { doubleTextRules } from './double-text.rules';

function DoubleTextWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variables = variablesOf(spec).slice(0, 2);
  const placeholders = list(attr(spec, 'placeholders'));
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isTextRequired(spec)} preview={doubleTextRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-row">
          {variables.map((variable, i) => (
            <DebouncedInput
              key={variable}
              aria-label={placeholders[i] ?? `${attr(spec, 'hu-title') ?? ''} ${i + 1}`}
              aria-describedby={ids.describedBy}
              placeholder={placeholders[i]}
              value={values[variable] ?? ''}
              onCommit={(value) => onChange({ [variable]: capitalize(spec, value) })}
            />
          ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: DoubleTextWidget, rules: doubleTextRules } satisfies WidgetModule;
