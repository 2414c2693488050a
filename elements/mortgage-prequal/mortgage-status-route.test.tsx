// @vitest-environment happy-dom
// The 'Mortgage status' dialog as a route (spec §2: status/{id}, closing up two levels), with the element's
// behaviour hook standing in for the API.
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ElementHandle } from '../../core/define-element/define-element';
import type { MortgageCaseData } from '../../core/mortgage/cases';
import { initialPrequalState, type PrequalState } from '../../core/mortgage/prequal-state';
import { testRoot } from '../../core/testing/react-root';
import { MortgagePrequal } from './mortgage-prequal.view';

vi.mock('../questionnaire/questionnaire.element', () => ({}));

const reviewed: MortgageCaseData = {
  id: '41',
  mortgageStatus: 'Under Review',
  created: '2026-03-01T10:00:00.000Z',
  applicationType: { slugId: 'mortgage-prequalification' },
  caseResponse: { id: '7d0c8b2e-1f5e-4a43-9c77-1f0e2b3c4d5e', completedAt: '2026-03-01T10:20:00.000Z' },
};
let state: PrequalState;
const closeDialog = vi.fn(() => {
  state = { ...state, dialogOpen: false };
});
vi.mock('../../core/mortgage/use-mortgage-prequal', () => ({
  useMortgagePrequal: () => ({ state, start: vi.fn(), retry: vi.fn(), completed: vi.fn(), closeDialog }),
}));

const dom = testRoot();
const handle = (): ElementHandle => ({ tag: 'hearth-mortgage-prequal', host: dom.container, emit: vi.fn() }) as unknown as ElementHandle;
const render = () => dom.render(<MortgagePrequal kind="prequalification" editUrl="" routeSync element={handle()} />);
const dialog = () => dom.container.querySelector('dialog[open]');
const pop = async (go: () => void) => {
  await act(async () => {
    go();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
};

beforeEach(() => {
  state = { ...initialPrequalState, phase: 'status', mortgageCase: reviewed, dialogOpen: false };
  history.replaceState(null, '', '/account/mortgage');
});

describe('the Mortgage status dialog as a route', () => {
  it("the status panel's button opens it at status/{case id}; Escape goes back up two levels, focus on the button", async () => {
    render();
    expect(dialog()).toBeNull();
    const button = dom.container.querySelector<HTMLButtonElement>('[part="open-status"]')!;
    button.focus();
    act(() => button.click());
    expect(dialog()).not.toBeNull();
    expect(location.pathname).toBe('/account/mortgage/status/41');
    await pop(() => dom.container.querySelector<HTMLButtonElement>('[part="close"]')!.click());
    expect(dialog()).toBeNull();
    expect(location.pathname).toBe('/account/mortgage');
    expect(document.activeElement).toBe(button);
    await pop(() => history.forward());
    expect(dialog()).not.toBeNull();
    await pop(() => history.back());
    expect(dialog()).toBeNull();
  });

  it('arriving on status/{id} opens it over that case; closing goes up, back opens it again', async () => {
    history.replaceState(null, '', '/account/mortgage/status/41');
    render();
    expect(dialog()).not.toBeNull();
    await pop(() => dom.container.querySelector<HTMLButtonElement>('[part="close"]')!.click());
    expect(location.pathname).toBe('/account/mortgage');
    await pop(() => history.back());
    expect(location.pathname).toBe('/account/mortgage/status/41');
    expect(dialog()).not.toBeNull();
  });

  it("another case's status URL opens nothing", () => {
    history.replaceState(null, '', '/account/mortgage/status/42');
    render();
    expect(dialog()).toBeNull();
  });

  it('right after a submit the dialog opens with its URL', () => {
    state = { ...state, dialogOpen: true };
    render();
    expect(dialog()).not.toBeNull();
    expect(location.pathname).toBe('/account/mortgage/status/41');
  });
});
