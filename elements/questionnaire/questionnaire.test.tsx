// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { questionnaireTexts as t } from '../../core/i18n/questionnaire';
import { testRoot } from '../../core/testing/react-root';
import { safeTree } from '../../questionnaire/client/render';
import { QuestionnaireView } from './questionnaire.view';
import type { QuestionnaireController } from './use-questionnaire';


const dom = testRoot();

const screenData = {
  id: 'r1',
  questionnaire: 'kitchen-sink',
  title: 'Every widget',
  flow: 'general' as const,
  screenId: 'text',
  subjectName: 'Text and numbers',
  savedAt: '2026-01-01T00:00:00.000Z',
  markup: '<p>Intro</p>',
  activeCategory: 'a',
  categories: [
    { id: 'a', name: 'First', state: 'active' as const },
    { id: 'b', name: 'Second', state: 'upcoming' as const },
  ],
  context: {},
  start: true,
  end: false,
  disableNext: false,
  canGoBack: false,
  completedAt: null,
};

function controller(overrides: Partial<QuestionnaireController>): QuestionnaireController {
  return {
    status: 'ready',
    screen: { data: screenData, tree: safeTree(screenData.markup), widgets: [] },
    values: {},
    states: [],
    visible: [],
    current: undefined,
    index: 1,
    buttons: { next: 'hidden', submit: 'enabled' },
    formValid: true,
    showErrors: false,
    formError: null,
    errorsOf: () => null,
    change: () => undefined,
    submit: async () => undefined,
    forward: () => undefined,
    back: async () => undefined,
    env: { responseId: 'r1', loadSummary: async () => ({ ok: true, value: [] }), startQuestionnaire: () => undefined, advance: () => undefined },
    missingAttributes: false,
    ...overrides,
  } as QuestionnaireController;
}

const render = (q: QuestionnaireController, mode: 'form' | 'single' = 'form') => {
  dom.render(<QuestionnaireView q={q} mode={mode} />);
  return dom.container;
};

describe('QuestionnaireView', () => {
  it('says what is missing without a questionnaire or response id', () => {
    expect(render(controller({ missingAttributes: true })).textContent).toBe(t.missingQuestionnaire);
  });

  it('refuses clearly when the response may not be opened', () => {
    expect(render(controller({ status: 'unauthorized' })).querySelector('[part="message"]')!.textContent).toBe(t.notAuthorized);
  });

  it('shows progress by category with the current one marked', () => {
    const view = render(controller({}));
    const items = [...view.querySelectorAll('[part="progress"] li')];
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['active', 'upcoming']);
    expect(items[0]!.getAttribute('aria-current')).toBe('step');
    expect(view.querySelector('h2')!.textContent).toBe('Text and numbers');
    expect(view.querySelector('[part="screen"] p')!.textContent).toBe('Intro');
  });

  it('form mode: Next, or Submit on an end screen; Back only when there is a way back', () => {
    expect(render(controller({})).querySelector('[part="submit"]')!.textContent).toBe(t.next);
    expect(dom.container.querySelector('[part="back"]')).toBeNull();
    const end = controller({ screen: { data: { ...screenData, end: true, canGoBack: true }, tree: [], widgets: [] } });
    expect(render(end).querySelector('[part="submit"]')!.textContent).toBe(t.submit);
    expect(dom.container.querySelector('[part="back"]')!.textContent).toBe(t.back);
  });

  it('single mode: Next disabled, Submit hidden, as the controller says', () => {
    const view = render(controller({ buttons: { next: 'disabled', submit: 'hidden' } }), 'single');
    expect((view.querySelector('[part="next"]') as HTMLButtonElement).disabled).toBe(true);
    expect(view.querySelector('[part="submit"]')).toBeNull();
  });

  it('a disable-next screen offers no Next', () => {
    const stop = controller({ screen: { data: { ...screenData, disableNext: true }, tree: [], widgets: [] } });
    expect(render(stop).querySelector('[part="submit"]')).toBeNull();
  });
});
