/**
 * The behaviour of <hearth-mortgage-prequal>: follow the session, load the viewer's mortgage cases,
 * create one on 'Get Prequalified' (signing in first when needed), and after the questionnaire is
 * submitted confirm the new status with the server.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { ensureSession, sessionAtom } from '../auth/session';
import type { ElementHandle } from '../define-element/define-element';
import type { MortgageKind } from '../i18n/mortgage';
import { useHearthValue } from '../state/hooks';
import { createMortgageCase, loadMortgageCase, loadMortgageCases, MORTGAGE_QUESTIONNAIRES } from './cases';
import { initialPrequalState, prequalReducer } from './prequal-state';

/** Detail of `hearth-mortgage-submitted`. */
export interface MortgageSubmittedDetail {
  caseId: string;
  responseId: string;
  questionnaire: string;
  mortgageStatus: string | null;
}

export function useMortgagePrequal({ kind, element, autostart = false }: { kind: MortgageKind; element: ElementHandle; autostart?: boolean }) {
  const session = useHearthValue(sessionAtom);
  const [state, dispatch] = useReducer(prequalReducer, initialPrequalState);
  const generation = useRef(0);
  // `autostart`: the page was opened by a 'Get Prequalified' of its own, so the request starts at once — once.
  const autostarted = useRef(false);

  useEffect(() => void ensureSession(), []);

  const load = useCallback(async () => {
    const run = ++generation.current;
    dispatch({ type: 'loading' });
    const cases = await loadMortgageCases();
    if (run !== generation.current) return;
    dispatch(cases.ok ? { type: 'loaded', cases: cases.value, kind } : { type: 'load-failed' });
  }, [kind]);

  const userId = session.status === 'authenticated' ? String(session.user?.id ?? '') : null;
  useEffect(() => {
    if (session.status === 'checking') return;
    if (userId === null) {
      generation.current++;
      dispatch({ type: 'signed-out' });
    } else void load();
  }, [session.status, userId, load]);

  const create = useCallback(async () => {
    dispatch({ type: 'creating' });
    const created = await createMortgageCase(kind);
    dispatch(created.ok ? { type: 'created', mortgageCase: created.value } : { type: 'create-failed' });
  }, [kind]);

  // 'Get Prequalified' pressed, and we now know there is no case to resume: create one.
  useEffect(() => {
    if (state.phase === 'start' && state.startRequested) void create();
  }, [state.phase, state.startRequested, create]);

  const start = useCallback(async () => {
    dispatch({ type: 'start-requested' });
    if (session.status !== 'authenticated') {
      const user = await requireSignIn();
      if (!user) dispatch({ type: 'start-cancelled' });
    }
  }, [session.status]);

  const completed = useCallback(async () => {
    const current = state.mortgageCase;
    if (!current) return;
    dispatch({ type: 'completed' });
    const found = await loadMortgageCase(current.id);
    const confirmed = found.ok ? found.value : null;
    if (!confirmed) {
      dispatch({ type: 'load-failed' });
      return;
    }
    dispatch({ type: 'confirmed', mortgageCase: confirmed });
    element.emit<MortgageSubmittedDetail>('mortgage-submitted', {
      caseId: confirmed.id,
      responseId: confirmed.caseResponse.id,
      questionnaire: MORTGAGE_QUESTIONNAIRES[kind],
      mortgageStatus: confirmed.mortgageStatus,
    });
  }, [state.mortgageCase, element, kind]);

  useEffect(() => {
    if (!autostart || autostarted.current || (state.phase !== 'start' && state.phase !== 'signed-out')) return;
    autostarted.current = true;
    void start();
  }, [autostart, state.phase, start]);

  const closeDialog = useCallback(() => dispatch({ type: 'close-dialog' }), []);

  // Until the page's own start has been made, there is nothing for the visitor to press.
  return { state, start, retry: load, completed, closeDialog, autostartPending: autostart && !autostarted.current };
}
