/**
 * Skeletons (DESIGN §5: "paint a static skeleton before state and validation are built"). An element with a
 * `<name>.skeleton.ts` gets a small CDN entry chunk (cdn/build-cdn.ts) that starts loading the element, paints the
 * skeleton into every such tag on the page, and waits for the element. The skeleton is the element's first frame as
 * static HTML: its markup, CSS, parts and texts, so it takes the view's space and looks like it. The element keeps
 * the skeleton's shadow root and its first render replaces the skeleton (define-element.tsx), in one frame.
 *
 * Its controls are live (DESIGN §5: "the first frame's controls are live and keep what was typed"): a visitor may
 * type into them, and a form submitted before the view is ready is held (`data-submit-queued`, its submit button
 * busy). The view takes over what was typed, the focus and caret, and the held submit, once
 * (`useSkeletonHandover`, core/ui/use-skeleton-handover.ts: not here, so the runtime chunk does not carry it).
 *
 * The entry chunk must run without the runtime: nothing here (or in a skeleton) may import the framework, jotai,
 * zod or the config loader.
 */
import baseCss from '../../themes/base.css?inline';
import { tokensToCss } from '../../themes/theme';
import { DEFAULT_TOKENS } from '../../themes/tokens';
import { knownAppContext, type ResolvedAppContext } from '../config/context';
import { parseAttributes, toKebab, type AttributeSpec, type AttributeValues } from './attributes';

/** On every top-level node of a skeleton in a shadow root. */
export const SKELETON_ATTRIBUTE = 'data-skeleton';
/** On a skeleton's form submitted before the view was ready: the view submits it once it has taken over. */
export const SUBMIT_QUEUED_ATTRIBUTE = 'data-submit-queued';

/**
 * A skeleton's nodes and its last focused control, kept on its shadow root (under `HELD_SKELETON`) for the view
 * to take over: preact/compat empties the root before its first render, so by then the nodes may be detached
 * (they keep what was typed) and the focus gone with them.
 */
export interface HeldSkeleton {
  nodes: Element[];
  active: Element | null;
}
export const HELD_SKELETON = 'hearthSkeleton';

export interface ElementSkeleton<A extends Record<string, AttributeSpec<any>>> {
  tag: `hearth-${string}`;
  /** The element's attribute map (the same object its `defineElement` call uses). */
  attributes: A;
  /** The element's own CSS texts, as its `defineElement` call lists them (base and theme come first). */
  styles: readonly string[];
  /**
   * The view's first frame as HTML: values escaped with `escapeHtml`; its controls live, each with the `name` the
   * view's control of the same field has (what was typed is handed over by name). `context` is the partner's app
   * context when the page already has it (else null: the view will start from the defaults too).
   */
  render(values: AttributeValues<A>, context: ResolvedAppContext | null): string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value, safe inside HTML (config values are not validated yet: anything becomes text). */
export const escapeHtml = (value: string): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Removes whatever is left of a skeleton once the view has rendered beside it. */
export function removeSkeleton(root: ShadowRoot): void {
  // (`:scope > …` would match nothing: a shadow root is not an element.)
  for (const node of [...root.children]) if (node.hasAttribute(SKELETON_ATTRIBUTE)) node.remove();
}

/**
 * Paints the skeleton into every undefined `skeleton.tag` on the page that has no shadow root yet; returns how many.
 * Malformed attributes show the same inline message as the element (define-element.tsx).
 */
export async function paintSkeletons<A extends Record<string, AttributeSpec<any>>>(
  skeleton: ElementSkeleton<A>,
  doc: Document = document,
): Promise<number> {
  const win = doc.defaultView ?? window;
  const undefinedHosts = () =>
    win.customElements.get(skeleton.tag) ? [] : [...doc.querySelectorAll(skeleton.tag)].filter((host) => !host.shadowRoot);
  if (!undefinedHosts().length) return 0;
  const context = await knownAppContext(win);
  // The sheets the element adopts (define-element.tsx), as one; the partner's theme when it is known already.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync([baseCss, tokensToCss({ ...DEFAULT_TOKENS, ...(context?.themeData.tokens ?? {}) }), ...skeleton.styles].join('\n'));
  // Looked up again: the element may have been defined, or given a root, while the context was read.
  const hosts = undefinedHosts();
  for (const host of hosts) {
    const { values, problems } = parseAttributes(skeleton.attributes, (name) => host.getAttribute(toKebab(name)));
    const root = host.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet];
    const message = problems.map((problem) => `<p>${escapeHtml(problem.message)}</p>`).join('');
    root.innerHTML =
      (message ? `<div class="attribute-error" part="attribute-error" data-state="invalid-attribute">${message}</div>` : '') +
      skeleton.render(values, context);
    for (const node of root.children) {
      node.setAttribute(SKELETON_ATTRIBUTE, '');
      node.setAttribute('aria-busy', 'true');
    }
    for (const form of root.querySelectorAll('form')) form.addEventListener('submit', holdSubmit);
    holdSkeleton(root);
  }
  return hosts.length;
}

function holdSkeleton(root: ShadowRoot): void {
  const held: HeldSkeleton = { nodes: [...root.children], active: null };
  root.addEventListener('focusin', (event) => (held.active = event.target as Element));
  // Focus that leaves for good (a click elsewhere) is forgotten; a control removed with the skeleton keeps it.
  root.addEventListener('focusout', (event) => {
    const node = event.target as Element;
    setTimeout(() => {
      if (node.isConnected && held.active === node && root.activeElement !== node) held.active = null;
    });
  });
  (root as ShadowRoot & Record<typeof HELD_SKELETON, HeldSkeleton>)[HELD_SKELETON] = held;
}

/** A skeleton's form submitted (a click, Enter in a field): held for the view, never sent by the browser. */
function holdSubmit(event: Event): void {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  form.setAttribute(SUBMIT_QUEUED_ATTRIBUTE, '');
  for (const button of form.querySelectorAll('button[type="submit"]')) {
    button.setAttribute('aria-busy', 'true');
    button.setAttribute('data-state', 'busy');
  }
}

/**
 * What an element's CDN entry chunk runs: starts importing the element's chunk (`element`, relative to `base`, the
 * entry's URL), paints the skeletons, preloads what that chunk imports (`imports`) once they are on screen, and
 * settles when the element has loaded (so the loader reports a chunk that failed).
 */
export async function startSkeleton<A extends Record<string, AttributeSpec<any>>>(
  skeleton: ElementSkeleton<A>,
  base: string,
  element: string,
  imports: readonly string[],
  /** How a chunk is imported; tests stand in for the browser's `import()`. */
  importModule = (url: string): Promise<unknown> => import(/* @vite-ignore */ url),
  doc: Document = document,
): Promise<void> {
  const loaded = importModule(new URL(element, base).href);
  const links = doc.createDocumentFragment();
  for (const file of imports) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, base).href;
    // As the loader's: anonymous CORS, the mode module imports use, so the preloaded response is reused.
    link.crossOrigin = '';
    links.append(link);
  }
  // A skeleton that fails (a config value of an unexpected type, say) must not fail the element.
  const painted = paintSkeletons(skeleton, doc).catch((error: unknown) => console.error(error));
  // The chunk's own imports are preloaded right after the frame that shows the skeleton, not before it: each link
  // starts a request on the main thread (13 of them took 16 ms of a desktop's, ~60 ms of a throttled phone's), and
  // that frame would wait for them. The element's chunk is asked for already; its imports would otherwise wait for
  // it to arrive and be parsed (a round trip).
  const win = doc.defaultView ?? window;
  win.requestAnimationFrame(() => win.setTimeout(() => doc.head.append(links), 0));
  await painted;
  await loaded;
}
