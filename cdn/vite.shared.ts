/**
 * Vite settings shared by the builds in cdn/build.ts (there is no vite.config: each build passes its whole
 * config inline, so nothing is picked up from the working directory by accident).
 */
import { join, sep } from 'node:path';
import type { Alias, InlineConfig, Rolldown } from 'vite';

/** The CDN (Preact) flavour: React's entry points served by preact/compat. Exact matches only. */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

/** Production constants of the CDN flavours: dev-only warnings and React's dev build drop out. */
export const cdnDefine = {
  'import.meta.env.DEV': 'false',
  'process.env.NODE_ENV': '"production"',
};

/**
 * The npm build leaves the choice to the app's bundler: our dev-only warnings follow its NODE_ENV, as
 * React's own do.
 */
export const npmDefine = {
  'import.meta.env.DEV': 'process.env.NODE_ENV !== "production"',
};

/** Drops the "use client" notices of React libraries (meaningless outside server components). */
export const quietLog: NonNullable<Rolldown.InputOptions['onLog']> = (level, log, handler) => {
  if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
};

/** The bundle of a single-output `build()`. */
export function bundleOutput(
  result: Rolldown.RolldownOutput | Rolldown.RolldownOutput[] | Rolldown.RolldownWatcher,
  label: string,
): Rolldown.RolldownOutput {
  const output = Array.isArray(result) ? result[0] : result;
  if (!output || !('output' in output)) throw new Error(`${label}: Vite returned no bundle`);
  return output;
}

/** Inline builds: no config file, no public folder, no .env lookup, quiet unless something is wrong. */
export function baseConfig(root: string): InlineConfig {
  return {
    configFile: false,
    root,
    envDir: false,
    publicDir: false,
    logLevel: 'warn',
    mode: 'production',
    // React 19 automatic JSX; in the Preact flavour `react/jsx-runtime` resolves through preactAliases.
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  };
}

/**
 * Which modules of the project at `root` belong in the CDN flavours' shared runtime chunk: statically imported
 * node_modules, the platform part of core/ (define-element, config, state) and themes/. UI primitives, formats and domain code
 * (core/contact, core/validation, core/i18n, core/listings, …) stays in the chunk of the element that uses it,
 * or in a shared chunk of its own when several elements import it; lazily imported code (the GraphQL client
 * with urql) keeps its own chunk. STYLE: nothing enters the shared chunk unless every element needs it.
 */
export function runtimeModuleTest(root: string): (id: string) => boolean {
  const prefix = join(root, '/').split(sep).join('/');
  const shared = /^(core\/(define-element|config|state)|themes|loader)\//;
  return (id) => {
    const path = id.split(sep).join('/');
    if (RUNTIME_PACKAGES.test(path)) return true;
    const own = path.startsWith(prefix) ? path.slice(prefix.length) : null;
    return own !== null && shared.test(own) && !FEW_ELEMENTS.test(own);
  };
}

/**
 * Modules of the platform part of core/ that only a few elements load (the brand's name and support address; the
 * list of brand fields: the partner console; a context given to one element: the contact form and the console; the link and date attributes): in
 * their chunks, not every element's runtime (measured 2026-11-29: 25.4 KB gzip with them, over the 25 KB budget).
 */
const FEW_ELEMENTS = /^core\/(config\/(brand|brand-fields|element-context)|define-element\/more-attributes)\.ts$/;

/**
 * The libraries every element runs on: the framework (Preact, or React in the React flavour), r2wc, jotai and
 * zod/mini (the config schema). Other libraries (time zones, phone numbers, …) stay with the elements that use
 * them: a time-zone library in the runtime would cost every contact form ~1.5 KB.
 */
const RUNTIME_PACKAGES = /\/node_modules\/(preact|react|react-dom|scheduler|jotai|@r2wc\/[^/]+|zod)\//;
