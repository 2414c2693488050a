// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { booleanAttr, enumAttr, idAttr } from './attributes';
import { defineElement, type ElementHandle } from './define-element';

vi.mock('../config/config', () => ({ ensureAppContext: () => Promise.resolve() }));

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

let counter = 0;
const uniqueTag = () => `hearth-probe-${++counter}` as const;

function defineProbe(tag: `hearth-${string}`) {
  defineElement({
    tag,
    attributes: { open: booleanAttr(), size: enumAttr(['s', 'm'], 'm'), itemId: idAttr() },
    properties: ['data'],
    styles: [':host { color: red }'],
    view: ({ open, size, itemId, data, element }: { open: boolean; size: 's' | 'm'; itemId: number | null; data?: { n: number }; element: ElementHandle }) => (
      <button type="button" data-open={String(open)} data-size={size} data-id={String(itemId)} data-n={String(data?.n)} onClick={() => element.emit('probe-clicked', { size })}>
        probe
      </button>
    ),
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('defineElement', () => {
  it('turns a bare boolean attribute on and its removal off', async () => {
    const tag = uniqueTag();
    defineProbe(tag);
    document.body.innerHTML = `<${tag} open></${tag}>`;
    await flush();
    const host = document.querySelector(tag)!;
    expect(host.shadowRoot!.querySelector('button')!.dataset.open).toBe('true');
    host.removeAttribute('open');
    await flush();
    expect(host.shadowRoot!.querySelector('button')!.dataset.open).toBe('false');
  });

  it('shows an inline message and emits hearth-error for a malformed attribute, without throwing', async () => {
    const tag = uniqueTag();
    defineProbe(tag);
    const errors: CustomEvent[] = [];
    document.addEventListener('hearth-error', (e) => errors.push(e as CustomEvent));
    document.body.innerHTML = `<${tag} item-id="abc" size="xl"></${tag}>`;
    // The events go out once the view has rendered: wait for them, not a fixed time (under load 20 ms was not enough).
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    const root = document.querySelector(tag)!.shadowRoot!;
    const message = root.querySelector('[part="attribute-error"]')!.textContent!;
    expect(message).toContain('The item-id attribute must be a positive whole number');
    expect(message).toContain('The size attribute must be one of "s", "m" (got "xl")');
    expect(root.querySelector('button')!.dataset.size).toBe('m');
    expect(errors.map((e) => e.detail.attribute).sort()).toEqual(['item-id', 'size']);
    expect(errors[0]!.detail.tag).toBe(tag);
  });

  it('clears the message when the attribute is fixed', async () => {
    const tag = uniqueTag();
    defineProbe(tag);
    document.body.innerHTML = `<${tag} item-id="abc"></${tag}>`;
    await flush();
    const host = document.querySelector(tag)!;
    host.setAttribute('item-id', '42');
    await flush();
    expect(host.shadowRoot!.querySelector('[part="attribute-error"]')).toBeNull();
    expect(host.shadowRoot!.querySelector('button')!.dataset.id).toBe('42');
  });

  it('passes rich data set as a property', async () => {
    const tag = uniqueTag();
    defineProbe(tag);
    const host = document.createElement(tag) as HTMLElement & { data: { n: number } };
    document.body.append(host);
    host.data = { n: 7 };
    await flush();
    expect(host.shadowRoot!.querySelector('button')!.dataset.n).toBe('7');
  });

  it('dispatches hearth- events that bubble and cross the shadow boundary', async () => {
    const tag = uniqueTag();
    defineProbe(tag);
    document.body.innerHTML = `<div><${tag} size="s"></${tag}></div>`;
    await flush();
    const seen: CustomEvent[] = [];
    document.body.addEventListener('hearth-probe-clicked', (e) => seen.push(e as CustomEvent));
    document.querySelector(tag)!.shadowRoot!.querySelector('button')!.click();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.detail).toEqual({ size: 's' });
    expect(seen[0]!.bubbles && seen[0]!.composed).toBe(true);
  });

  it('adopts stylesheets into an open shadow root', async () => {
    const tag = uniqueTag();
    defineProbe(tag);
    document.body.innerHTML = `<${tag}></${tag}>`;
    const host = document.querySelector(tag)!;
    expect(host.shadowRoot).not.toBeNull();
    expect(host.shadowRoot!.adoptedStyleSheets.length).toBe(3);
  });

  it("keeps a skeleton's shadow root, and its first render replaces the skeleton", async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag} size="s"></${tag}>`;
    const host = document.querySelector(tag)!;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<article data-skeleton aria-busy="true"><button type="button" disabled>probe</button></article>';
    defineProbe(tag);
    await flush();
    expect(host.shadowRoot).toBe(root);
    expect(root.querySelector('[data-skeleton]')).toBeNull();
    expect(root.querySelectorAll('button')).toHaveLength(1);
    expect(root.querySelector('button')!.dataset.size).toBe('s');
    expect(root.querySelector('button')!.disabled).toBe(false);
  });

  it('treats a second registration of the same tag as a no-op', () => {
    const tag = uniqueTag();
    defineProbe(tag);
    const first = customElements.get(tag);
    expect(() => defineProbe(tag)).not.toThrow();
    expect(customElements.get(tag)).toBe(first);
  });
});
