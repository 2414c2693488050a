/** hu-multi-country: 'Country' autocomplete with clear, the chosen countries each with a delete button (widget spec §2, §4). */
import { useId, useState } from 'react';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { COUNTRIES, countryName, resolveCountry } from '../../reference/countries';
import { widgetTexts } from '../texts';
import { isRequired, variablesOf } from '../widget';
import { addCountry, countryCodes, multiCountryRules, removeCountry } from './multi-country.rules';

function MultiCountryWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const listId = useId();
  const variable = variablesOf(spec)[0] ?? '';
  const stored = values[variable] ?? '';
  const [typed, setTyped] = useState('');
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={multiCountryRules.display(spec, values)}>
      {(ids) => (
        <>
          <div className="widget-row">
            <input
              className="widget-control"
              aria-label={widgetTexts.country}
              aria-describedby={ids.describedBy}
              placeholder={widgetTexts.country}
              list={listId}
              value={typed}
              onChange={(e) => {
                const text = e.currentTarget.value;
                // Choosing from the list adds the country at once.
                if (resolveCountry(text)) {
                  onChange({ [variable]: addCountry(stored, text) });
                  setTyped('');
                } else setTyped(text);
              }}
            />
            <datalist id={listId}>
              {COUNTRIES().map((c) => (
                <option key={c.code} value={c.name} />
              ))}
            </datalist>
            {typed && (
              <button type="button" className="widget-clear" aria-label={widgetTexts.clear} onClick={() => setTyped('')}>
                ×
              </button>
            )}
          </div>
          <ul className="widget-chips inline-list">
            {countryCodes(stored).map((code) => (
              <li key={code}>
                {countryName(code)}
                <button type="button" className="widget-clear" aria-label={widgetTexts.remove(countryName(code))} onClick={() => onChange({ [variable]: removeCountry(stored, code) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </WidgetFrame>
  );
}

export default { Widget: MultiCountryWidget, rules: multiCountryRules } satisfies WidgetModule;
