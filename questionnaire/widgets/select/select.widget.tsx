/**
 * hu-select-one ('Select One' autocomplete with a clear button) and hu-searchable-select (widget spec §2, §3,
 * §5): the options show when the field has focus and typing filters them (questionnaire/widgets/combobox.tsx);
 * text that names exactly one option completes to it, any other text stays as typed and is reported invalid.
 */
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { Combobox } from '../combobox';
import { widgetTexts } from '../texts';
import { isRequired, variablesOf } from '../widget';
import { chooseOption, optionValue, selectRules } from './select.rules';

function SelectWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variable = variablesOf(spec)[0] ?? '';
  const value = values[variable] ?? '';
  const options = spec.options.map((o) => ({ value: optionValue(o), label: o.label }));
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={selectRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-row">
          <Combobox
            aria-labelledby={ids.titleId}
            aria-describedby={ids.describedBy}
            placeholder={widgetTexts.selectOne}
            options={options}
            value={value}
            onCommit={(chosen) =>
              onChange(options.some((o) => o.value === chosen) ? chooseOption(spec, chosen) : { ...chooseOption(spec, ''), [variable]: chosen })
            }
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
