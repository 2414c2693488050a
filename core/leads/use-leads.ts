/**
 * Behaviour of `<hearth-leads>`: follow the session (signed out → the sign-in prompt), hold the filter form,
 * load the first page for the filter (after typing settles) and further pages on 'Load more', load the chosen
 * lead, and change its status or add a note. The server decides who may see a partner's leads: NOT_FOUND
 * means this account works none of this partner's leads.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { ensureSession, sessionAtom } from '../auth/session';
import type { Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { useHearthValue } from '../state/hooks';
import { apiLeadFilter, EMPTY_FILTER_FORM, type LeadFilterForm, type LeadFilterProblem } from './lead-filter';
import {
  downloadLeadsCsv,
  leadsExportUrl,
  loadLead,
  loadLeadsPage,
  saveLeadNote,
  saveLeadStatus,
  type InboxLead,
  type LeadDetail,
  type LeadsPage,
  type LeadStatus,
} from './leads-api';

export type LeadsListState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'not-allowed' }
  | { status: 'failed' }
  | { status: 'loaded'; leads: InboxLead[]; totalCount: number; hasNextPage: boolean; refreshing: boolean };

export type LeadDetailState = { status: 'none' } | { status: 'loading' } | { status: 'failed' } | { status: 'missing' } | { status: 'loaded'; lead: LeadDetail };

export type MoreState = 'idle' | 'loading' | 'failed';

/** What the view says after an action (a live region), or the error of one. */
export interface LeadNotice {
  tone: 'success' | 'error';
  text: 'status-saved' | 'status-failed' | 'note-saved' | 'note-failed' | 'export-failed';
  /** The refused argument's message from the server (a note too long), when there is one. */
  message?: string | null;
}

/** The pages after the first, for the filter they were read with. */
interface MorePages {
  key: string;
  leads: InboxLead[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** The first page and the pages loaded after it, as one list (a lead never shows twice). */
export function combinePages(first: LeadsPage, more: Omit<MorePages, 'key'> | null): Omit<Extract<LeadsListState, { status: 'loaded' }>, 'status' | 'refreshing'> & { endCursor: string | null } {
  if (!more) return { leads: first.leads, totalCount: first.totalCount, hasNextPage: first.hasNextPage, endCursor: first.endCursor };
  const seen = new Set(first.leads.map((l) => l.id));
  return {
    leads: [...first.leads, ...more.leads.filter((l) => !seen.has(l.id))],
    totalCount: first.totalCount,
    hasNextPage: more.hasNextPage,
    endCursor: more.endCursor,
  };
}

/** `hearth-lead-status-changed` detail. */
export interface LeadStatusChangedDetail {
  leadId: string;
  status: LeadStatus;
}

/** `hearth-lead-note-added` detail. */
export interface LeadNoteAddedDetail {
  leadId: string;
  noteId: string;
}

export interface UseLeadsOptions {
  onStatusChanged: (detail: LeadStatusChangedDetail) => void;
  onNoteAdded: (detail: LeadNoteAddedDetail) => void;
}

export function useLeads(partnerId: number | null, options: UseLeadsOptions) {
  const report = useRef(options);
  report.current = options;
  const session = useHearthValue(sessionAtom);
  const [form, setForm] = useState<LeadFilterForm>(EMPTY_FILTER_FORM);
  const [more, setMore] = useState<MorePages | null>(null);
  const [moreState, setMoreState] = useState<MoreState>('idle');
  const [statuses, setStatuses] = useState<Record<string, LeadStatus>>({});
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [fresh, setFresh] = useState<LeadDetail | null>(null);
  const [busy, setBusy] = useState<'status' | 'note' | 'export' | null>(null);
  const [notice, setNotice] = useState<LeadNotice | null>(null);

  useEffect(() => {
    void ensureSession();
  }, []);

  const signedIn = session.status === 'authenticated';
  const userId = session.user?.id ?? null;
  const checked = useMemo(() => apiLeadFilter(form), [form]);
  const problems: LeadFilterProblem[] = checked.ok ? [] : checked.problems;
  const filter = checked.ok ? checked.filter : null;
  const key = signedIn && filter ? `${userId}|${partnerId ?? ''}|${JSON.stringify(filter)}` : null;

  const first = useLoad(key, () => loadLeadsPage(partnerId, filter!, null), { delay: 250 });
  const detail = useLoad(signedIn && selectedId ? `${userId}|${selectedId}` : null, () => loadLead(selectedId!));

  // The list as shown: while a new filter loads, the last answer stays (marked refreshing).
  const shownFirst = first.result ?? first.latest;
  let list: LeadsListState;
  if (session.status === 'checking') list = { status: 'checking' };
  else if (!signedIn) list = { status: 'signed-out' };
  else if (!shownFirst) list = { status: 'loading' };
  else if (!shownFirst.ok) list = shownFirst.failure.code === 'NOT_FOUND' ? { status: 'not-allowed' } : first.loading ? { status: 'loading' } : { status: 'failed' };
  else {
    const pages = combinePages(shownFirst.value, more && more.key === key && first.result ? more : null);
    list = {
      status: 'loaded',
      leads: pages.leads.map((l) => (statuses[l.id] && statuses[l.id] !== l.status ? { ...l, status: statuses[l.id]! } : l)),
      totalCount: pages.totalCount,
      hasNextPage: pages.hasNextPage,
      refreshing: first.loading || !first.result,
    };
  }

  let shownDetail: LeadDetailState = { status: 'none' };
  if (selectedId) {
    if (fresh && fresh.id === selectedId) shownDetail = { status: 'loaded', lead: fresh };
    else if (!detail.result) shownDetail = { status: 'loading' };
    else if (detail.result.ok) shownDetail = { status: 'loaded', lead: detail.result.value };
    else shownDetail = { status: detail.result.failure.code === 'NOT_FOUND' ? 'missing' : 'failed' };
  }

  const setField = useCallback(<K extends keyof LeadFilterForm>(field: K, value: LeadFilterForm[K]) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setMoreState('idle');
  }, []);
  const clearFilters = useCallback(() => setForm(EMPTY_FILTER_FORM), []);

  const loadMore = useCallback(async () => {
    if (!filter || !key || !first.result?.ok || moreState === 'loading') return;
    const current = more && more.key === key ? more : null;
    const after = current ? current.endCursor : first.result.value.endCursor;
    if (!after) return;
    setMoreState('loading');
    const page = await loadLeadsPage(partnerId, filter, after);
    if (!page.ok) {
      setMoreState('failed');
      return;
    }
    setMore({ key, leads: [...(current?.leads ?? []), ...page.value.leads], endCursor: page.value.endCursor, hasNextPage: page.value.hasNextPage });
    setMoreState('idle');
  }, [filter, key, first.result, more, moreState, partnerId]);

  const select = useCallback((id: string | null) => {
    setSelectedId(id);
    setNotice(null);
  }, []);

  const applied = (result: Result<LeadDetail>): result is { ok: true; value: LeadDetail } => {
    if (!result.ok) return false;
    setFresh(result.value);
    setStatuses((previous) => ({ ...previous, [result.value.id]: result.value.status }));
    return true;
  };

  const setStatus = useCallback(
    async (status: LeadStatus) => {
      if (!selectedId || busy) return;
      setBusy('status');
      setNotice(null);
      const result = await saveLeadStatus(selectedId, status);
      setBusy(null);
      if (applied(result)) {
        setNotice({ tone: 'success', text: 'status-saved' });
        report.current.onStatusChanged({ leadId: selectedId, status });
      } else {
        setNotice({ tone: 'error', text: 'status-failed' });
      }
    },
    [selectedId, busy],
  );

  /** Resolves true when the note was added (the view then empties its field). */
  const addNote = useCallback(
    async (body: string): Promise<boolean> => {
      if (!selectedId || busy) return false;
      setBusy('note');
      setNotice(null);
      const result = await saveLeadNote(selectedId, body);
      setBusy(null);
      if (applied(result)) {
        setNotice({ tone: 'success', text: 'note-saved' });
        report.current.onNoteAdded({ leadId: selectedId, noteId: result.value.notes.at(-1)?.id ?? '' });
        return true;
      }
      setNotice({ tone: 'error', text: 'note-failed', message: !result.ok && result.failure.argument === 'body' ? result.failure.message : null });
      return false;
    },
    [selectedId, busy],
  );

  const exportUrl = filter ? leadsExportUrl(partnerId, filter) : null;
  const exportCsv = useCallback(async () => {
    if (!exportUrl || busy) return;
    setBusy('export');
    const done = await downloadLeadsCsv(exportUrl);
    setBusy(null);
    if (!done) setNotice({ tone: 'error', text: 'export-failed' });
  }, [exportUrl, busy]);

  const signIn = useCallback(() => void requireSignIn(), []);

  return {
    form,
    problems,
    list,
    moreState,
    selectedId,
    detail: shownDetail,
    busy,
    notice,
    exportUrl,
    setField,
    clearFilters,
    loadMore,
    select,
    setStatus,
    addNote,
    exportCsv,
    signIn,
    retry: first.reload,
    retryDetail: detail.reload,
  };
}
