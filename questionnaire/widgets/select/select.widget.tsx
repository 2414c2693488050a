/**
 * hu-select-one ('Select One' autocomplete with a clear button) and hu-searchable-select (widget spec
 * §2, §3, §5): typing filters the options (a datalist); a value that is not an option stays as typed and
 * is reported invalid.
 */
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { SuggestInput } from '../suggest-input';
import { widgetTexts } from '../texts';
import { isRequired, variablesOf } from '../widget';
import { chooseOption, optionValue, selectRules } from './select.rules';

function SelectWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variable = variablesOf(spec)[0] ?? '';
  const value = values[variable] ?? '';
  const labelOf = (v: string) => spec.options.find((o) => optionValue(o) === v)?.label ?? v;
  const valueOfLabel = (label: string) => spec.options.find((o) => o.label.toLowerCase() === label.trim().toLowerCase());
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={selectRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-row">
          <SuggestInput
            aria-labelledby={ids.titleId}
            aria-describedby={ids.describedBy}
            placeholder={widgetTexts.selectOne}
            suggestions={spec.options.map((o) => o.label)}
            autoComplete="off"
            value={labelOf(value)}
            onCommit={(typed) => {
              const option = valueOfLabel(typed);
              onChange(option ? chooseOption(spec, optionValue(option)) : { ...chooseOption(spec, ''), [variable]: typed });
            }}
          />
          {value !== '' && (
            <button type="button" className="widget-clear" aria-label={widgetTexts.clear} onClick={() => onChange(chooseOption(spec, ''))}>
              ×
            </button>
          )}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: SelectWidget, rules: selectRules } satisfies WidgetModule;
