/** The partner console's Visitors tab: the report of the chosen period, loaded with useLoad. */
import { useState } from 'react';
import { useLoad } from '../graphql/use-load';
import { loadPartnerActivity, type VisitorActivity } from './activity-api';

export const ACTIVITY_PERIODS = [7, 30, 90] as const;

export type ActivityState = { status: 'loading' } | { status: 'failed'; message: string | null } | { status: 'ready'; activity: VisitorActivity };

export function usePartnerActivity(partnerId: string) {
  const [days, setDays] = useState<number>(30);
  const load = useLoad(`${partnerId}|${days}`, () => loadPartnerActivity(partnerId, days));
  const state: ActivityState =
    !load.result || load.loading ? { status: 'loading' } : load.result.ok ? { status: 'ready', activity: load.result.value } : { status: 'failed', message: load.result.failure.message };
  return { state, days, setDays, reload: load.reload };
}
