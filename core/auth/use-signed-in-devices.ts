/** The behaviour of the account panel's "Signed-in devices" section (issue 22): load, sign one or all others out. */
import { useState } from 'react';
import type { Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { fetchSessions, revokeOtherSessions, revokeSession, type DeviceSession } from './sessions-api';

export type DevicesState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; current: DeviceSession | null; others: DeviceSession[] };

/** The current device first, then the others most recently used first (the server's order). */
export function devicesState(sessions: readonly DeviceSession[]): DevicesState {
  return { status: 'loaded', current: sessions.find((s) => s.current) ?? null, others: sessions.filter((s) => !s.current) };
}

/** The section's behaviour: the list (for this viewer), signing one or all others out, what is pending or failed. */
export function useSignedInDevices(viewerId: string | null) {
  const load = useLoad(viewerId === null ? null : `sessions|${viewerId}`, fetchSessions);
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const { result, loading } = load;
  const state: DevicesState =
    viewerId === null
      ? { status: 'idle' }
      : !result || (loading && !result.ok)
        ? { status: 'loading' }
        : result.ok
          ? devicesState(result.value)
          : { status: 'failed' };

  async function run<T>(key: string, action: () => Promise<Result<T>>, done: (value: T) => string | null, failedText: string) {
    setPending(key);
    setNotice(null);
    const answer = await action();
    setPending(null);
    if (answer.ok) {
      const text = done(answer.value);
      if (text) setNotice({ tone: 'info', text });
    } else setNotice({ tone: 'error', text: failedText });
    load.reload();
  }

  return {
    state,
    pending,
    notice,
    reload: load.reload,
    signOut: (id: string, failedText: string) => run(id, () => revokeSession(id), () => null, failedText),
    signOutOthers: (doneText: (count: number) => string, failedText: string) =>
      run('others', revokeOtherSessions, (value) => doneText(value.revoked), failedText),
  };
}
