import { describe, expect, it } from 'vitest';
import type { MortgageCaseData } from './cases';
import { initialPrequalState, prequalReducer, type PrequalState } from './prequal-state';

const make = (id: string, slugId: string, mortgageStatus: string | null): MortgageCaseData => ({
  id,
  mortgageStatus,
  created: '2026-01-01T00:00:00.000Z',
  applicationType: { slugId },
  caseResponse: { id: `response-${id}`, completedAt: null },
});

const at = (phase: PrequalState['phase'], extra: Partial<PrequalState> = {}): PrequalState => ({ ...initialPrequalState, phase, ...extra });

describe('prequalReducer', () => {
  it('starts by checking the session', () => {
    expect(initialPrequalState.phase).toBe('checking');
  });

  it('offers to start when the viewer has no case of this kind', () => {
    const state = prequalReducer(at('loading'), { type: 'loaded', cases: [make('1', 'mortgage-refinance', null)], kind: 'prequalification' });
    expect(state).toMatchObject({ phase: 'start', mortgageCase: null });
  });

  it('resumes an in-progress case', () => {
    const open = make('2', 'mortgage-prequalification', null);
    expect(prequalReducer(at('loading'), { type: 'loaded', cases: [open], kind: 'prequalification' })).toMatchObject({ phase: 'questionnaire', mortgageCase: open });
  });

  it("shows the status of a case already 'Under Review', without the dialog", () => {
    const submitted = make('2', 'mortgage-prequalification', 'Under Review');
    expect(prequalReducer(at('loading'), { type: 'loaded', cases: [submitted], kind: 'prequalification' })).toMatchObject({
      phase: 'status',
      mortgageCase: submitted,
      dialogOpen: false,
    });
  });

  it('remembers a start pressed while signed out, and creates after sign-in only when there is no case', () => {
    let state = prequalReducer(at('signed-out'), { type: 'start-requested' });
    expect(state.startRequested).toBe(true);
    state = prequalReducer(prequalReducer(state, { type: 'loading' }), { type: 'loaded', cases: [], kind: 'prequalification' });
    expect(state).toMatchObject({ phase: 'start', startRequested: true });
    expect(prequalReducer(state, { type: 'creating' })).toMatchObject({ phase: 'creating', startRequested: false });

    const resumed = prequalReducer(at('loading', { startRequested: true }), {
      type: 'loaded',
      cases: [make('5', 'mortgage-prequalification', null)],
      kind: 'prequalification',
    });
    expect(resumed).toMatchObject({ phase: 'questionnaire', startRequested: false });
  });

  it('forgets the start when sign-in is cancelled', () => {
    expect(prequalReducer(at('signed-out', { startRequested: true }), { type: 'start-cancelled' }).startRequested).toBe(false);
  });

  it('returns to start when creation fails, and opens the questionnaire when it succeeds', () => {
    expect(prequalReducer(at('creating'), { type: 'create-failed' }).phase).toBe('start');
    const created = make('7', 'mortgage-prequalification', null);
    expect(prequalReducer(at('creating'), { type: 'created', mortgageCase: created })).toMatchObject({ phase: 'questionnaire', mortgageCase: created });
  });

  it('creates only from start', () => {
    expect(prequalReducer(at('questionnaire'), { type: 'creating' }).phase).toBe('questionnaire');
  });

  it('confirms a submit with the server and opens the status dialog', () => {
    const open = make('7', 'mortgage-prequalification', null);
    let state = prequalReducer(at('questionnaire', { mortgageCase: open }), { type: 'completed' });
    expect(state.phase).toBe('confirming');
    const reviewed = { ...open, mortgageStatus: 'Under Review' };
    state = prequalReducer(state, { type: 'confirmed', mortgageCase: reviewed });
    expect(state).toMatchObject({ phase: 'status', mortgageCase: reviewed, dialogOpen: true });
    expect(prequalReducer(state, { type: 'close-dialog' })).toMatchObject({ phase: 'status', dialogOpen: false });
  });

  it('drops everything on sign-out', () => {
    const state = prequalReducer(at('status', { mortgageCase: make('1', 'mortgage-prequalification', 'Under Review'), dialogOpen: true }), { type: 'signed-out' });
    expect(state).toMatchObject({ phase: 'signed-out', mortgageCase: null, dialogOpen: false });
  });

  it('shows a retry when loading fails', () => {
    expect(prequalReducer(at('loading'), { type: 'load-failed' }).phase).toBe('load-failed');
  });
});
