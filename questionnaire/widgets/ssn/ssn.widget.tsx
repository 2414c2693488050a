/** hu-ssn: digits kept, shown 3-2-4 (widget spec §2, §5). */
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { isRequired, variablesOf } from '../widget';
import { formatSsn, ssnDigits, ssnRules } from './ssn.rules';

function SsnWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variable = variablesOf(spec)[0] ?? '';
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={ssnRules.display(spec, values)}>
      {(ids) => (
        <DebouncedInput
          aria-labelledby={ids.titleId}
          aria-describedby={ids.describedBy}
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          value={formatSsn(values[variable] ?? '')}
          onCommit={(typed) => onChange({ [variable]: ssnDigits(typed) })}
        />
      )}
    </WidgetFrame>
  );
}

export default { Widget: SsnWidget, rules: ssnRules } satisfies WidgetModule;
