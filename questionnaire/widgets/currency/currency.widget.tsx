/** hu-currency: symbol and grouping by locale; Devanagari words for en-IN (widget spec §5). */
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { DEFAULT_CURRENCY_CODE, DEFAULT_LOCALE } from '../../reference/lists';
import { attr, isRequired, variablesOf } from '../widget';
import { currencyValue, devanagariWords, formatCurrency } from './currency-format';
import { currencyRules } from './currency.rules';

function CurrencyWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variable = variablesOf(spec)[0] ?? '';
  const value = values[variable] ?? '';
  const code = attr(spec, 'currency-code') || DEFAULT_CURRENCY_CODE;
  const locale = attr(spec, 'locale') || DEFAULT_LOCALE;
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={currencyRules.display(spec, values)}>
      {(ids) => (
        <>
          <DebouncedInput
            aria-labelledby={ids.titleId}
            aria-describedby={ids.describedBy}
            inputMode="decimal"
            value={formatCurrency(value, code, locale)}
            onCommit={(typed) => onChange({ [variable]: currencyValue(typed) })}
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
