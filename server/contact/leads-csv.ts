/**
 * A partner's leads as CSV (GET /v1/api/leads/export.csv), for a spreadsheet. csv-stringify quotes the
 * fields; what a visitor typed could still be a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`), which a
 * spreadsheet would run on opening, so a cell starting with = + - @, a tab or a carriage return gets a
 * leading apostrophe (OWASP "CSV injection"): shown as text, never evaluated.
 */
import { stringify } from 'csv-stringify/sync';
import type { Lead } from './leads';

export const CSV_COLUMNS = ['id', 'created_at', 'source', 'first_name', 'last_name', 'email', 'phone', 'comment', 'listing_id', 'page_origin', 'check_in', 'check_out'] as const;
/** The newest leads an export holds (server/leads/export.ts); older ones are read with GET /v1/api/leads/ pages. */
export const CSV_MAX_LEADS = 50_000;

const FORMULA_START = /^[=+\-@\t\r]/;

export const spreadsheetSafe = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

const row = (lead: Lead) =>
  [
    lead.id,
    lead.createdAt,
    lead.source,
    lead.firstName,
    lead.lastName,
    lead.email,
    lead.phone,
    lead.comment,
    lead.listingId === null ? '' : String(lead.listingId),
    lead.pageOrigin ?? '',
    lead.stay?.checkIn ?? '',
    lead.stay?.checkOut ?? '',
  ].map(spreadsheetSafe);

export function leadsCsv(leads: readonly Lead[]): string {
  // A byte order mark, so spreadsheet programs read the UTF-8 names right.
  return `\uFEFF${stringify([[...CSV_COLUMNS], ...leads.map(row)], { record_delimiter: '\r\n', quoted_match: /[\r\n]/ })}`;
}
