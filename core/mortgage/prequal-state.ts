/**
 * The state of <hearth-mortgage-prequal> as enumerated phases (pure, no DOM):
 *   checking → signed-out | loading → start | questionnaire | status
 *   start → creating → questionnaire → confirming → status (with the 'Mortgage status' dialog open)
 * A failed load shows a retry; a failed creation returns to start (the toast says why).
 */
import type { MortgageKind } from '../i18n/mortgage';
import { caseStage, latestCase, type MortgageCaseData } from './cases';

export type PrequalPhase =
  | 'checking'
  | 'signed-out'
  | 'loading'
  | 'load-failed'
  | 'start'
  | 'creating'
  | 'questionnaire'
  | 'confirming'
  | 'status';

export interface PrequalState {
  phase: PrequalPhase;
  mortgageCase: MortgageCaseData | null;
  /** The visitor pressed 'Get Prequalified': create a case as soon as we know they have none. */
  startRequested: boolean;
  /** The 'Mortgage status' dialog, opened right after a submit. */
  dialogOpen: boolean;
}

export type PrequalAction =
  | { type: 'signed-out' }
  | { type: 'loading' }
  | { type: 'loaded'; cases: readonly MortgageCaseData[]; kind: MortgageKind }
  | { type: 'load-failed' }
  | { type: 'start-requested' }
  | { type: 'start-cancelled' }
  | { type: 'creating' }
  | { type: 'created'; mortgageCase: MortgageCaseData }
  | { type: 'create-failed' }
  | { type: 'completed' }
  | { type: 'confirmed'; mortgageCase: MortgageCaseData }
  | { type: 'close-dialog' };

export const initialPrequalState: PrequalState = { phase: 'checking', mortgageCase: null, startRequested: false, dialogOpen: false };

export function prequalReducer(state: PrequalState, action: PrequalAction): PrequalState {
  switch (action.type) {
    case 'signed-out':
      return { ...initialPrequalState, phase: 'signed-out', startRequested: state.startRequested };
    case 'loading':
      return { ...state, phase: 'loading', dialogOpen: false };
    case 'loaded': {
      const found = latestCase(action.cases, action.kind);
      const stage = caseStage(found);
      if (stage === 'none') return { ...state, phase: 'start', mortgageCase: null };
      return { ...state, phase: stage === 'submitted' ? 'status' : 'questionnaire', mortgageCase: found, startRequested: false };
    }
    case 'load-failed':
      return { ...state, phase: 'load-failed', startRequested: false, dialogOpen: false };
    case 'start-requested':
      return state.phase === 'start' || state.phase === 'signed-out' ? { ...state, startRequested: true } : state;
    case 'start-cancelled':
      return { ...state, startRequested: false };
    case 'creating':
      return state.phase === 'start' ? { ...state, phase: 'creating', startRequested: false } : state;
    case 'created':
      return { ...state, phase: 'questionnaire', mortgageCase: action.mortgageCase };
    case 'create-failed':
      return { ...state, phase: 'start' };
    case 'completed':
      return state.phase === 'questionnaire' ? { ...state, phase: 'confirming' } : state;
    case 'confirmed':
      return { ...state, phase: 'status', mortgageCase: action.mortgageCase, dialogOpen: true };
    case 'close-dialog':
      return { ...state, dialogOpen: false };
  }
}
