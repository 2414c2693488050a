/**
 * <hearth-availability-calendar>: a stay's availability, month grids side by side (one on phones), check-in
 * then check-out, the total for the stay and 'Request to book'. `AvailabilityCalendarView` only renders
 * what it is given; `AvailabilityCalendar` connects it to core/stays/use-availability-calendar.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { formatMoney } from '../../core/format/money';
import { contactTexts } from '../../core/i18n/contact';
import { stayTexts as t } from '../../core/i18n/stays';
import { dayView, type StaySelection, type StaySummary } from '../../core/stays/calendar-state';
import type { CalendarMonth } from '../../core/stays/stays-api';
import {
  useAvailabilityCalendar,
  type BookingForm,
  type BookingRequestedDetail,
  type CalendarState,
  type DatesSelectedDetail,
  type StayField,
} from '../../core/stays/use-availability-calendar';
import { Button } from '../../core/ui/button';
import { ControlField } from '../../core/ui/control-field';
import { Dialog } from '../../core/ui/dialog';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { RetryAlert } from '../../core/ui/status-panel';

const PHONE_QUERY = '(max-width: 600px)';

const monthTitle = (m: Pick<CalendarMonth, 'month' | 'year'>) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(m.year, m.month - 1, 1)));

/** 'Wednesday, March 4, 2026' */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** 'Mar 4, 2026' */
const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

export interface AvailabilityCalendarViewProps {
  state: CalendarState;
  name: string;
  months: CalendarMonth[];
  today: string;
  price: number;
  currency: string;
  /** The most guests the stay takes (the guests list offers 1 to it). */
  maxGuests: number;
  selection: StaySelection;
  summary: StaySummary;
  focused: string | null;
  /** Move DOM focus to `focused` (after a grid key), then call clearMoved. */
  moved: boolean;
  clearMoved: () => void;
  canGoBack: boolean;
  canGoForward: boolean;
  loadingMore: boolean;
  form: BookingForm | null;
  previous: () => void;
  next: () => void;
  reload: () => void;
  keyDown: (date: string, key: string) => boolean;
  focusDay: (date: string) => void;
  choose: (date: string) => void;
  clear: () => void;
  openForm: () => void;
  closeForm: () => void;
  change: (field: StayField, value: string) => void;
  changeGuests: (guests: number) => void;
  submit: () => void;
}

function MonthGrid(props: AvailabilityCalendarViewProps & { month: CalendarMonth }) {
  const { month, today, selection, focused } = props;
  const titleId = `month-${month.year}-${month.month}`;
  const lead = month.days[0]?.dayOfWeek ?? 0;
  const cells: (CalendarMonth['days'][number] | null)[] = [...Array.from({ length: lead }, () => null), ...month.days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  const onKeyDown = (date: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (props.keyDown(date, event.key)) event.preventDefault();
  };

  return (
    <div className="month" part="month">
      <h3 className="month-title" id={titleId}>
        {monthTitle(month)}
      </h3>
      <table role="grid" className="month-grid" part="grid" aria-labelledby={titleId}>
        <thead>
          <tr>
            {t.weekdaysShort.map((short, i) => (
              <th key={short} scope="col" abbr={t.weekdays[i]}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                if (!day) return <td key={`empty-${i}`} role="gridcell" className="day-empty" />;
                const view = dayView(day, selection, today);
                const label = [longDate(day.calendarDate), ...view.reasons].join(', ');
                const state = view.disabled ? (day.calendarDate < today ? 'past' : 'unavailable') : view.mark ?? 'available';
                return (
                  <td key={day.calendarDate} role="gridcell" aria-selected={view.mark === 'check-in' || view.mark === 'check-out' || view.mark === 'in-range'}>
                    <button
                      type="button"
                      className="day"
                      part="day"
                      data-date={day.calendarDate}
                      data-state={state}
                      data-today={day.calendarDate === today || undefined}
                      aria-label={label}
                      aria-disabled={view.disabled || undefined}
                      tabIndex={day.calendarDate === focused ? 0 : -1}
                      onKeyDown={onKeyDown(day.calendarDate)}
                      onFocus={() => props.focusDay(day.calendarDate)}
                      onClick={() => {
                        if (!view.disabled) props.choose(day.calendarDate);
                      }}
                    >
                      {Number(day.calendarDate.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Footer(props: AvailabilityCalendarViewProps) {
  const { summary, price, currency } = props;
  const money = (pennies: number) => formatMoney(pennies, currency);
  return (
    <div className="footer" part="footer" data-state={summary.state}>
      <p className="nightly" part="nightly-price">
        <strong>{money(price)}</strong> {t.perNight}
      </p>
      <div className="summary" role="status" part="summary">
        {summary.state === 'choose-check-in' && <p>{t.chooseCheckIn}</p>}
        {summary.state === 'choose-check-out' && (
          <p>
            {t.checkIn}: {shortDate(summary.checkIn)}. {t.chooseCheckOut}
          </p>
        )}
        {(summary.state === 'valid' || summary.state === 'invalid') && (
          <p className="dates" part="dates">
            {t.checkIn}: {shortDate(summary.checkIn)} · {t.checkOut}: {shortDate(summary.checkOut)}
          </p>
        )}
        {summary.state === 'invalid' && (
          <p className="stay-message" part="stay-message">
            {summary.message}
          </p>
        )}
        {summary.state === 'valid' && (
          <dl className="total" part="total">
            {summary.lines.map((line) => (
              <div key={line.priceInPennies}>
                <dt>{t.nightsTimesPrice(line.nights, money(line.priceInPennies))}</dt>
                <dd>{money(line.nights * line.priceInPennies)}</dd>
              </div>
            ))}
            <div className="total-line">
              <dt>{t.total}</dt>
              <dd>{money(summary.totalInPennies)}</dd>
            </div>
          </dl>
        )}
      </div>
      <div className="footer-actions">
        {summary.state !== 'choose-check-in' && (
          <Button tone="secondary" part="clear" onClick={props.clear}>
            {t.clear}
          </Button>
        )}
        <Button part="request-to-book" disabled={summary.state !== 'valid'} onClick={props.openForm}>
          {t.requestToBook}
        </Button>
      </div>
    </div>
  );
}

function BookingDialog(props: AvailabilityCalendarViewProps & { form: BookingForm }) {
  const { form, summary, currency } = props;
  const l = contactTexts.labels;
  const field = (name: StayField, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      name={name}
      required
      value={form.values[name]}
      error={form.errors[name]}
      onChange={(event) => props.change(name, event.currentTarget.value)}
      {...extra}
    />
  );
  const guestsId = useId();
  const dates = summary.state === 'valid' ? t.form.dates(shortDate(summary.checkIn), shortDate(summary.checkOut)) : '';
  if (form.status === 'sent') {
    return (
      <Dialog title={t.form.sentHeading} onClose={props.closeForm} part="booking-dialog">
        <p className="sent" part="booking-sent" role="status">
          {t.form.sentText}
        </p>
        <p className="sent-summary" part="booking-summary">
          {[props.name, dates, t.form.guestCount(form.guests)].filter(Boolean).join(' · ')}
        </p>
        <div className="dialog-actions">
          <Button onClick={props.closeForm}>{t.form.close}</Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t.form.heading}
      subTitle={summary.state === 'valid' ? `${props.name} · ${dates} · ${formatMoney(summary.totalInPennies, currency)}` : props.name}
      onClose={props.closeForm}
      part="booking-dialog"
    >
      <Form className="booking-form" part="booking-form" onSubmit={props.submit}>
        <ControlField id={guestsId} label={t.form.guests}>
          <select
            id={guestsId}
            name="guests"
            className="field-control"
            part="guests"
            value={String(form.guests)}
            aria-invalid={form.errors.guests ? true : undefined}
            aria-describedby={form.errors.guests ? `${guestsId}-error` : undefined}
            onChange={(event) => props.changeGuests(Number(event.currentTarget.value))}
          >
            {Array.from({ length: props.maxGuests }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {t.form.guestCount(n)}
              </option>
            ))}
          </select>
          {form.errors.guests && (
            <p className="field-error" id={`${guestsId}-error`} part="error">
              {form.errors.guests}
            </p>
          )}
        </ControlField>
        <div className="field-row">
          {field('firstName', l.firstName, { autoComplete: 'given-name' })}
          {field('lastName', l.lastName, { autoComplete: 'family-name' })}
        </div>
        {field('email', l.email, { type: 'email', autoComplete: 'email' })}
        {field('phone', l.phone, { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        {field('message', t.form.message, { multiline: true, rows: 3 })}
        {form.status === 'failed' && (
          <p className="form-failure" role="alert" part="booking-error">
            {form.failure ?? t.form.failed}
          </p>
        )}
        <div className="dialog-actions">
          <Button tone="secondary" onClick={props.closeForm}>
            {t.form.cancel}
          </Button>
          <Button type="submit" busy={form.status === 'sending'} part="send-request">
            {form.status === 'sending' ? t.form.sending : t.form.send}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function AvailabilityCalendarView(props: AvailabilityCalendarViewProps) {
  const { state, months, focused, moved, clearMoved } = props;
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!moved || !focused) return;
    const button = root.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`);
    if (button) {
      button.focus();
      clearMoved();
    }
  }, [moved, focused, months, clearMoved]);

  return (
    <div className="calendar surface-panel" part="base" data-state={state} ref={root} aria-busy={state === 'loading' || props.loadingMore || undefined}>
      <header className="calendar-header">
        <h2 className="calendar-heading" part="heading">
          {t.heading}
          {props.name && <span className="stay-name"> · {props.name}</span>}
        </h2>
        {state === 'ready' && (
          <div className="month-nav">
            <button type="button" className="nav" part="previous" aria-label={t.previousMonth} disabled={!props.canGoBack} onClick={props.previous}>
              ‹
            </button>
            <button type="button" className="nav" part="next" aria-label={t.nextMonth} disabled={!props.canGoForward} onClick={props.next}>
              ›
            </button>
          </div>
        )}
      </header>
      {state === 'loading' && (
        <p className="message" part="message" role="status">
          {t.loading}
        </p>
      )}
      {state === 'failed' && <RetryAlert className="message" part="message" message={t.loadFailed} retry={t.retry} onRetry={props.reload} />}
      {state === 'missing' && (
        <p className="message" part="message">
          {t.notAStay}
        </p>
      )}
      {state === 'ready' && (
        <>
          <div className="months" data-count={months.length}>
            {months.map((m) => (
              <MonthGrid key={`${m.year}-${m.month}`} {...props} month={m} />
            ))}
          </div>
          <Footer {...props} />
        </>
      )}
      {props.form && <BookingDialog {...props} form={props.form} />}
    </div>
  );
}

/** Whether the page is as narrow as a phone (one month then). */
function usePhone(host: HTMLElement): boolean {
  const view = host.ownerDocument.defaultView;
  const query = view?.matchMedia?.(PHONE_QUERY);
  const [phone, setPhone] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const update = () => setPhone(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [query]);
  return phone;
}

export interface AvailabilityCalendarProps {
  listingId: number | null;
  months: number;
  checkIn: string | null;
  checkOut: string | null;
  guests: number;
  element: ElementHandle;
}

export function AvailabilityCalendar({ listingId, months, checkIn, checkOut, guests, element }: AvailabilityCalendarProps) {
  const phone = usePhone(element.host);
  const onDatesSelected = useCallback((detail: DatesSelectedDetail) => element.emit('dates-selected', detail), [element]);
  const onBookingRequested = useCallback((detail: BookingRequestedDetail) => element.emit('booking-requested', detail), [element]);
  const h = useAvailabilityCalendar({ listingId, months: phone ? 1 : months, chosen: { checkIn, checkOut }, guests: guests || null, onDatesSelected, onBookingRequested });
  return <AvailabilityCalendarView {...h} />;
}
