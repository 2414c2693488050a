/**
 * Skeletons (DESIGN §5: "paint a static skeleton before state and validation are built"). An element with a
 * `<name>.skeleton.ts` gets a small CDN entry chunk (cdn/build-cdn.ts) that starts loading the element, paints the
 * skeleton into every such tag on the page, and waits for the element. The skeleton is the element's first frame as
 * static HTML: its markup, CSS, parts and texts, so it takes the view's space and looks like it, every control
 * disabled until the view is ready. The element keeps the skeleton's shadow root and its first render replaces
 * the skeleton (define-element.tsx), in one frame.
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

export interface ElementSkeleton<A extends Record<string, AttributeSpec<any>>> {
  tag: `hearth-${string}`;
  /** The element's attribute map (the same object its `defineElement` call uses). */
  attributes: A;
  /** The element's own CSS texts, as its `defineElement` call lists them (base and theme come first). */
  styles: readonly string[];
  /**
   * The view's first frame as HTML: values escaped with `escapeHtml`, every control `disabled`. `context` is the
   * partner's app context when the page already has it (else null: the view will start from the defaults too).
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
  }
  return hosts.length;
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
