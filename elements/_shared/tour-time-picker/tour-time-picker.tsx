/**
 * The buyer's tour-time picker (spec §5 Buyer tour times): 'Another day' (a dropdown of days 4–15), the grid of
 * the next 3 days and the chosen day (hour slots 9 am to 9 pm at the listing, past ones disabled, several may be
 * chosen), and the chosen times with a remove button each. Renders only: the grid of the moment comes from
 * core/tours/use-tour-time-grid.ts, the choice from core/tours/tour-time-choice.ts.
 *
 * Shared by <hearth-request-tour> (the request's 'Tour Time' step) and the buyer tour details (new times for a
 * request): render it inside an element whose styles include core/ui/ui.css and this folder's
 * tour-time-picker.css (`?inline`).
 */
import { requestTourTexts as t } from '../../../core/i18n/tours';
import type { BuyerTourGrid, DayKey, TourDay } from '../../../core/tours/tour-times';

export interface TourTimePickerProps {
  grid: BuyerTourGrid;
  /** The day chosen from the dropdown (days 4–15), with its slots. */
  dropdownTourDay: TourDay | null;
  /** Chosen instants, ISO UTC. */
  selected: readonly string[];
  /** Text of a chosen slot, e.g. 'Tue, Jan 21 at 9:00 AM'. */
  describeSlot: (dateTime: string) => string;
  onToggle: (dateTime: string) => void;
  onRemove: (dateTime: string) => void;
  onChooseDay: (day: DayKey | null) => void;
}

export function TourTimePicker({ grid, dropdownTourDay, selected, describeSlot, onToggle, onRemove, onChooseDay }: TourTimePickerProps) {
  const days = dropdownTourDay ? [...grid.gridDays, dropdownTourDay] : grid.gridDays;
  const hours = grid.gridDays[0]?.slots.map((s) => s.hour) ?? [];
  return (
    <>
      <label className="another-day">
        <span className="field-label">{t.anotherDay}</span>
        <select
          className="field-control"
          part="another-day"
          value={dropdownTourDay?.day ?? ''}
          onChange={(event) => onChooseDay((event.currentTarget.value || null) as DayKey | null)}
        >
          <option value="">{t.anotherDayPlaceholder}</option>
          {grid.dropdownDays.map((d) => (
            <option key={d.day} value={d.day}>
              {d.label}
            </option>
          ))}
        </select>
      </label>
      <div className="grid-scroll">
        <table className="slots" part="grid">
          <caption className="visually-hidden">{t.gridCaption}</caption>
          <thead>
            <tr>
              {days.map((day) => (
                <th key={day.day} scope="col" data-day={day.day}>
                  {day.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour, row) => (
              <tr key={hour}>
                {days.map((day) => {
                  const slot = day.slots[row]!;
                  const chosen = selected.includes(slot.dateTime);
                  return (
                    <td key={day.day}>
                      <button
                        type="button"
                        className="slot"
                        part="slot"
                        aria-pressed={chosen}
                        aria-label={t.slotLabel(day.label, slot.label)}
                        disabled={slot.disabled}
                        data-state={slot.disabled ? 'past' : chosen ? 'chosen' : 'open'}
                        data-date-time={slot.dateTime}
                        onClick={() => onToggle(slot.dateTime)}
                      >
                        {slot.label}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="chosen" part="chosen-times" aria-live="polite">
        <h4 className="chosen-title">{t.chosenTimes}</h4>
        {selected.length === 0 ? (
          <p className="chosen-empty">{t.noTimesChosen}</p>
        ) : (
          <ul className="chosen-list inline-list">
            {selected.map((dateTime) => {
              const text = describeSlot(dateTime);
              return (
                <li key={dateTime} className="chosen-item">
                  {text}
                  <button type="button" className="chosen-remove" aria-label={t.removeTime(text)} onClick={() => onRemove(dateTime)}>
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
