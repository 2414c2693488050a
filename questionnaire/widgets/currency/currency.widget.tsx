/**
 * hu-currency: symbol and grouping by locale; Devanagari words for en-IN (widget spec §5). The value is
 * stored only when the field is valid (§5): an amount the rules refuse stays in the input with its message,
 * and nothing is stored for it (a value stored earlier is cleared, so what is kept is never a figure the
 * visitor no longer sees).
 */
import { useState } from 'react';
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { DEFAULT_CURRENCY_CODE, DEFAULT_LOCALE } from '../../reference/lists';
import { attr, isRequired, variablesOf, type WidgetErrors } from '../widget';
import { currencyValue, devanagariWords, formatCurrency } from './currency-format';
import { currencyRules } from './currency.rules';

function CurrencyWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variable = variablesOf(spec)[0] ?? '';
  const value = values[variable] ?? '';
  const code = attr(spec, 'currency-code') || DEFAULT_CURRENCY_CODE;
  const locale = attr(spec, 'locale') || DEFAULT_LOCALE;
  const [refused, setRefused] = useState<{ typed: string; errors: WidgetErrors } | null>(null);
  const commit = (typed: string) => {
    const amount = currencyValue(typed);
    const problems = amount === '' ? null : currencyRules.validate(spec, { [variable]: amount });
    setRefused(problems ? { typed, errors: problems } : null);
    const stored = problems ? '' : amount;
    if (stored !== value) onChange({ [variable]: stored });
  };
  return (
    <WidgetFrame
      spec={spec}
      errors={refused?.errors ?? errors}
      showErrors={refused !== null || showErrors}
      required={isRequired(spec)}
      preview={currencyRules.display(spec, values)}
    >
      {(ids) => (
        <>
          <DebouncedInput
            aria-labelledby={ids.titleId}
            aria-describedby={ids.describedBy}
            aria-invalid={refused !== null || undefined}
            inputMode="decimal"
            value={refused?.typed ?? formatCurrency(value, code, locale)}
            onCommit={commit}
          />
          {locale === 'en-IN' && value && (
            <p className="widget-words" lang="hi">
              {devanagariWords(value)}
            </p>
          )}
        </>
      )}
    </WidgetFrame>
  );
}

export default { Widget: CurrencyWidget, rules: currencyRules } satisfies WidgetModule;
