// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configCacheKey } from '../../loader/contract';
import { booleanAttr, enumAttr, idAttr } from './attributes';
import { readSkeletonInput, releaseSkeleton, restoreSkeletonFocus } from '../ui/use-skeleton-handover';
import { escapeHtml, paintSkeletons, removeSkeleton, SKELETON_ATTRIBUTE, startSkeleton, type ElementSkeleton } from './skeleton';

let counter = 0;
const uniqueTag = () => `hearth-skeleton-probe-${++counter}` as const;

const attributes = { itemId: idAttr(), size: enumAttr(['s', 'm'], 'm'), quiet: booleanAttr() };

function probeSkeleton(tag: `hearth-${string}`): ElementSkeleton<typeof attributes> {
  return {
    tag,
    attributes,
    styles: [':host { display: block; min-height: 100px }'],
    render: ({ itemId, size, quiet }, context) =>
      `<article part="base" data-size="${size}" data-item="${itemId}" data-quiet="${quiet}">` +
      `<label for="name">Name</label><input id="name" disabled><p>${escapeHtml(context?.agentName ?? 'no context')}</p></article>`,
  };
}

const acmeResponse = { app_config: { app_context: JSON.stringify({ agentName: 'Avery <Stone>', themeData: { tokens: { 'color-primary': '#0b6e4f' } } }) } };

beforeEach(() => {
  localStorage.clear();
  window.hearth = { loader: '0.1.0', api: 'https://api.hearth.test', partner: 'acme', cdn: 'https://api.hearth.test/cdn/v0.1.0/' };
});

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.hearth;
});

describe('paintSkeletons', () => {
  it('paints into every undefined element without a shadow root: open root, marked, busy, attributes parsed', async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag} item-id="7" size="s" quiet></${tag}><${tag}></${tag}>`;
    expect(await paintSkeletons(probeSkeleton(tag))).toBe(2);
    const [first, second] = [...document.querySelectorAll(tag)].map((host) => host.shadowRoot!);
    expect(first!.adoptedStyleSheets).toHaveLength(1);
    const article = first!.querySelector('article')!;
    expect(article.dataset).toMatchObject({ size: 's', item: '7', quiet: 'true' });
    expect(article.hasAttribute(SKELETON_ATTRIBUTE)).toBe(true);
    expect(article.getAttribute('aria-busy')).toBe('true');
    expect(first!.querySelector('input')!.disabled).toBe(true);
    expect(second!.querySelector('article')!.dataset).toMatchObject({ size: 'm', item: 'null', quiet: 'false' });
  });

  it("shows the element's message for a malformed attribute above the skeleton", async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag} item-id="twelve" size="xl"></${tag}>`;
    await paintSkeletons(probeSkeleton(tag));
    const root = document.querySelector(tag)!.shadowRoot!;
    const message = root.querySelector('[part="attribute-error"]')!;
    expect(message.textContent).toContain('The item-id attribute must be a positive whole number, like "1001" (got "twelve").');
    expect(message.textContent).toContain('The size attribute must be one of "s", "m" (got "xl").');
    expect(message.hasAttribute(SKELETON_ATTRIBUTE)).toBe(true);
    expect(root.firstElementChild).toBe(message);
  });

  it('leaves elements that have a shadow root alone, and does nothing once the tag is defined', async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag} id="rooted"></${tag}>`;
    document.getElementById('rooted')!.attachShadow({ mode: 'open' }).innerHTML = '<p>mine</p>';
    expect(await paintSkeletons(probeSkeleton(tag))).toBe(0);
    expect(document.getElementById('rooted')!.shadowRoot!.innerHTML).toBe('<p>mine</p>');

    const defined = uniqueTag();
    customElements.define(defined, class extends HTMLElement {});
    document.body.innerHTML = `<${defined}></${defined}>`;
    expect(await paintSkeletons(probeSkeleton(defined))).toBe(0);
    expect(document.querySelector(defined)!.shadowRoot).toBeNull();
  });

  it("uses the partner's context when the loader's fetch has settled, escaped", async () => {
    const tag = uniqueTag();
    window.hearth!.config = Promise.resolve(acmeResponse);
    document.body.innerHTML = `<${tag}></${tag}>`;
    await paintSkeletons(probeSkeleton(tag));
    const root = document.querySelector(tag)!.shadowRoot!;
    expect(root.querySelector('p')!.textContent).toBe('Avery <Stone>');
    expect(root.innerHTML).toContain('Avery &lt;Stone&gt;');
  });

  it('does not wait for a fetch still in flight: the skeleton starts from the defaults', async () => {
    const tag = uniqueTag();
    window.hearth!.config = new Promise(() => {});
    document.body.innerHTML = `<${tag}></${tag}>`;
    await paintSkeletons(probeSkeleton(tag));
    expect(document.querySelector(tag)!.shadowRoot!.querySelector('p')!.textContent).toBe('no context');
  });

  it('uses a fresh cached config (the loader does not fetch then)', async () => {
    const tag = uniqueTag();
    localStorage.setItem(configCacheKey('https://api.hearth.test', 'acme'), JSON.stringify({ expires: Date.now() + 60_000, value: acmeResponse }));
    document.body.innerHTML = `<${tag}></${tag}>`;
    await paintSkeletons(probeSkeleton(tag));
    expect(document.querySelector(tag)!.shadowRoot!.querySelector('p')!.textContent).toBe('Avery <Stone>');
  });
});

describe('removeSkeleton', () => {
  it('removes only the marked top-level nodes', async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag} item-id="x"></${tag}>`;
    await paintSkeletons(probeSkeleton(tag));
    const root = document.querySelector(tag)!.shadowRoot!;
    root.append(document.createElement('section'));
    expect([...root.children].map((node) => node.localName)).toEqual(['div', 'article', 'section']);
    removeSkeleton(root);
    expect([...root.children].map((node) => node.localName)).toEqual(['section']);
  });
});

describe('startSkeleton (what a skeleton entry chunk runs)', () => {
  const base = 'https://cdn.hearth.test/cdn/v0.1.0/elements/probe.js';

  it("imports the element's chunk, preloads what it imports, and paints before it has loaded", async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag}></${tag}>`;
    let finish!: () => void;
    const imported: string[] = [];
    const started = startSkeleton(probeSkeleton(tag), base, './probe.element.js', ['../chunks/ui-abc.js', '../chunks/field-def.js'], (url) => {
      imported.push(url);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    expect(imported).toEqual(['https://cdn.hearth.test/cdn/v0.1.0/elements/probe.element.js']);
    const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector(tag)!.shadowRoot!.querySelector(`[${SKELETON_ATTRIBUTE}]`)).not.toBeNull();
    // The preloads go in after the frame that shows the skeleton (each link costs the main thread).
    expect(links()).toEqual([]);
    await vi.waitFor(() =>
      expect(links().map((link) => link.href)).toEqual(['https://cdn.hearth.test/cdn/v0.1.0/chunks/ui-abc.js', 'https://cdn.hearth.test/cdn/v0.1.0/chunks/field-def.js']),
    );
    expect(links().every((link) => link.crossOrigin === '' || link.crossOrigin === 'anonymous')).toBe(true);
    finish();
    await expect(started).resolves.toBeUndefined();
  });

  it('a skeleton that throws leaves the element to load', async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag}></${tag}>`;
    const broken = { ...probeSkeleton(tag), render: () => { throw new TypeError('no'); } };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(startSkeleton(broken, base, './probe.element.js', [], () => Promise.resolve())).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.any(TypeError));
    error.mockRestore();
  });

  it("rejects when the element's chunk fails, so the loader reports it", async () => {
    const tag = uniqueTag();
    await expect(startSkeleton(probeSkeleton(tag), base, './probe.element.js', [], () => Promise.reject(new Error('404')))).rejects.toThrow('404');
  });
});

describe('a live skeleton (DESIGN §5: the first frame is live and keeps what was typed)', () => {
  function liveSkeleton(tag: `hearth-${string}`): ElementSkeleton<typeof attributes> {
    return {
      tag,
      attributes,
      styles: [],
      render: () =>
        `<form part="form"><label for="n">Name</label><input id="n" name="name"><label for="e">Email</label><input id="e" name="email" type="email">` +
        `<input type="checkbox" name="news" value="yes"><textarea name="note"></textarea><button type="submit" data-state="idle">Send</button></form>`,
    };
  }

  it('reads what was typed, where the focus and caret are, and holds a submit (once, busy) for the view', async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag}></${tag}>`;
    await paintSkeletons(liveSkeleton(tag));
    const root = document.querySelector(tag)!.shadowRoot!;
    const name = root.querySelector<HTMLInputElement>('[name="name"]')!;
    expect(name.disabled).toBe(false);
    name.value = 'Ada Lovelace';
    root.querySelector<HTMLTextAreaElement>('[name="note"]')!.value = 'Hello';
    name.focus();
    name.setSelectionRange(3, 3);
    expect(readSkeletonInput(root)).toEqual({
      values: { name: 'Ada Lovelace', email: '', note: 'Hello' },
      focus: { name: 'name', selectionStart: 3, selectionEnd: 3, selectionDirection: expect.anything() },
      submitQueued: false,
    });

    const form = root.querySelector('form')!;
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(readSkeletonInput(root)!.submitQueued).toBe(true);
    expect(root.querySelector('button')!.getAttribute('aria-busy')).toBe('true');

    // The view's control of the same name gets the focus and caret; the skeleton's own is left aside.
    const view = document.createElement('div');
    view.innerHTML = '<input name="name" value="Ada Lovelace">';
    root.append(view);
    restoreSkeletonFocus(root, readSkeletonInput(root)!.focus!);
    expect(root.activeElement).toBe(view.querySelector('input'));
    expect(view.querySelector('input')!.selectionStart).toBe(3);

    removeSkeleton(root);
    releaseSkeleton(root);
    expect(readSkeletonInput(root)).toBeNull();
  });

  it('keeps what was typed, the focus and a held submit when the root is emptied before the view renders (preact/compat)', async () => {
    const tag = uniqueTag();
    document.body.innerHTML = `<${tag}></${tag}>`;
    await paintSkeletons(liveSkeleton(tag));
    const root = document.querySelector(tag)!.shadowRoot!;
    const email = root.querySelector<HTMLInputElement>('[name="email"]')!;
    email.value = 'ada@example.com';
    email.focus();
    root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    root.textContent = '';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readSkeletonInput(root)).toMatchObject({ values: { name: '', email: 'ada@example.com', note: '' }, focus: { name: 'email' }, submitQueued: true });
  });
});
