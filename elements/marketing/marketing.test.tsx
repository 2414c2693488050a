// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { marketingTexts as t } from '../../core/i18n/marketing';
import { draftOf, setText, togglePhoto } from '../../core/marketing/editor-state';
import type { Editing } from '../../core/marketing/use-marketing';
import { material, template } from '../../core/testing/marketing-material';
import { testRoot } from '../../core/testing/react-root';
import { MarketingView } from './marketing.view';

type Props = Parameters<typeof MarketingView>[0];

const editing = (overrides: Partial<Editing> = {}): Editing => ({ material, template, draft: draftOf(material), dirty: false, save: { status: 'idle' }, ...overrides });

const avery = { userId: '11', name: 'Avery Stone', phone: '(801) 555-0123', pictureUrl: 'https://api.test/static/demo/avery.svg', isSeller: false };
const robin = { userId: '12', name: 'Robin Reyes', phone: '', pictureUrl: null, isSeller: false };
const listingAgent = { agent: avery, candidates: [], canChange: false };

const base: Props = {
  state: { status: 'loaded', templates: [template], materials: [{ id: material.id, modified: material.modified, template: material.template }], listingAgent },
  editing: null,
  creating: null,
  signIn: () => {},
  reload: () => {},
  create: async () => {},
  open: async () => {},
  back: () => {},
  setText: () => {},
  togglePhoto: () => {},
  setOpenHouse: () => {},
  save: async () => {},
  agentSave: { status: 'idle' },
  chooseAgent: async () => {},
};

const dom = testRoot();
const render = (props: Partial<Props>) => dom.render(<MarketingView {...base} {...props} />);

describe('MarketingView', () => {
  it('needs a case, then loading, signed-out and failed states', () => {
    expect(render({ state: { status: 'needs-case' } }).querySelector('[role="alert"]')!.textContent).toBe(t.needsCase);
    expect(render({ state: { status: 'loading' } }).querySelector('[part="base"]')!.getAttribute('data-state')).toBe('loading');
    const onSignIn = vi.fn();
    const signedOut = render({ state: { status: 'signed-out' }, signIn: onSignIn });
    expect(signedOut.querySelector('[part="message"]')!.textContent).toBe(t.signedOut);
    act(() => signedOut.querySelector<HTMLButtonElement>('[part="sign-in"]')!.click());
    expect(onSignIn).toHaveBeenCalledTimes(1);
    const onRetry = vi.fn();
    const failed = render({ state: { status: 'failed', message: t.loadFailed }, reload: onRetry });
    expect(failed.querySelector('[role="alert"]')!.textContent).toBe(t.loadFailed);
    act(() => failed.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the gallery with preview images and the saved materials', () => {
    const onCreate = vi.fn();
    const onOpen = vi.fn();
    const view = render({ create: onCreate, open: onOpen });
    const image = view.querySelector<HTMLImageElement>('[part="template"] img')!;
    expect(image.src).toBe(template.imageUrl);
    expect(image.alt).toBe(t.templatePreviewAlt(template.name));
    act(() => view.querySelector<HTMLButtonElement>('[part="use-template"]')!.click());
    expect(onCreate).toHaveBeenCalledWith('social-square');
    act(() => view.querySelector<HTMLButtonElement>('[part="material"]')!.click());
    expect(onOpen).toHaveBeenCalledWith({ id: '5', modified: material.modified, template: { id: 'social-square' } });
    const empty = render({ state: { status: 'loaded', templates: [template], materials: [], listingAgent } });
    expect(empty.textContent).toContain(t.noMaterials);
    const refused = render({ creating: { templateId: 'social-square', failed: 'Case not found.' } });
    expect(refused.querySelector('[part="create-error"]')!.textContent).toBe('Case not found.');
  });

  it("shows the case's listing agent; the partner's staff choose another, the seller cannot (issue 36)", () => {
    const seller = render({});
    const card = seller.querySelector('[part="listing-agent"] [part="agent-card"]')!;
    expect(card.querySelector('.agent-name')!.textContent).toBe('Avery Stone');
    expect(card.querySelector<HTMLImageElement>('[part="agent-picture"]')!.src).toBe(avery.pictureUrl);
    expect(card.querySelector('a')!.getAttribute('href')).toBe('tel:8015550123');
    expect(seller.querySelector('[part="agent-select"]')).toBeNull();

    const onChoose = vi.fn();
    const staff = render({ state: { ...base.state, listingAgent: { agent: avery, candidates: [avery, robin], canChange: true } } as Props['state'], chooseAgent: onChoose });
    const select = staff.querySelector<HTMLSelectElement>('[part="agent-select"]')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Avery Stone', 'Robin Reyes']);
    expect(staff.querySelector<HTMLButtonElement>('[part="agent-save"]')!.disabled).toBe(true);
    act(() => {
      select.value = '12';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => staff.querySelector<HTMLButtonElement>('[part="agent-save"]')!.click());
    expect(onChoose).toHaveBeenCalledWith('12');

    const none = render({ state: { ...base.state, listingAgent: { agent: null, candidates: [], canChange: false } } as Props['state'] });
    expect(none.querySelector('[part="listing-agent"]')!.textContent).toContain(t.listingAgent.noAgent);
  });

  it('edits texts and photos, previews them live, saves and links the downloads', () => {
    const onText = vi.fn();
    const onTogglePhoto = vi.fn();
    const onSave = vi.fn();
    const draft = setText(material, draftOf(material), 'headline', 'Open Sunday');
    const view = render({ editing: editing({ draft, dirty: true }), setText: onText, togglePhoto: onTogglePhoto, save: onSave });
    const headline = view.querySelector<HTMLInputElement>('input[data-field="headline"]')!;
    expect(headline.value).toBe('Open Sunday');
    expect(headline.maxLength).toBe(40);
    expect(view.querySelector(`#${CSS.escape(headline.id)}-left`)!.textContent).toBe(t.charactersLeft(29));
    const texts = [...view.querySelectorAll('[part="preview-image"] text')].map((n) => n.textContent);
    expect(texts).toEqual(['Open Sunday', '$525,000']);
    expect(view.querySelector('[part="preview-image"] image')!.getAttribute('href')).toBe(material.fill.listingPhotos[0]!.url);
    expect(view.querySelector('[part="preview-image"] path')!.getAttribute('d')).toBe(material.fill.qr.path);
    expect(view.querySelector('[part="save-status"]')!.textContent).toBe(t.unsavedChanges);
    const checkboxes = view.querySelectorAll<HTMLInputElement>('[part="photo"] input[type="checkbox"]');
    expect([...checkboxes].map((c) => c.checked)).toEqual([true, false]);
    act(() => checkboxes[1]!.click());
    expect(onTogglePhoto).toHaveBeenCalledWith(12, 1);
    act(() => view.querySelector<HTMLButtonElement>('[part="save"]')!.click());
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(view.querySelector<HTMLAnchorElement>('[part="download-pdf"]')!.href).toBe(material.pdfUrl);
    expect(view.querySelector<HTMLAnchorElement>('[part="download-pdf"]')!.getAttribute('download')).toBe('social-square-5.pdf');
    expect(view.querySelector<HTMLAnchorElement>('[part="download-png"]')!.getAttribute('download')).toBe('social-square-5.png');
    const failed = render({ editing: editing({ save: { status: 'failed', message: 'Headline must be at most 40 characters.' } }) });
    expect(failed.querySelector('[part="save-status"]')!.getAttribute('role')).toBe('alert');
  });
});

describe('the saved version’s files (rendered once on the server)', () => {
  it('shows the progress while they are being prepared: the downloads wait, not usable, then become links', () => {
    const rendering = render({ editing: editing({ material: { ...material, renderStatus: 'RENDERING' } }) });
    expect(rendering.querySelector('[part="base"]')!.getAttribute('data-render-state')).toBe('rendering');
    const status = rendering.querySelector('[part="render-status"]')!;
    expect(status.textContent).toBe(t.renderingFiles);
    expect(status.getAttribute('role')).toBe('status');
    expect(status.querySelector('progress')).not.toBeNull();
    for (const part of ['download-pdf', 'download-png']) {
      const link = rendering.querySelector<HTMLAnchorElement>(`[part="${part}"]`)!;
      expect(link.hasAttribute('href')).toBe(false);
      expect(link.getAttribute('aria-disabled')).toBe('true');
      expect(link.getAttribute('aria-describedby')).toBe(status.id);
    }
    const failed = render({ editing: editing({ material: { ...material, renderStatus: 'FAILED' } }) });
    expect(failed.querySelector('[part="render-status"]')!.textContent).toBe(t.renderFailed);
    expect(failed.querySelector('[part="render-status"]')!.getAttribute('role')).toBe('alert');
    const ready = render({ editing: editing() });
    expect(ready.querySelector('[part="render-status"]')).toBeNull();
    expect(ready.querySelector<HTMLAnchorElement>('[part="download-png"]')!.href).toBe(material.pngUrl);
  });
});

describe('editor state', () => {
  it('keeps defaults out of the draft, and choosing photos stays within the slots', () => {
    const start = draftOf(material);
    expect(setText(material, start, 'headline', 'Just Listed').texts).toEqual({});
    expect(setText(material, start, 'headline', '').texts).toEqual({ headline: '' });
    expect(togglePhoto([], 11, 1)).toEqual([11]);
    expect(togglePhoto([11], 12, 1)).toEqual([12]);
    expect(togglePhoto([11], 11, 1)).toEqual([]);
    expect(togglePhoto([1, 2, 3], 4, 3)).toEqual([1, 3, 4]);
    expect(togglePhoto([1, 2, 3], 2, 3)).toEqual([1, 3]);
  });
});
