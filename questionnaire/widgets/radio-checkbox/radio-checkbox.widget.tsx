/** hu-radio-checkbox: options each writing a variable; radio mode with checkbox="false"; thumbnails (widget spec §3, §4). */
import { useId } from 'react';
import { questionnaireImageUrl } from '../../client/image-url';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { flag, isRequired } from '../widget';
import { isChecked, isRadioMode, radioCheckboxRules, toggleOption } from './radio-checkbox.rules';

function RadioCheckboxWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const name = useId();
  const radio = isRadioMode(spec);
  const thumbnails = flag(spec, 'thumbnails');
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={radioCheckboxRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-options" role={radio ? 'radiogroup' : undefined} aria-labelledby={ids.titleId} aria-describedby={ids.describedBy}>
          {spec.options.map((option, i) => {
            const checked = isChecked(spec, option, values);
            return (
              <label key={option.variable || i} className="widget-choice" data-state={checked ? 'checked' : 'unchecked'}>
                <input type={radio ? 'radio' : 'checkbox'} name={name} checked={checked} onChange={() => onChange(toggleOption(spec, values, i))} />
                {thumbnails && <img className="widget-thumbnail" src={questionnaireImageUrl(option.thumbnail)} alt="" />}
                {option.label}
              </label>
            );
          })}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: RadioCheckboxWidget, rules: radioCheckboxRules } satisfies WidgetModule;
