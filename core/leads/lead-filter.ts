/**
 * The inbox's filter form as pure state: what the fields hold, and the filter the API takes. The days chosen
 * are the viewer's own calendar days: 'From' is that day's first instant, 'To' includes the whole day.
 */
import type { ApiLeadFilter, LeadSource, LeadStatus } from './leads-api';

export interface LeadFilterForm {
  source: LeadSource | '';
  status: LeadStatus | '';
  /** Digits, as typed. */
  listingId: string;
  /** yyyy-mm-dd from a date input, or ''. */
  from: string;
  to: string;
  search: string;
}

export const EMPTY_FILTER_FORM: LeadFilterForm = { source: '', status: '', listingId: '', from: '', to: '', search: '' };

export type LeadFilterProblem = 'listingId' | 'dates';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a local calendar day, `offset` days on; null for anything but yyyy-mm-dd. */
function localDayStart(day: string, offset = 0): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offset);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const isFiltered = (form: LeadFilterForm) =>
  form.source !== '' || form.status !== '' || form.listingId.trim() !== '' || form.from !== '' || form.to !== '' || form.search.trim() !== '';

/** The API's filter, or the problems of the form (a field the viewer must fix; nothing is sent meanwhile). */
export function apiLeadFilter(form: LeadFilterForm): { ok: true; filter: ApiLeadFilter } | { ok: false; problems: LeadFilterProblem[] } {
  const problems: LeadFilterProblem[] = [];
  const listingId = form.listingId.trim();
  if (listingId !== '' && !/^[1-9][0-9]{0,15}$/.test(listingId)) problems.push('listingId');
  const from = form.from ? localDayStart(form.from) : null;
  const to = form.to ? localDayStart(form.to, 1) : null;
  if ((form.from && !from) || (form.to && !to) || (from && to && to <= from)) problems.push('dates');
  if (problems.length > 0) return { ok: false, problems };
  const search = form.search.trim().slice(0, 200);
  return {
    ok: true,
    filter: {
      source: form.source || null,
      status: form.status || null,
      listingId: listingId || null,
      from: from?.toISOString() ?? null,
      to: to?.toISOString() ?? null,
      search: search || null,
    },
  };
}
