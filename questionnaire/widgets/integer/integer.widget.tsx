/** hu-integer (optional stepper), hu-non-negative-integer, hu-percentage, hu-decimal (stepper) — widget spec §4, §5. */
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { widgetTexts } from '../texts';
import { attr, flag, isRequired, list, variablesOf } from '../widget';
import { integerRules } from './integer.rules';
import { DECIMAL_STEPPER_MIN, formatPercentage, INTEGER_MIN, INTEGER_STEP, step, stepperState } from './numbers';

const numberAttr = (value: string | undefined, fallback: number) => (value !== undefined && Number.isFinite(Number(value)) ? Number(value) : fallback);

function IntegerWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variable = variablesOf(spec)[0] ?? '';
  const value = values[variable] ?? '';
  const decimal = spec.tag === 'hu-decimal';
  const options = {
    min: numberAttr(attr(spec, 'min'), decimal ? DECIMAL_STEPPER_MIN : INTEGER_MIN),
    max: numberAttr(attr(spec, 'max'), Infinity),
    step: numberAttr(attr(spec, 'step'), INTEGER_STEP),
    wrap: flag(spec, 'wrap'),
  };
  const stepper = flag(spec, 'stepper') && (spec.tag === 'hu-integer' || decimal);
  const state = stepperState(value, options);
  const keep = (typed: string) => integerRules.normalize(spec, { [variable]: typed })[variable] ?? '';
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={integerRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-row">
          {stepper && (
            <button type="button" className="widget-step" aria-label={widgetTexts.decrease} disabled={value !== '' && !state.canDecrease} onClick={() => onChange({ [variable]: step(value, -1, options) })}>
              −
            </button>
          )}
          <DebouncedInput
            aria-labelledby={ids.titleId}
            aria-describedby={ids.describedBy}
            inputMode={decimal || spec.tag === 'hu-percentage' ? 'decimal' : 'numeric'}
            placeholder={list(attr(spec, 'placeholders'))[0]}
            value={spec.tag === 'hu-percentage' && value ? formatPercentage(value) : value}
            onCommit={(typed) => onChange({ [variable]: keep(typed) })}
          />
          {stepper && (
            <button type="button" className="widget-step" aria-label={widgetTexts.increase} disabled={!state.canIncrease} onClick={() => onChange({ [variable]: step(value, 1, options) })}>
              +
            </button>
          )}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: IntegerWidget, rules: integerRules } satisfies WidgetModule;
