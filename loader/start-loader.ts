/**
 * The loader's logic (DESIGN §1), kept apart from the script entry so tests can drive it with their own
 * window. Everything here ships inside loader.js (budget ≤ 1 KB gzip): no framework, no dependencies, only
 * the contract types. It never injects inline scripts or styles, so it runs under a strict CSP.
 */
import { configCacheKey, configUrl, type ConfigCacheEntry, type HearthGlobal } from './contract';

/**
 * What every element needs besides its own chunk: `shared` are the chunks every element imports (the runtime),
 * relative to the versioned folder. The elements themselves are not listed: the chunk of a `hearth-<name>` tag is
 * `elements/<name>.js`, so the loader needs no names (each would cost it bytes of its 1 KB).
 */
export interface LoaderElementMap {
  readonly shared: readonly string[];
}

/** The element chunk of a `hearth-<name>` tag, relative to the versioned folder. */
export const elementFile = (tag: string): string => `elements/${tag.slice(7)}.js`;

/**
 * Sets `window.hearth`, starts the config fetch, and imports the chunk of every `hearth-*` tag that is undefined
 * on the page now or later. Does nothing when a loader already ran on this page.
 */
export function startLoader(
  script: HTMLScriptElement,
  /** The page's window (tests pass their own, with its DOM constructors). */
  win: Window & typeof globalThis,
  /** The build's version: the chunks live in `../v<version>/` beside the loader's folder. */
  version: string,
  elements: LoaderElementMap,
  /** How a chunk is imported; tests stand in for the browser's `import()`. */
  importModule = (url: string): Promise<unknown> => import(/* @vite-ignore */ url),
): void {
  // Pasting the snippet twice (or two versions of it) must be harmless: the first loader wins.
  if (win.hearth?.loader) return;

  // ---- where we are, who the partner is ----
  const doc = win.document;
  const src = script.src;
  // data-api may carry a path prefix; without it the API is the script's own origin.
  const apiUrl = new URL(script.getAttribute('data-api') || '/', src);
  const api = apiUrl.href.replace(/\/$/, '');
  const partner = script.getAttribute('data-partner') || '';
  // Chunks are immutable under /v<version>/, also when this script came from the moving /v1/ alias.
  const cdn = new URL(`../v${version}/`, src).href;
  const hearth: HearthGlobal = (win.hearth = { loader: version, api, partner, cdn });

  const addLink = (rel: string, href: string) => {
    const link = doc.createElement('link');
    link.rel = rel;
    link.href = href;
    // Anonymous CORS, as the config fetch and module imports use: the same connection is reused.
    link.crossOrigin = '';
    doc.head.append(link);
  };

  // ---- elements: preload and import each known tag once ----
  const seen: Record<string, 1> = {}; // tags requested and files preloaded
  const load = (tag: string) => {
    if (seen[tag]) return;
    seen[tag] = 1;
    for (const file of [elementFile(tag), ...elements.shared])
      if (!seen[file]) seen[file] = 1, addLink('modulepreload', cdn + file);
    importModule(cdn + elementFile(tag)).catch((error: unknown) => {
      console.error(error);
      doc.dispatchEvent(
        new win.CustomEvent('hearth-error', {
          bubbles: true,
          composed: true,
          detail: { tag, message: `${error}` },
        }),
      );
    });
  };
  // Every undefined hearth-* tag (DESIGN §1). A tag this build does not ship fails to import, and that is reported
  // like any failed chunk (a hearth-error naming the tag), so a misspelt tag does not fail silently.
  const check = (el: Element) => {
    const tag = el.localName;
    if (tag.startsWith('hearth-') && !win.customElements.get(tag)) load(tag);
  };
  const scan = (root: ParentNode) => root.querySelectorAll('*').forEach(check);
  scan(doc);
  hearth.scan = scan;
  new win.MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node.nodeType == 1) {
          check(node as Element);
          scan(node as Element);
        }
  }).observe(doc, { childList: true, subtree: true });

  // ---- config: start the fetch now unless the runtime's cache entry is fresh ----
  // After the elements: their entry chunks are on the first paint's path, the config is not (it is small and
  // mostly arrives first), and reading localStorage the first time costs the page milliseconds (20–40 ms on
  // a throttled phone) that would otherwise hold the entry's request back.
  let fresh: boolean | undefined;
  try {
    fresh = (JSON.parse(win.localStorage.getItem(configCacheKey(api, partner))!) as ConfigCacheEntry).expires > Date.now();
  } catch {
    // no entry, a corrupt one, or storage blocked (third-party iframe, privacy mode): fetch
  }
  if (!fresh) {
    const config = win
      .fetch(configUrl(api, partner))
      .then((response) => (response.ok ? response.json() : Promise.reject(Error(`HTTP ${response.status}`))));
    // The runtime reports a failed config (and falls back to defaults); until it awaits, the rejection is not an error.
    config.catch(() => {});
    hearth.config = config;
  }
  // A fresh cached config sends nothing to the API until the element's first query: open that connection now.
  // (The config fetch opens it otherwise, in this same task, so a preconnect would only cost the page time.)
  else if (apiUrl.origin != win.location.origin) addLink('preconnect', apiUrl.origin);
}
