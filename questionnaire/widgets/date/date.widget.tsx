/**
 * hu-date: month, day and year inputs, optional N/A checkbox (widget spec §2, §4, §5). The month is an
 * autocomplete of the month names: they show on focus, typing filters them ('ju' → June, July) and a name,
 * an abbreviation or a number completes to its month ('sep' → September, stored as 9). The year list is the
 * widget's `year-range`, or 110 years downward from 10 years ahead.
 */
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { Combobox, type ComboboxOption } from '../combobox';
import { widgetTexts } from '../texts';
import { flag, isRequired, OFF, variablesOf, YES } from '../widget';
import { dateRules, joinDate, MONTH_NAMES, splitDate, yearList, type DateParts } from './date.rules';

const MONTHS: ComboboxOption[] = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));
/** A month answers its name's start ('sep', 'september') or its number's ('1' → January, October to December). */
const monthMatches = (option: ComboboxOption, typed: string) => option.label.toLowerCase().startsWith(typed) || option.value.startsWith(typed.replace(/^0+(?=\d)/, ''));

function DateWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const [variable = '', naVariable = ''] = variablesOf(spec);
  const parts = splitDate(values[variable] ?? '');
  const naOption = flag(spec, 'na-option');
  const na = naOption && values[naVariable] === YES;
  const set = (change: Partial<DateParts>) => onChange({ [variable]: joinDate({ ...parts, ...change }) });
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={dateRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-row widget-date">
          <Combobox
            aria-label={widgetTexts.month}
            aria-describedby={ids.describedBy}
            placeholder={widgetTexts.month}
            options={MONTHS}
            matches={monthMatches}
            disabled={na}
            value={parts.month}
            onCommit={(month) => set({ month })}
          />
          <DebouncedInput
            aria-label={widgetTexts.day}
            aria-describedby={ids.describedBy}
            placeholder={widgetTexts.day}
            inputMode="numeric"
            maxLength={2}
            disabled={na}
            value={parts.day}
            onCommit={(day) => set({ day })}
          />
          <select className="widget-control" aria-label={widgetTexts.year} disabled={na} value={parts.year} onChange={(e) => set({ year: e.currentTarget.value })}>
            <option value="">{widgetTexts.year}</option>
            {yearList(spec).map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
          {naOption && (
            <label className="widget-choice">
              <input
                type="checkbox"
                checked={na}
                // Checking N/A clears and disables day, month and year; unchecking re-enables them.
                onChange={(e) => onChange(e.currentTarget.checked ? { [variable]: '', [naVariable]: YES } : { [naVariable]: OFF })}
              />
              {widgetTexts.notApplicable}
            </label>
          )}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: DateWidget, rules: dateRules } satisfies WidgetModule;
