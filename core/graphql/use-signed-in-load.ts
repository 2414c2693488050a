/**
 * Loading the viewer's own data (an element that shows a sign-in prompt to a visitor): checks the session
 * once, loads through `useLoad` only while signed in, again when the user changes, and answers the session's
 * and the load's states in one. The hook of the element maps `loaded` and `failed` onto its view's states.
 */
import { useCallback, useEffect } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { ensureSession, sessionAtom } from '../auth/session';
import { useHearthValue } from '../state/hooks';
import type { Failure, Result } from './call';
import { useLoad } from './use-load';

export type SignedInLoadState<T> =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'loaded'; value: T }
  | { status: 'failed'; failure: Failure };

/**
 * `key`: everything the answer depends on besides the user (null: nothing to load yet). `reload()` asks
 * again keeping the answer meanwhile; a failed answer shows as loading while it is asked again. `signIn()`
 * opens the sign-in dialog.
 */
export function useSignedInLoad<T>(key: string | null, load: () => Promise<Result<T>>) {
  const session = useHearthValue(sessionAtom);
  useEffect(() => {
    void ensureSession();
  }, []);
  const signedIn = session.status === 'authenticated';
  const { result, loading, reload } = useLoad(signedIn && key !== null ? `${session.user?.id}|${key}` : null, load);
  const state: SignedInLoadState<T> =
    session.status === 'checking'
      ? { status: 'checking' }
      : !signedIn
        ? { status: 'signed-out' }
        : !result || (loading && !result.ok)
          ? { status: 'loading' }
          : result.ok
            ? { status: 'loaded', value: result.value }
            : { status: 'failed', failure: result.failure };
  const signIn = useCallback(() => void requireSignIn(), []);
  return { state, reload, signIn };
}
