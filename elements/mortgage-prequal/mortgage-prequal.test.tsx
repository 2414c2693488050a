// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mortgagePrequalTexts as t } from '../../core/i18n/mortgage';
import type { MortgageCaseData } from '../../core/mortgage/cases';
import { initialPrequalState, type PrequalState } from '../../core/mortgage/prequal-state';
import { testRoot } from '../../core/testing/react-root';
import { MortgagePrequalView, type MortgagePrequalViewProps } from './mortgage-prequal.view';

// The real questionnaire element would talk to the API; these tests look only at what this view does.
vi.mock('../questionnaire/questionnaire.element', () => ({}));


const openCase: MortgageCaseData = {
  id: '41',
  mortgageStatus: null,
  created: '2026-03-01T10:00:00.000Z',
  applicationType: { slugId: 'mortgage-prequalification' },
  caseResponse: { id: '7d0c8b2e-1f5e-4a43-9c77-1f0e2b3c4d5e', completedAt: null },
};
const reviewedCase: MortgageCaseData = { ...openCase, mortgageStatus: 'Under Review', caseResponse: { ...openCase.caseResponse, completedAt: '2026-03-01T10:20:00.000Z' } };
const editUrl = 'https://api.hearth.test/account/pre-qualification-edit/7d0c8b2e-1f5e-4a43-9c77-1f0e2b3c4d5e';

const dom = testRoot();

function render(state: Partial<PrequalState>, props: Partial<MortgagePrequalViewProps> = {}) {
  const all: MortgagePrequalViewProps = {
    kind: 'prequalification',
    state: { ...initialPrequalState, ...state },
    editUrl: null,
    onStart: () => {},
    onRetry: () => {},
    onCompleted: () => {},
    onCloseDialog: () => {},
    ...props,
  };
  dom.render(<MortgagePrequalView {...all} />);
  return dom.container;
}



describe('MortgagePrequalView', () => {
  it('the status says where to write for mortgage help (spec §9 {email}), in the panel and the dialog; nothing without an address', () => {
    const view = render({ phase: 'status', mortgageCase: reviewedCase, dialogOpen: true }, { contactEmail: 'avery@acme.example' });
    const lines = [...view.querySelectorAll('[part="help-contact"]')];
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.textContent).toBe('Questions about your request? Write to avery@acme.example.');
      expect(line.querySelector('a')!.getAttribute('href')).toBe('mailto:avery@acme.example?subject=Help%20with%20my%20pre-qualification');
    }
    expect(render({ phase: 'status', mortgageCase: reviewedCase }, { contactEmail: null }).querySelector('[part="help-contact"]')).toBeNull();
  });

  it("offers 'Get Prequalified' to a signed-out visitor and says they sign in first", () => {
    const onStart = vi.fn();
    const view = render({ phase: 'signed-out' }, { onStart });
    expect(view.querySelector('h2')!.textContent).toBe('Get Prequalified');
    const start = view.querySelector<HTMLButtonElement>('[part="start"]')!;
    expect(start.textContent).toBe('Get Prequalified');
    expect(view.textContent).toContain(t.signInNote);
    act(() => start.click());
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('autostart (the page opened by its own Get Prequalified): no heading and no second button while the request starts', () => {
    for (const state of [
      { phase: 'checking' },
      { phase: 'start' },
      { phase: 'creating' },
      { phase: 'signed-out', startRequested: true },
    ] as Partial<PrequalState>[]) {
      const view = render(state, { autostart: true, autostartPending: state.phase === 'start' || state.phase === 'checking' });
      expect(view.querySelector('h2'), JSON.stringify(state)).toBeNull();
      expect(view.querySelector('[part="start"]'), JSON.stringify(state)).toBeNull();
      expect(view.querySelector('[role="status"]')!.textContent).toBe(state.phase === 'creating' || state.startRequested ? t.starting : t.loading);
    }
    // Sign-in abandoned: the button shows, named by the page's heading rather than a second one.
    const view = render({ phase: 'signed-out' }, { autostart: true, autostartPending: false });
    expect(view.querySelector('h2')).toBeNull();
    expect(view.querySelector('[part="base"]')!.getAttribute('aria-label')).toBe('Get Prequalified');
    expect(view.querySelector('[part="start"]')!.textContent).toBe('Get Prequalified');
    // The questionnaire itself shows as without autostart.
    expect(render({ phase: 'questionnaire', mortgageCase: openCase }, { autostart: true }).querySelector('hearth-questionnaire')).not.toBeNull();
  });

  it("asks 'Ready to Refinance?' with 'Get Started' for a refinance", () => {
    const view = render({ phase: 'start' }, { kind: 'refinance' });
    expect(view.querySelector('h2')!.textContent).toBe('Ready to Refinance?');
    expect(view.querySelector('[part="start"]')!.textContent).toBe('Get Started');
    expect(view.textContent).not.toContain(t.signInNote);
  });

  it('shows a loading message and no button while the cases load', () => {
    const view = render({ phase: 'loading' });
    expect(view.querySelector('[role="status"]')!.textContent).toBe(t.loading);
    expect(view.querySelector('[part="start"]')).toBeNull();
    expect(view.querySelector('[part="base"]')!.getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the start button busy while the request is created', () => {
    const view = render({ phase: 'creating' });
    const start = view.querySelector<HTMLButtonElement>('[part="start"]')!;
    expect(start.getAttribute('aria-busy')).toBe('true');
    expect(start.textContent).toBe(t.starting);
  });

  it('offers a retry when the cases could not be loaded', () => {
    const onRetry = vi.fn();
    const view = render({ phase: 'load-failed' }, { onRetry });
    expect(view.querySelector('[role="alert"]')!.textContent).toContain(t.loadFailed);
    act(() => view.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('opens the case questionnaire one question at a time and hears when it is submitted', () => {
    const onCompleted = vi.fn();
    const view = render({ phase: 'questionnaire', mortgageCase: openCase }, { onCompleted });
    const questionnaire = view.querySelector('hearth-questionnaire')!;
    expect(questionnaire.getAttribute('response-id')).toBe(openCase.caseResponse.id);
    expect(questionnaire.getAttribute('mode')).toBe('single');
    questionnaire.dispatchEvent(new CustomEvent('hearth-questionnaire-completed', { bubbles: true, composed: true, detail: {} }));
    expect(onCompleted).toHaveBeenCalledTimes(1);
  });

  it("shows 'Under Review', what it means and the 'Edit Request' link", () => {
    const view = render({ phase: 'status', mortgageCase: reviewedCase }, { editUrl });
    const panel = view.querySelector('[part="status"]')!;
    expect(panel.querySelector('[part="status-heading"]')!.textContent).toBe('Under Review');
    expect(panel.querySelector('[part="status-message"]')!.textContent).toBe(t.underReviewMessage.prequalification);
    const link = panel.querySelector<HTMLAnchorElement>('[part="edit-request"]')!;
    expect(link.textContent).toBe('Edit Request');
    expect(link.href).toBe(editUrl);
    expect(view.querySelector('dialog')).toBeNull();
  });

  it("opens the 'Mortgage status' dialog right after a submit, and closes it", () => {
    const onCloseDialog = vi.fn();
    const view = render({ phase: 'status', mortgageCase: reviewedCase, dialogOpen: true }, { editUrl, onCloseDialog });
    const dialog = view.querySelector('dialog')!;
    expect(dialog.hasAttribute('open')).toBe(true);
    const title = dialog.querySelector(`#${CSS.escape(dialog.getAttribute('aria-labelledby')!)}`)!;
    expect(title.textContent).toBe('Under Review');
    expect(dialog.textContent).toContain(t.dialogTitle);
    expect(dialog.querySelector<HTMLAnchorElement>('[part="edit-request"]')!.href).toBe(editUrl);
    act(() => dialog.querySelector<HTMLButtonElement>('[part="close"]')!.click());
    expect(onCloseDialog).toHaveBeenCalledTimes(1);
  });

  it('says a refinance request was submitted for a refinance case', () => {
    const view = render({ phase: 'status', mortgageCase: { ...reviewedCase, applicationType: { slugId: 'mortgage-refinance' } } }, { kind: 'refinance', editUrl });
    expect(view.querySelector('[part="status-message"]')!.textContent).toBe(t.underReviewMessage.refinance);
  });
});
