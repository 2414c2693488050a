/**
 * The CDN flavours (DESIGN §1 "Distribution"): `dist/<flavour>/v<version>/` holds
 *   elements/<name>.js        one ESM chunk per element, its own code only; for an element with a skeleton, a
 *                             self-contained entry that paints the skeleton and imports elements/<name>.element.js
 *   chunks/runtime-<hash>.js  the shared runtime: node_modules, core/, themes/ (static imports only)
 *   chunks/<name>-<hash>.js   other shared or lazily imported chunks
 *   assets/                   cdn/assets/ copied as is, plus any asset the code imports
 *   loader.js                 classic minified IIFE with this flavour's chunk map baked in
 *   manifest.json, sri.json   tag → chunk and static imports; sha384 of every file
 * `cdn` aliases React to preact/compat; `cdn-react` bundles React 19 itself, so the browser tests run the same
 * elements through both.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild, type Alias, type Plugin, type Rolldown } from 'vite';
import { elementFile, type LoaderElementMap } from '../loader/start-loader';
import type { ElementEntry } from './project';
import { baseConfig, bundleOutput, cdnDefine, preactAliases, quietLog, runtimeModuleTest } from './vite.shared';

const LOADER_ENTRY = fileURLToPath(new URL('../loader/loader.ts', import.meta.url));

export interface CdnFlavour {
  /** Folder under dist/ and URL prefix: `/cdn/…`, `/cdn-react/…`. */
  name: 'cdn' | 'cdn-react';
  label: string;
  aliases: Alias[];
}

export const CDN_FLAVOURS: readonly CdnFlavour[] = [
  { name: 'cdn', label: 'CDN (Preact)', aliases: preactAliases },
  { name: 'cdn-react', label: 'CDN (React 19)', aliases: [] },
];

/** manifest.json of a flavour. */
export interface CdnManifest {
  version: string;
  /** The shared runtime chunk. */
  runtime: string | null;
  /**
   * Per tag: the file the loader imports, and the chunks the element needs before it runs (static imports). With
   * a skeleton, `file` is the skeleton's entry and `element` the element's own chunk, which the entry imports.
   */
  elements: Record<string, { file: string; imports: string[]; element?: string }>;
}

export interface CdnBuildResult {
  flavour: CdnFlavour;
  dir: string;
  manifest: CdnManifest;
  files: string[];
}

export interface CdnBuildContext {
  root: string;
  distDir: string;
  version: string;
  elements: ElementEntry[];
}

// ---- output checks ----

/**
 * CSP: no string evaluation (DESIGN §1). Calls of eval/Function, `new Function`, and aliasing the constructor
 * (`F = Function`, as zod's JIT does); comparisons (`=== Function`) and `Function.prototype` are fine.
 */
const EVAL_PATTERN = /(?<![\w$.])(?:eval|Function)\s*\(|\bnew\s+Function\b|(?<![=!<>])=\s*Function\b(?!\s*\.)/g;

/** Each place in `code` that evaluates strings, with some context. */
export function evalOccurrences(code: string): string[] {
  return [...code.matchAll(EVAL_PATTERN)].map((match) => code.slice(Math.max(0, match.index - 40), match.index + 40));
}

/** Module paths that must never reach the browser bundle (DESIGN §5). */
const FORBIDDEN_MODULES: { pattern: RegExp; reason: string }[] = [
  { pattern: /[\\/]node_modules[\\/]graphql[\\/]/, reason: 'the graphql package (use @urql/core and its gql)' },
  { pattern: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]/, reason: "zod's locales (import * as z from 'zod/mini')" },
  { pattern: /[\\/]node_modules[\\/]libphonenumber-js[\\/]max[\\/]/, reason: 'libphonenumber-js/max (use /core with lazy metadata)' },
];

/** Every occurrence of string evaluation in these files, as `file: …snippet…` lines. */
export function findEval(dir: string, files: string[]): string[] {
  return files
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => evalOccurrences(readFileSync(join(dir, file), 'utf8')).map((snippet) => `${file}: …${snippet}…`));
}

function checkBundle(chunks: Rolldown.OutputChunk[], assets: Rolldown.OutputAsset[]): string[] {
  const problems: string[] = [];
  for (const asset of assets) {
    if (asset.fileName.endsWith('.css')) {
      problems.push(`${asset.fileName}: CSS must be imported with ?inline and adopted into the shadow root, never emitted`);
    }
  }
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const forbidden = FORBIDDEN_MODULES.find(({ pattern }) => pattern.test(id));
      if (forbidden) problems.push(`${chunk.fileName} bundles ${forbidden.reason}: ${id}`);
    }
  }
  return problems;
}

// ---- files ----

/** Every file under `dir`, relative, with forward slashes, sorted. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

const sriHash = (content: Buffer | string) => `sha384-${createHash('sha384').update(content).digest('base64')}`;

const COMPRESSIBLE = /\.(js|json|svg|css)$/;

/**
 * `<file>.br` and `<file>.gz` beside every text file, as a CDN would serve them: the server sends one when the
 * browser accepts it (a 67 KB runtime is 24 KB gzip, 21 KB brotli — 300 ms less on a slow mobile link).
 */
function precompress(dir: string, files: readonly string[]): void {
  for (const file of files) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(join(dir, file));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
    writeFileSync(
      join(dir, `${file}.br`),
      brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    );
  }
}

/** sri.json: the integrity value of every other file of the folder. */
function writeSri(dir: string): void {
  const sri = Object.fromEntries(
    listFiles(dir)
      .filter((file) => file !== 'sri.json')
      .map((file) => [file, sriHash(readFileSync(join(dir, file)))]),
  );
  writeFileSync(join(dir, 'sri.json'), `${JSON.stringify(sri, null, 2)}\n`);
}

/** The chunks a chunk needs before it can run: its static imports, transitively. */
function staticImports(chunk: Rolldown.OutputChunk, byFile: Map<string, Rolldown.OutputChunk>): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of byFile.get(file)?.imports ?? []) visit(next);
  };
  for (const file of chunk.imports) visit(file);
  return [...seen];
}

/**
 * An element's chunk names every chunk it needs, not only its direct imports: the browser then asks for the whole
 * static graph as soon as it has parsed the element's chunk, instead of one round trip per level of imports as
 * each chunk is parsed (issue 38: three levels before a search page could ask for its listings). The added
 * imports come last, and each is imported anyway further down the graph, so the order modules run in is unchanged.
 */
export function flattenEntryImports(): Plugin {
  return {
    name: 'hearth-flatten-entry-imports',
    generateBundle(_options, bundle) {
      const byFile = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
      for (const chunk of byFile.values()) {
        if (!chunk.isEntry) continue;
        const direct = new Set(chunk.imports);
        const deeper = staticImports(chunk, byFile).filter((file) => !direct.has(file));
        const from = posix.dirname(chunk.fileName);
        chunk.code += deeper.map((file) => `import${JSON.stringify(posix.relative(from, file).replace(/^(?!\.)/, './'))};`).join('');
      }
    },
  };
}

/** DESIGN §5: the loader is at most 1 KB of gzip. */
const LOADER_BUDGET_BYTES = 1024;

/** The GraphQL client's chunk (core/graphql/client.ts, imported lazily by call.ts) and its static imports. */
function clientChunks(chunks: readonly Rolldown.OutputChunk[], byFile: Map<string, Rolldown.OutputChunk>): string[] {
  const client = chunks.find((chunk) => chunk.facadeModuleId?.split(sep).join('/').endsWith('/core/graphql/client.ts'));
  if (!client) throw new Error('No chunk of core/graphql/client.ts: the loader could not preload the GraphQL client.');
  return [client.fileName, ...staticImports(client, byFile)];
}

// ---- the builds ----

/** What every CDN bundle is built as: ES2022, minified, into `dir` (emptied first or added to), no public folder. */
const cdnBuildOptions = (dir: string, emptyOutDir: boolean) => ({
  outDir: dir,
  emptyOutDir,
  target: 'es2022',
  minify: true,
  copyPublicDir: false,
  reportCompressedSize: false,
});

async function bundleElements(ctx: CdnBuildContext, flavour: CdnFlavour, dir: string): Promise<Rolldown.RolldownOutput> {
  const isRuntimeModule = runtimeModuleTest(ctx.root);
  const result = await viteBuild({
    ...baseConfig(ctx.root),
    // Chunks import each other and assets relative to import.meta.url, wherever the folder is served.
    base: './',
    resolve: { alias: flavour.aliases },
    define: cdnDefine,
    plugins: [flattenEntryImports()],
    build: {
      ...cdnBuildOptions(dir, true),
      // A lazily imported chunk's own imports are fetched with it, in parallel, instead of one round trip per
      // level as each is parsed (issue 38: the GraphQL client's three levels came before a search page's first
      // query). Vite's preload helper joins the runtime chunk (the \0 group below); every browser we support
      // has modulepreload, so no polyfill.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        onLog: quietLog,
        input: Object.fromEntries(ctx.elements.map((element) => [elementChunkName(element), element.entry])),
        output: {
          format: 'es',
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
          codeSplitting: {
            groups: [
              // Only what elements import statically: lazily imported libraries keep their own chunks. Bundler
              // helpers (virtual \0 ids such as Vite's preload helper) join the runtime too, so no element
              // needs one more request. Rolldown keeps its own CommonJS interop helpers (React flavour) apart.
              { name: 'runtime', test: (id: string) => id.startsWith('\0') || isRuntimeModule(id), tags: ['$initial'], priority: 10 },
            ],
          },
        },
      },
    },
  });
  return bundleOutput(result, flavour.label);
}

/** The output name (without `.js`) of an element's own chunk: the entry itself unless a skeleton entry comes first. */
const elementChunkName = (element: ElementEntry) => `elements/${element.name}${element.skeleton ? '.element' : ''}`;

const SKELETON_ENTRY = 'virtual:hearth-skeleton-entry';

/**
 * elements/<name>.js of an element with a skeleton: one self-contained module (no static imports, no library) that
 * runs `startSkeleton` from core/define-element/skeleton.ts with the element's chunk and its static imports (the
 * chunk is imported by URL: Vite would wrap a literal `import()` in its preload helper).
 * A build of its own per element, so nothing it bundles is split into a chunk it would have to wait for.
 */
async function bundleSkeletonEntry(ctx: CdnBuildContext, dir: string, element: ElementEntry, imports: string[]): Promise<Rolldown.OutputChunk> {
  const resolved = `\0${SKELETON_ENTRY}`;
  const elementImport = `./${posix.basename(elementChunkName(element))}.js`;
  const starter = join(ctx.root, 'core', 'define-element', 'skeleton.ts');
  const plugin: Plugin = {
    name: 'hearth-skeleton-entry',
    // Vite resolves entries against the root, so match the end of the id.
    resolveId: (id) => (id.endsWith(SKELETON_ENTRY) ? resolved : null),
    load: (id) =>
      id === resolved
        ? [
            `import { startSkeleton } from ${JSON.stringify(starter)};`,
            `import { skeleton } from ${JSON.stringify(element.skeleton)};`,
            `await startSkeleton(skeleton, import.meta.url, ${JSON.stringify(elementImport)}, ${JSON.stringify(imports)});`,
          ].join('\n')
        : null,
  };
  const result = await viteBuild({
    ...baseConfig(ctx.root),
    define: cdnDefine,
    plugins: [plugin],
    build: {
      ...cdnBuildOptions(dir, false),
      modulePreload: false,
      rolldownOptions: {
        onLog: quietLog,
        input: { [`elements/${element.name}`]: SKELETON_ENTRY },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  });
  const chunk = bundleOutput(result, `${element.tag} skeleton`).output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  if (!chunk) throw new Error(`${element.tag}: the skeleton build wrote no chunk`);
  return chunk;
}

/** A skeleton entry must paint before anything else has loaded: no static imports, no library bundled. */
export function checkSkeletonEntry(chunk: Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'moduleIds'>): string[] {
  const problems = chunk.imports.map((file) => `${chunk.fileName} imports ${file}: a skeleton entry must run on its own`);
  for (const id of chunk.moduleIds) {
    if (/[\\/]node_modules[\\/]/.test(id)) problems.push(`${chunk.fileName} bundles ${id}: a skeleton must not need a library`);
  }
  return problems;
}

async function bundleLoader(ctx: CdnBuildContext, dir: string, map: LoaderElementMap): Promise<void> {
  await viteBuild({
    ...baseConfig(ctx.root),
    define: { __HEARTH_VERSION__: JSON.stringify(ctx.version), __HEARTH_ELEMENTS__: JSON.stringify(map) },
    build: {
      ...cdnBuildOptions(dir, false),
      lib: { entry: LOADER_ENTRY, formats: ['iife'], name: 'hearthLoader', fileName: () => 'loader.js' },
    },
  });
}

export async function buildCdnFlavour(ctx: CdnBuildContext, flavour: CdnFlavour): Promise<CdnBuildResult> {
  const dir = join(ctx.distDir, flavour.name, `v${ctx.version}`);
  const bundle = await bundleElements(ctx, flavour, dir);
  const chunks = bundle.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const assets = bundle.output.filter((item): item is Rolldown.OutputAsset => item.type === 'asset');
  const problems = checkBundle(chunks, assets);

  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const manifest: CdnManifest = {
    version: ctx.version,
    runtime: chunks.find((chunk) => chunk.name === 'runtime')?.fileName ?? null,
    elements: {},
  };
  for (const element of ctx.elements) {
    const file = elementFile(element.tag);
    const elementChunk = `${elementChunkName(element)}.js`;
    const chunk = byFile.get(elementChunk);
    if (!chunk?.isEntry) {
      problems.push(`${flavour.name}: no entry chunk ${elementChunk} for ${element.source}`);
      continue;
    }
    const imports = staticImports(chunk, byFile);
    manifest.elements[element.tag] = { file, imports };
    if (element.skeleton) {
      // Relative to the entry, elements/<name>.js; the loader preloads the runtime already.
      const fromEntry = imports.filter((path) => path !== manifest.runtime).map((path) => posix.relative('elements', path));
      problems.push(...checkSkeletonEntry(await bundleSkeletonEntry(ctx, dir, element, fromEntry)));
      manifest.elements[element.tag]!.element = elementChunk;
    }
  }
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  await bundleLoader(
    ctx,
    dir,
    // The loader preloads each element's chunk, the shared runtime and the GraphQL client's chunks (every element
    // asks the API at once: core/graphql/call.ts loads the client when it runs, and preloaded here the client
    // comes with the element instead of a round trip after it; issue 38). The element's other chunks load when its
    // chunk is parsed (flattenEntryImports): listing them all would take the loader over its 1 KB budget.
    { shared: [...(manifest.runtime ? [manifest.runtime] : []), ...clientChunks(chunks, byFile).filter((file) => file !== manifest.runtime)] },
  );
  const loaderGzip = gzipSync(readFileSync(join(dir, 'loader.js'))).length;
  if (loaderGzip > LOADER_BUDGET_BYTES)
    problems.push(`${flavour.name}: loader.js is ${loaderGzip} bytes of gzip, over its ${LOADER_BUDGET_BYTES} (DESIGN §5); it names the runtime and the GraphQL client's ${clientChunks(chunks, byFile).length} chunks: fewer chunks for the client, or preload fewer of them`);
  const assetsFolder = join(ctx.root, 'cdn', 'assets');
  if (existsSync(assetsFolder)) cpSync(assetsFolder, join(dir, 'assets'), { recursive: true });

  const files = listFiles(dir);
  problems.push(...findEval(dir, files).map((problem) => `string evaluation breaks the strict CSP: ${problem}`));
  if (problems.length) throw new Error(`${flavour.label} build failed:\n  ${problems.join('\n  ')}`);

  writeSri(dir);
  precompress(dir, files);
  return { flavour, dir, manifest, files: [...files, 'sri.json'].sort() };
}
