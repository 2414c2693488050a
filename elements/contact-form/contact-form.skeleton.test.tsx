// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appContextAtom } from '../../core/config/config';
import { UNBRANDED } from '../../core/config/brand-fields';
import { resolveContext, type ResolvedAppContext } from '../../core/config/context';
import { contactTexts as t } from '../../core/i18n/contact';
import { parseAttributes } from '../../core/define-element/attributes';
import { hearthStore } from '../../core/state/store';
import { testRoot } from '../../core/testing/react-root';
import { skeleton } from './contact-form.skeleton';
import { ContactForm } from './contact-form.view';

// The view's first frame: the listing's address is still on its way (the query itself is tested elsewhere).
vi.mock('../../core/listings/listing-summary', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../core/listings/listing-summary')>()),
  useListingSummary: (listingId: number | null) => (listingId === null ? { status: 'none' } : { status: 'loading' }),
}));


const acme = resolveContext({
  agentName: 'Avery Stone',
  agentPic: 'https://api.hearth.test/static/demo/avery.svg',
  officeNumber: '+18015550142',
  cellNumber: '+18015550199',
  agentEmail: 'avery.stone@acme-realty.example',
  tollFreeNumber: '+18885550123',
  phoneDisplay: { '+18015550142': '(801) 555-0142', '+18015550199': '(801) 555-0199', '+18885550123': '(888) 555-0123' },
  websiteName: 'Acme Realty',
  siteUrl: 'https://acme.hearth.test',
  themeData: { tokens: { 'color-primary': '#0b6e4f' } },
});

/** Attributes that differ by design: ids (useId), the busy flag, the controlled values. */
const IGNORED = new Set(['id', 'for', 'value', 'aria-busy', 'data-skeleton']);

/** Every element in document order as `tag [attributes] "own text"`, the honeypot (out of the flow) left out. */
function outline(root: Element): string[] {
  const lines: string[] = [];
  const visit = (node: Element) => {
    if (node.classList.contains('honeypot')) return;
    const attributes = [...node.attributes]
      .filter((a) => !IGNORED.has(a.name) && !(node.localName === 'article' && a.name === 'data-state'))
      .map((a) => `${a.name}=${a.value}`)
      .sort();
    const text = [...node.childNodes].filter((child) => child.nodeType === 3).map((child) => child.textContent).join('');
    lines.push(`${node.localName} [${attributes.join(' ')}] "${text}"`);
    for (const child of node.children) visit(child);
  };
  for (const child of root.children) visit(child);
  return lines;
}

const dom = testRoot();

function renderView(attributes: Record<string, string | null>, context: ResolvedAppContext | null): HTMLDivElement {
  const { values } = parseAttributes(skeleton.attributes, (name) => attributes[name] ?? null);
  if (context) hearthStore.set(appContextAtom, { context, source: 'network', error: null, appContextLoaded: true });
  const element = { tag: skeleton.tag, host: document.createElement('div'), emit: () => {} };
  dom.render(<ContactForm {...values} element={element} />);
  return dom.container;
}

function renderSkeleton(attributes: Record<string, string | null>, context: ResolvedAppContext | null): HTMLDivElement {
  const { values } = parseAttributes(skeleton.attributes, (name) => attributes[name] ?? null);
  const div = document.createElement('div');
  div.innerHTML = skeleton.render(values, context);
  return div;
}

beforeEach(() => {
  window.hearth = { loader: '0.1.0', api: 'https://api.hearth.test', partner: 'acme', cdn: 'https://api.hearth.test/cdn/v0.1.0/' };
  hearthStore.set(appContextAtom, null);
});

afterEach(() => {
  delete window.hearth;
});

describe("<hearth-contact-form>'s skeleton is the view's first frame", () => {
  const cases: [string, Record<string, string | null>, ResolvedAppContext | null][] = [
    ['for a listing, config known', { listingId: '1001' }, acme],
    ['for a listing, config not known yet', { listingId: '1001' }, null],
    ['small, config known', { variant: 'small' }, acme],
    ['small, for a listing (no photo)', { variant: 'small', listingId: '1001' }, acme],
    ['general, agent hidden', { hideAgent: '' }, acme],
    ['general, config not known yet', {}, null],
    ['malformed attributes (their fallbacks)', { listingId: 'twelve', variant: 'huge' }, acme],
  ];
  for (const [name, attributes, context] of cases) {
    it(`the same elements, classes, parts and texts: ${name}`, () => {
      const expected = outline(renderView(attributes, context));
      expect(expected.length).toBeGreaterThan(20);
      expect(outline(renderSkeleton(attributes, context))).toEqual(expected);
    });
  }

  it('every label names its control, and every control is live (DESIGN §5: a disabled skeleton is a trap)', () => {
    const view = renderSkeleton({ listingId: '1001' }, acme);
    const controls = [...view.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLButtonElement>('input, textarea, button')];
    expect(controls).toHaveLength(6);
    expect(controls.filter((control) => control.disabled)).toEqual([]);
    for (const label of view.querySelectorAll('label')) expect(view.querySelector(`#${label.htmlFor}`)).not.toBeNull();
    // Named, typed and completed as the view's, so what is typed is handed over and the browser can fill it.
    const phone = view.querySelector<HTMLInputElement>('input[name="phone"]')!;
    expect([phone.type, phone.autocomplete, phone.inputMode]).toEqual(['tel', 'tel', 'tel']);
  });

  it("shows the config's phones as the server formatted them, linked to the stored number", () => {
    const view = renderSkeleton({}, acme);
    const links = [...view.querySelectorAll('a[href^="tel:"]')].map((a) => `${a.getAttribute('href')} ${a.textContent}`);
    expect(links).toEqual(['tel:+18015550142 (801) 555-0142', 'tel:+18015550199 (801) 555-0199', 'tel:+18885550123 (888) 555-0123']);
  });

  it("shows nothing of our brand before the partner's context is known, and nothing the partner has not set (issue 35)", () => {
    for (const view of [renderView({}, null), renderSkeleton({}, null)]) {
      expect(view.textContent).not.toMatch(/hearth|555-0199|555-0100/i);
      expect(view.querySelector('[part="call-line"]')).toBeNull();
    }
    const bare = resolveContext({ ...UNBRANDED, partner: { name: 'Bare Realty' } });
    for (const view of [renderView({}, bare), renderSkeleton({}, bare)]) {
      expect(view.querySelector('[part="consent"]')!.textContent).toBe(t.consent('Bare Realty'));
      expect(view.querySelector('[part="call-line"]')).toBeNull();
    }
  });

  it('escapes what the config says', () => {
    const view = renderSkeleton({}, resolveContext({ agentName: '<img src=x onerror=alert(1)>', websiteName: 'A & B "Homes"' }));
    expect(view.querySelector('.agent-name')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(view.querySelectorAll('img')).toHaveLength(0);
    expect(view.querySelector('[part="consent"]')!.textContent).toContain('you ask A & B "Homes" and its agent');
  });
});
