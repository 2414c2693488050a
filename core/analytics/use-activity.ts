/** The partner console's Visitors tab (the report of the chosen period) and a lead's activity before contacting, loaded with useLoad. */
import { useState } from 'react';
import { useLoad } from '../graphql/use-load';
import { loadLeadActivity, loadPartnerActivity, type LeadActivityEvent, type VisitorActivity } from './activity-api';

export const ACTIVITY_PERIODS = [7, 30, 90] as const;

export type ActivityState = { status: 'loading' } | { status: 'failed'; message: string | null } | { status: 'ready'; activity: VisitorActivity };

export function usePartnerActivity(partnerId: string) {
  const [days, setDays] = useState<number>(30);
  const load = useLoad(`${partnerId}|${days}`, () => loadPartnerActivity(partnerId, days));
  const state: ActivityState =
    !load.result || load.loading ? { status: 'loading' } : load.result.ok ? { status: 'ready', activity: load.result.value } : { status: 'failed', message: load.result.failure.message };
  return { state, days, setDays, reload: load.reload };
}

export type LeadActivityState = { status: 'loading' } | { status: 'failed' } | { status: 'empty' } | { status: 'loaded'; events: LeadActivityEvent[] };

/** What the visitor behind `leadId` did before getting in touch (null: no lead open), for <hearth-leads>' detail. */
export function useLeadActivity(leadId: string | null) {
  const load = useLoad(leadId ? `lead-activity|${leadId}` : null, () => loadLeadActivity(leadId!));
  const state: LeadActivityState =
    !load.result || load.loading
      ? { status: 'loading' }
      : !load.result.ok
        ? { status: 'failed' }
        : load.result.value.length === 0
          ? { status: 'empty' }
          : { status: 'loaded', events: load.result.value };
  return { state, reload: load.reload };
}
