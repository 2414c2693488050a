/** hu-alien-number: shown A#ddd-ddd-ddd, maximum length 13, stored as digits (widget spec §3, §5). */
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { isRequired, variablesOf } from '../widget';
import { ALIEN_NUMBER_MAX_LENGTH, alienDigits, alienNumberRules, formatAlienNumber } from './alien-number.rules';

function AlienNumberWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variable = variablesOf(spec)[0] ?? '';
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={alienNumberRules.display(spec, values)}>
      {(ids) => (
        <DebouncedInput
          aria-labelledby={ids.titleId}
          aria-describedby={ids.describedBy}
          maxLength={ALIEN_NUMBER_MAX_LENGTH}
          autoComplete="off"
          placeholder="A#123-456-789"
          value={formatAlienNumber(values[variable] ?? '')}
          onCommit={(typed) => onChange({ [variable]: alienDigits(typed) })}
        />
      )}
    </WidgetFrame>
  );
}

export default { Widget: AlienNumberWidget, rules: alienNumberRules } satisfies WidgetModule;
