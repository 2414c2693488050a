/**
 * State of the buyer's request-tour dialog (spec §2 Buyer request-tour, §3 Agent and qualification, §5).
 * Pure: a reducer and small rules, no DOM, no React. The grid itself (which days and slots, which are
 * past) is core/tours/tour-times.ts `buyerTourGrid`; this file holds what the buyer chose.
 *
 * Choices are never lost: going Back, changing the dropdown day, closing the dialog and a failed send all
 * keep every chosen time and typed answer. Only a successful request starts over.
 */
import { requestTourTexts as t } from '../i18n/tours';
import type { PhoneCheck } from '../format/phone-rules';
import { formatQualifiedAmount, qualifiedAmountOf, type AgentAndQualification } from './agent-and-qualification';
import { tourTimeChoiceReducer, type TourTimeAction, type TourTimeChoice } from './tour-time-choice';

/** Spec §5/§9: the pre-qualification amount is reformatted after this pause in typing. */
export const AMOUNT_FORMAT_DELAY_MS = 500;

export type RequestTourStep = 'time' | 'info';

export type InfoTextField = 'agentName' | 'agentPhone' | 'qualifiedLenderName' | 'qualifiedAmount';

/** The chosen times (tour-time-choice.ts), the step and the answers of step 2. */
export interface RequestTourState extends TourTimeChoice {
  step: RequestTourStep;
  info: AgentAndQualification;
  /** 'failed' keeps everything and lets the buyer press Request Tour again. */
  status: 'editing' | 'submitting' | 'failed';
  /** Why the last send failed (shown inline). */
  failure: string | null;
  errors: Partial<Record<InfoTextField, string>>;
}

export const initialRequestTourState: RequestTourState = {
  step: 'time',
  selected: [],
  dropdownDay: null,
  info: { agent: false, agentName: '', agentPhone: '', qualified: false, qualifiedLenderName: '', qualifiedAmount: '' },
  status: 'editing',
  failure: null,
  errors: {},
};

export type RequestTourAction =
  | TourTimeAction
  | { type: 'continue' }
  | { type: 'back' }
  | { type: 'set-agent'; value: boolean }
  | { type: 'set-qualified'; value: boolean }
  | { type: 'change'; field: InfoTextField; value: string }
  | { type: 'format-amount' }
  /** The agent's phone is read by `phone` (the partner's country: core/format/use-phone-rules.ts). */
  | { type: 'submit'; phone: PhoneCheck }
  | { type: 'failed'; message: string; errors?: Partial<Record<InfoTextField, string>> }
  | { type: 'reset' };

// ---------------------------------------------------------------------------------------------------
// Rules

/** Continue is enabled once at least one time is chosen (spec §2, §5). */
export const canContinue = (state: RequestTourState) => state.selected.length > 0;

/** The answers of step 2 that would be refused; only what applies (no agent → no phone check; no phone is fine). */
export function checkInfo(info: AgentAndQualification, phone: PhoneCheck): Partial<Record<InfoTextField, string>> {
  const errors: Partial<Record<InfoTextField, string>> = {};
  const agentPhone = info.agent && info.agentPhone.trim() ? phone(info.agentPhone) : null;
  if (agentPhone && !agentPhone.ok) errors.agentPhone = agentPhone.message;
  if (info.qualified && formatQualifiedAmount(info.qualifiedAmount) === null) errors.qualifiedAmount = t.errors.amountInvalid;
  return errors;
}

/** The §3 tour request payload's agent_and_qualification, trimmed; what does not apply is sent empty. */
export function agentAndQualificationOf(info: AgentAndQualification): AgentAndQualification {
  return {
    agent: info.agent,
    agentName: info.agent ? info.agentName.trim() : '',
    agentPhone: info.agent ? info.agentPhone.trim() : '',
    qualified: info.qualified,
    qualifiedLenderName: info.qualified ? info.qualifiedLenderName.trim() : '',
    qualifiedAmount: info.qualified ? (qualifiedAmountOf(info.qualifiedAmount) ?? info.qualifiedAmount) : '',
  };
}

// ---------------------------------------------------------------------------------------------------
// Reducer

export function requestTourReducer(state: RequestTourState, action: RequestTourAction): RequestTourState {
  // Nothing changes under a send in flight: what is sent is what the buyer sees.
  if (state.status === 'submitting' && action.type !== 'failed' && action.type !== 'reset') return state;
  switch (action.type) {
    case 'toggle':
    case 'remove':
    case 'choose-day':
    case 'prune':
      return tourTimeChoiceReducer(state, action);
    case 'continue':
      return canContinue(state) ? { ...state, step: 'info' } : state;
    case 'back':
      return { ...state, step: 'time' };
    case 'set-agent':
      return { ...state, info: { ...state.info, agent: action.value }, errors: { ...state.errors, agentPhone: undefined } };
    case 'set-qualified':
      return { ...state, info: { ...state.info, qualified: action.value }, errors: { ...state.errors, qualifiedAmount: undefined } };
    case 'change':
      return { ...state, info: { ...state.info, [action.field]: action.value }, errors: { ...state.errors, [action.field]: undefined } };
    case 'format-amount': {
      const formatted = formatQualifiedAmount(state.info.qualifiedAmount);
      if (formatted === null || formatted === state.info.qualifiedAmount) return state;
      return { ...state, info: { ...state.info, qualifiedAmount: formatted } };
    }
    case 'submit': {
      if (!canContinue(state)) return { ...state, step: 'time' };
      const errors = checkInfo(state.info, action.phone);
      if (Object.keys(errors).length > 0) return { ...state, step: 'info', errors };
      return { ...state, status: 'submitting', failure: null, errors: {} };
    }
    case 'failed':
      return { ...state, status: 'failed', failure: action.message, errors: action.errors ?? {} };
    case 'reset':
      return initialRequestTourState;
  }
}

// ---------------------------------------------------------------------------------------------------
// Debounce (the amount's 500 ms pause)

export interface Debouncer {
  /** (Re)starts the pause; `run` happens once the pause ends without another call. */
  schedule(run: () => void): void;
  /** Runs a pending call now. */
  flush(): void;
  cancel(): void;
}

export function createDebouncer(delayMs: number): Debouncer {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: (() => void) | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  const flush = () => {
    const run = pending;
    cancel();
    run?.();
  };
  return {
    schedule(run) {
      cancel();
      pending = run;
      timer = setTimeout(flush, delayMs);
    },
    flush,
    cancel,
  };
}

// ---------------------------------------------------------------------------------------------------
// The success toast (spec §8)

/** 'Tour Requested' stays 8000 ms, and 5000 ms more after the pointer or focus leaves it. */
export const TOUR_REQUESTED_TOAST_MS = 8000;
export const TOUR_REQUESTED_TOAST_EXTENDED_MS = 5000;
