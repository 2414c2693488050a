/** hu-date: month (abbreviations accepted), day and year inputs, optional N/A checkbox (widget spec §2, §4, §5). */
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { SuggestInput } from '../suggest-input';
import { widgetTexts } from '../texts';
import { flag, isRequired, OFF, variablesOf, YES } from '../widget';
import { dateRules, joinDate, MONTH_ABBREVIATIONS, splitDate, yearList, type DateParts } from './date.rules';

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
          <SuggestInput
            aria-label={widgetTexts.month}
            aria-describedby={ids.describedBy}
            placeholder={widgetTexts.month}
            suggestions={MONTH_ABBREVIATIONS}
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
