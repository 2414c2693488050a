/** How the inbox writes a lead's times, dates and figures (pure: the view and its tests use these). */
import { dayText } from '../format/date';
import { formatMoney } from '../format/money';

/** An ISO 8601 instant as a day and time, e.g. 'Nov 26, 2026, 2:05 PM', in the viewer's (or the given) time zone. */
export function leadTimeText(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date);
}

/** An ISO 8601 instant as a short day, e.g. 'Nov 26, 2026'. */
export const leadDayText = dayText;

/** A calendar date (yyyy-mm-dd) as written, never shifted by a time zone, e.g. 'Mar 1, 2027'. */
export function calendarDayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? leadDayText(`${match[1]}-${match[2]}-${match[3]}T12:00:00Z`, 'UTC') : day;
}

/** The person's name as typed; both parts may be empty in a lead from an older form. */
export const leadName = (lead: { firstName: string; lastName: string; email: string }) =>
  `${lead.firstName} ${lead.lastName}`.trim() || lead.email;

/** Pennies in a currency, or null when there is no figure. */
export const leadMoney = (pennies: number | null, currencyCode: string | null) =>
  pennies === null ? null : formatMoney(pennies, currencyCode ?? 'USD');
