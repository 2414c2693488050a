/**
 * hu-phone (widget spec §2 `international`, §4, §5): reformatted as typed, stored as digits, 'Invalid
 * number' when not valid. Built around the phone rules (core/format/phone-rules.ts) that the loader fetches lazily
 * alongside this chunk (`questionnaire/client/widget-loader.ts`).
 */
import { useRef } from 'react';
import type { PhoneRules } from '../../../core/format/phone-rules';
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { attr, isRequired, list, variablesOf } from '../widget';
import { formatAsTyped, formatPhone, isInternational, parsePhone, phoneDigits, phoneRulesWith, phoneValue } from './phone.rules';

export function phoneWidget(phone: PhoneRules): WidgetModule {
  const rules = phoneRulesWith(phone);

  function PhoneWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
    const variable = variablesOf(spec)[0] ?? '';
    const stored = values[variable] ?? '';
    // What was last typed: while it is not a valid number it stays as typed (a '+' of an international
    // number in progress survives the digits-only value; a deleted bracket is not put back).
    const typed = useRef('');
    // The digits of the last text shown: formatting as typed applies while digits are added, not while deleting.
    const shown = useRef({ text: '', digits: 0, formatted: '' });
    let value: string;
    if (parsePhone(stored, phone)?.isValid()) value = formatPhone(stored, phone);
    else if (typed.current && phoneValue(typed.current, phone) === stored) value = typed.current;
    else value = formatAsTyped(stored, phone);
    const format = (draft: string) => {
      if (draft === shown.current.text) return shown.current.formatted;
      const digits = phoneDigits(draft).length;
      const formatted = digits > shown.current.digits ? formatAsTyped(draft, phone) || draft : draft;
      shown.current = { text: draft, digits, formatted };
      return formatted;
    };
    return (
      <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={rules.display(spec, values)}>
        {(ids) => (
          <DebouncedInput
            aria-labelledby={ids.titleId}
            aria-describedby={ids.describedBy}
            aria-invalid={showErrors && errors ? true : undefined}
            aria-required={isRequired(spec) || undefined}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={list(attr(spec, 'placeholders'))[0] ?? (isInternational(spec) ? '+1 201 555 0123' : '(201) 555-0123')}
            value={value}
            format={format}
            onCommit={(text) => {
              typed.current = text;
              onChange({ [variable]: phoneValue(text, phone) });
            }}
          />
        )}
      </WidgetFrame>
    );
  }

  return { Widget: PhoneWidget, rules };
}
