/**
 * A partner's leads as CSV (GET /v1/api/leads/export.csv), for a spreadsheet. csv-stringify quotes the
 * fields; what a visitor typed could still be a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`), which a
 * spreadsheet would run on opening, so a cell starting with = + - @, a tab or a carriage return gets a
 * leading apostrophe (OWASP "CSV injection"): shown as text, never evaluated.
 *
 * The phone is written as the inbox shows it (issue 35): national for the partner's country ('(801) 363-4127'),
 * international for another ('+44 20 7946 0958'). That is what a person reading the sheet dials, and a spreadsheet
 * keeps it as text; E.164 ('+18013634127') would be read as a number (1.8E+10, its '+' gone) were it not for the
 * apostrophe above, which would then show in every row. Systems that want E.164 read GET /v1/api/leads/ (JSON).
 */
import { stringify } from 'csv-stringify/sync';
import type { Lead } from './leads';
import { shownPhone } from './phone';

export const CSV_COLUMNS = ['id', 'created_at', 'source', 'first_name', 'last_name', 'email', 'phone', 'comment', 'listing_id', 'page_origin', 'check_in', 'check_out', 'guests'] as const;
/** The newest leads an export holds (server/leads/export.ts); older ones are read with GET /v1/api/leads/ pages. */
export const CSV_MAX_LEADS = 50_000;

const FORMULA_START = /^[=+\-@\t\r]/;

export const spreadsheetSafe = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

const row = (lead: Lead, phoneCountry: string) =>
  [
    lead.id,
    lead.createdAt,
    lead.source,
    lead.firstName,
    lead.lastName,
    lead.email,
    shownPhone(lead.phone, phoneCountry),
    lead.comment,
    lead.listingId === null ? '' : String(lead.listingId),
    lead.pageOrigin ?? '',
    lead.stay?.checkIn ?? '',
    lead.stay?.checkOut ?? '',
    lead.stay?.guests == null ? '' : String(lead.stay.guests),
  ].map(spreadsheetSafe);

/** The CSV of `leads`, phones shown for the partner's country (server/contact/phone.ts `partnerPhoneCountry`). */
export function leadsCsv(leads: readonly Lead[], phoneCountry: string): string {
  // A byte order mark, so spreadsheet programs read the UTF-8 names right.
  return `\uFEFF${stringify([[...CSV_COLUMNS], ...leads.map((lead) => row(lead, phoneCountry))], { record_delimiter: '\r\n', quoted_match: /[\r\n]/ })}`;
}
