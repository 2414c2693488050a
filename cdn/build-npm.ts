/**
 * The npm package for React apps (DESIGN §1 "Distribution"), in dist/npm/:
 *   index.js                 imports every element (side effects only)
 *   elements/<name>.js       one entry per element; `import '@hearth/elements/<name>'` registers it
 *   chunks/                  code the entries share
 *   types/                   tsc declarations of the sources
 *   index.d.ts, jsx.d.ts     React 19 JSX typings of every hearth-* tag; HTMLElementTagNameMap entries come from
 *                            types/elements/tag-name-map.d.ts (the committed elements/tag-name-map.ts)
 *   custom-elements.json, package.json, README.md
 * React, jotai, urql, zod and r2wc stay external: the app's bundler dedupes them with its own copies.
 */
import { appendFileSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { build as viteBuild, type Plugin, type Rolldown } from 'vite';
import { findEval, listFiles } from './build-cdn';
import {
  className,
  collectElementTypes,
  manifestJson,
  renderTagNameMap,
  tagNameMapPath,
  toManifest,
  type ElementDoc,
} from './custom-elements';
import type { ElementEntry, PackageJson } from './project';
import { baseConfig, bundleOutput, npmDefine, quietLog } from './vite.shared';

const NPM_TSCONFIG = fileURLToPath(new URL('./tsconfig.npm.json', import.meta.url));
const INDEX_ID = 'virtual:hearth-npm-index';
const REACT_PEER = '^19.0.0';

export interface NpmBuildContext {
  root: string;
  distDir: string;
  pkg: PackageJson;
  elements: ElementEntry[];
  docs: ElementDoc[];
}

export interface NpmBuildResult {
  dir: string;
  files: string[];
  warnings: string[];
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const toPosix = (path: string) => path.split(sep).join('/');

// ---- bundle ----

/** index.js: `import './elements/<name>.js'` for each element, left as written (the files are the other entries). */
function indexPlugin(elements: ElementEntry[]): Plugin {
  const resolved = `\0${INDEX_ID}`;
  return {
    name: 'hearth-npm-index',
    resolveId(id, importer) {
      // Vite resolves library entries against the root, so match the end of the id.
      if (id.endsWith(INDEX_ID)) return resolved;
      if (importer === resolved) return { id, external: true };
      return null;
    },
    load: (id) =>
      id === resolved
        ? [...elements.map((element) => `import './elements/${element.name}.js';`), "export { configure } from './configure.js';"].join('\n')
        : null,
  };
}

async function bundle(ctx: NpmBuildContext, dir: string, isExternal: (id: string) => boolean): Promise<Rolldown.OutputChunk[]> {
  const result = await viteBuild({
    ...baseConfig(ctx.root),
    define: npmDefine,
    plugins: [indexPlugin(ctx.elements)],
    build: {
      outDir: dir,
      emptyOutDir: true,
      target: 'es2022',
      // The app's bundler minifies; readable code helps its users debug.
      minify: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: {
        entry: {
          index: INDEX_ID,
          // Where the API is and who the partner is, for React apps that load no loader script.
          configure: join(ctx.root, 'core', 'config', 'configure.ts'),
          ...Object.fromEntries(ctx.elements.map((e) => [`elements/${e.name}`, e.entry])),
        },
        formats: ['es'],
        fileName: (_format, entryName) => `${entryName}.js`,
      },
      rolldownOptions: {
        external: isExternal,
        onLog: quietLog,
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  const output = bundleOutput(result, 'npm build');
  const css = output.output.filter((item) => item.type === 'asset' && item.fileName.endsWith('.css'));
  if (css.length) throw new Error(`npm build emitted CSS (${css.map((a) => a.fileName).join(', ')}): import CSS with ?inline`);
  return output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}

// ---- declarations ----

interface Declarations {
  /** Exported type names of our sources → their declaration module, relative to dist/npm, without extension. */
  exportedTypes: Map<string, string>;
  /** Whether a name is a global type (lib.dom, lib.es…). */
  isGlobalType: (name: string) => boolean;
  /** The emitted declaration of elements/tag-name-map.ts, relative to dist/npm, without extension. */
  tagNameMap: string;
}

/**
 * elements/tag-name-map.ts, which the declarations compile with (views type `createElement('hearth-x')` through
 * it) and jsx.d.ts imports; the build stops when it no longer matches the elements.
 */
function currentTagNameMap(ctx: NpmBuildContext): string {
  const file = tagNameMapPath(ctx.root);
  const expected = renderTagNameMap(collectElementTypes(ctx.docs, ctx.root));
  if (!existsSync(file) || readFileSync(file, 'utf8') !== expected) {
    throw new Error(`${relative(ctx.root, file)} is out of date: run \`node --import tsx cdn/custom-elements.ts --write\``);
  }
  return file;
}

function emitDeclarations(ctx: NpmBuildContext, dir: string): Declarations {
  const typesDir = join(dir, 'types');
  const config = ts.getParsedCommandLineOfConfigFile(
    NPM_TSCONFIG,
    { rootDir: ctx.root, outDir: typesDir },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${NPM_TSCONFIG}`);
  // The entries of this root, plus the ambient declarations (JSX augmentations) the sources rely on.
  const ambient = config.fileNames.filter((file) => file.endsWith('.d.ts') && toPosix(file).startsWith(toPosix(ctx.root)));
  // configure.ts is the package's other entry (`configure` in index.js and './configure').
  const entries = [...ctx.elements.map((e) => e.entry), join(ctx.root, 'core', 'config', 'configure.ts')];
  const tagNameMap = currentTagNameMap(ctx);
  const program = ts.createProgram({ rootNames: [...entries, tagNameMap, ...ambient], options: config.options });
  const emitted = program.emit();
  const diagnostics = ts.getPreEmitDiagnostics(program).concat(emitted.diagnostics);
  if (diagnostics.length) {
    const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => ctx.root, getNewLine: () => '\n' };
    throw new Error(`declarations failed:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
  addJsExtensions(typesDir);
  // An app that imports one element's subpath gets its tag typed too: each element's declaration brings the map.
  for (const element of ctx.elements) {
    const declaration = join(typesDir, element.source.replace(/\.ts$/, '.d.ts'));
    const map = toPosix(relative(dirname(declaration), join(typesDir, relative(ctx.root, tagNameMap)))).replace(/\.ts$/, '.js');
    appendFileSync(declaration, `import '${map.startsWith('.') ? map : `./${map}`}';\n`);
  }

  const exportedTypes = new Map<string, string>();
  const ours = (file: ts.SourceFile) =>
    !file.isDeclarationFile && toPosix(file.fileName).startsWith(toPosix(ctx.root)) && !file.fileName.includes('node_modules');
  for (const file of program.getSourceFiles().filter(ours)) {
    const module = `types/${toPosix(relative(ctx.root, file.fileName)).replace(/\.tsx?$/, '')}`;
    for (const statement of file.statements) {
      const exported =
        ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const declares =
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isEnumDeclaration(statement);
      if (exported && declares && statement.name && !exportedTypes.has(statement.name.text)) {
        exportedTypes.set(statement.name.text, module);
      }
    }
  }
  const checker = program.getTypeChecker();
  const isGlobalType = (name: string) => checker.resolveName(name, undefined, ts.SymbolFlags.Type, false) !== undefined;
  return { exportedTypes, isGlobalType, tagNameMap: `types/${toPosix(relative(ctx.root, tagNameMap)).replace(/\.ts$/, '')}` };
}

/**
 * tsc keeps `from '../core/x'` as written; Node-style resolution (moduleResolution node16/nodenext) in the
 * app needs `../core/x.js`. Rewrites relative specifiers of the emitted declarations accordingly.
 */
function addJsExtensions(typesDir: string): void {
  for (const file of listFiles(typesDir).filter((f) => f.endsWith('.d.ts'))) {
    const path = join(typesDir, file);
    const text = readFileSync(path, 'utf8');
    const specifier = /(from\s+|import\s*\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;
    const fixed = text.replace(specifier, (whole, lead: string, quote: string, spec: string) => {
      if (/\.(js|mjs|cjs|json)$/.test(spec)) return whole;
      const target = join(dirname(path), spec);
      if (existsSync(`${target}.d.ts`)) return `${lead}${quote}${spec}.js${quote}`;
      if (existsSync(join(target, 'index.d.ts'))) return `${lead}${quote}${spec}/index.js${quote}`;
      return whole;
    });
    if (fixed !== text) writeFileSync(path, fixed);
  }
}

// ---- JSX typings ----

/** Words of type syntax that name no type to import. */
const TS_WORDS = new Set([
  ...['string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'unknown', 'any', 'never', 'void'],
  ...['null', 'undefined', 'true', 'false', 'readonly', 'keyof', 'typeof', 'infer', 'extends', 'is', 'asserts'],
]);

/**
 * The type text of a header, usable from jsx.d.ts: its named types imported from our declarations, or
 * `unknown` (with a warning) when a name is neither ours nor global.
 */
function typeResolver(decls: Declarations, imports: Map<string, string>, warnings: string[]) {
  return (text: string | undefined, where: string): string => {
    if (!text) return 'unknown';
    const names = text.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, '""').match(/[A-Za-z_$][\w$]*/g) ?? [];
    for (const name of names) {
      if (TS_WORDS.has(name)) continue;
      const module = decls.exportedTypes.get(name);
      if (module) imports.set(name, module);
      else if (!decls.isGlobalType(name)) {
        warnings.push(`${where}: type ${name} is not exported by any source file; typed as unknown in jsx.d.ts`);
        return 'unknown';
      }
    }
    return text;
  };
}

const quoteKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const jsDoc = (text: string | undefined, indent = '  ') => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n` : '');

/**
 * `GlobalEventHandlersEventMap` entries for the hearth-* events the headers document, so `addEventListener` on a
 * page types each `detail`: one entry per event name, the detail types of the elements that fire it joined.
 */
export function eventMapEntries(docs: readonly Pick<ElementDoc, 'tag' | 'events'>[], resolveType: (text: string | undefined, where: string) => string): string[] {
  const details = new Map<string, Set<string>>();
  for (const doc of docs)
    for (const event of doc.events) {
      const types = details.get(event.name) ?? new Set<string>();
      types.add(resolveType(event.type, `${doc.tag} @event ${event.name}`));
      details.set(event.name, types);
    }
  return [...details]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, types]) => `    '${name}': CustomEvent<${[...types].sort().join(' | ')}>;`);
}

function renderJsxTypings(ctx: NpmBuildContext, decls: Declarations, warnings: string[]): string {
  const imports = new Map<string, string>();
  const resolveType = typeResolver(decls, imports, warnings);
  const interfaces: string[] = [];
  const intrinsic: string[] = [];
  for (const element of ctx.elements) {
    const doc = ctx.docs.find((d) => d.tag === element.tag);
    const props = `${className(element.tag)}Props`;
    const members: string[] = [];
    for (const attr of doc?.attributes ?? []) {
      // Attribute values reach the element as text; numbers may be written either way.
      const type = attr.type === 'number' ? 'number | string' : resolveType(attr.type, `${element.source} @attr ${attr.name}`);
      members.push(`${jsDoc(attr.description)}  ${quoteKey(attr.name)}?: ${type};`);
    }
    for (const prop of doc?.properties ?? []) {
      const type = resolveType(prop.type, `${element.source} @prop ${prop.name}`);
      members.push(`${jsDoc(prop.description)}  ${quoteKey(prop.name)}?: ${type};`);
    }
    for (const event of doc?.events ?? []) {
      // React 19 adds `on<event-name>` props of custom elements as listeners for <event-name>.
      const detail = resolveType(event.type, `${element.source} @event ${event.name}`);
      members.push(`${jsDoc(event.description)}  'on${event.name}'?: (event: CustomEvent<${detail}>) => void;`);
    }
    const body = members.map((member) => `${member}\n`).join('');
    interfaces.push(`${jsDoc(doc?.summary ?? `<${element.tag}>`, '')}export interface ${props} {\n${body}}`);
    intrinsic.push(`      '${element.tag}': HearthIntrinsic<HTMLElementTagNameMap['${element.tag}'], ${props}>;`);
  }

  // Before the imports are listed: the events' detail types are imported too. `hearth-loaded` comes from the
  // runtime (core/config/config.ts), not from one element.
  const runtime = { tag: 'runtime', events: [{ name: 'hearth-loaded', type: 'HearthLoadedDetail', description: '' }] };
  const events = eventMapEntries([...ctx.docs, runtime], resolveType);
  const typeImports = [...imports]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, module]) => `import type { ${name} } from './${module}.js';`);
  return [
    '// Generated by cdn/build.ts from the JSDoc headers of the elements: edit those, not this file.',
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    ...typeImports,
    '// HTMLElementTagNameMap: every tag typed with the interface its element exports.',
    `import './${decls.tagNameMap}.js';`,
    '',
    ...interfaces.flatMap((text) => [text, '']),
    '/** A hearth-* tag in JSX: the usual HTML props, a ref to the element, and its own attributes, properties and events. */',
    'type HearthIntrinsic<E extends HTMLElement, P> = DetailedHTMLProps<HTMLAttributes<E>, E> & P;',
    '',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    ...intrinsic,
    '    }',
    '  }',
    '}',
    '',
    'declare global {',
    '  interface GlobalEventHandlersEventMap {',
    ...events,
    '  }',
    '}',
    '',
  ].join('\n');
}

// ---- package.json ----

function renderPackageJson(ctx: NpmBuildContext, imported: Set<string>) {
  const versions = { ...ctx.pkg.dependencies, ...ctx.pkg.peerDependencies };
  const peers = ['react', 'react-dom'];
  const dependencies = Object.fromEntries(
    [...imported]
      .filter((name) => !peers.includes(name))
      .sort()
      .map((name) => [name, versions[name] ?? '*']),
  );
  const exports: Record<string, unknown> = {
    '.': { types: './index.d.ts', import: './index.js' },
    './configure': { types: './types/core/config/configure.d.ts', import: './configure.js' },
  };
  for (const element of ctx.elements) {
    exports[`./${element.name}`] = {
      types: `./types/${element.source.replace(/\.ts$/, '.d.ts')}`,
      import: `./elements/${element.name}.js`,
    };
  }
  exports['./jsx'] = { types: './jsx.d.ts' };
  exports['./custom-elements.json'] = './custom-elements.json';
  exports['./package.json'] = './package.json';
  return {
    name: ctx.pkg.name,
    version: ctx.pkg.version,
    ...(ctx.pkg.description ? { description: ctx.pkg.description } : {}),
    ...(ctx.pkg.license ? { license: ctx.pkg.license } : {}),
    type: 'module',
    main: './index.js',
    module: './index.js',
    types: './index.d.ts',
    exports,
    // Importing an element registers it: no module here may be dropped as unused.
    sideEffects: ['./index.js', './elements/*.js', './chunks/*.js'],
    customElements: 'custom-elements.json',
    peerDependencies: Object.fromEntries(peers.map((name) => [name, REACT_PEER])),
    dependencies,
  };
}

// ---- the build ----

export async function buildNpm(ctx: NpmBuildContext): Promise<NpmBuildResult> {
  const dir = join(ctx.distDir, 'npm');
  const warnings: string[] = [];
  // The package's runtime dependencies stay imports, resolved by the app's bundler.
  const dependencies = Object.keys({ ...ctx.pkg.dependencies, ...ctx.pkg.peerDependencies });
  const isExternal = (id: string) => dependencies.some((name) => id === name || id.startsWith(`${name}/`));
  const chunks = await bundle(ctx, dir, isExternal);
  const imported = new Set(
    chunks.flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports]).filter(isExternal).map(packageName),
  );

  const decls = emitDeclarations(ctx, dir);
  writeFileSync(join(dir, 'jsx.d.ts'), renderJsxTypings(ctx, decls, warnings));
  writeFileSync(
    join(dir, 'index.d.ts'),
    [
      '// Importing the package registers every element; these bring their JSX and DOM typings along.',
      "import './jsx.js';",
      ...ctx.elements.map((element) => `import './types/${element.source.replace(/\.ts$/, '')}.js';`),
      "export { configure } from './types/core/config/configure.js';",
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'custom-elements.json'),
    manifestJson(
      toManifest(ctx.docs, (doc) =>
        ctx.elements.some((e) => e.source === doc.source) ? `elements/${doc.source.split('/')[1]}.js` : 'index.js',
      ),
    ),
  );
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(renderPackageJson(ctx, imported), null, 2)}\n`);
  const readme = join(ctx.root, 'README.md');
  if (existsSync(readme)) copyFileSync(readme, join(dir, 'README.md'));

  const files = listFiles(dir);
  const evals = findEval(dir, files);
  if (evals.length) throw new Error(`npm build: string evaluation breaks a strict CSP:\n  ${evals.join('\n  ')}`);
  return { dir, files, warnings };
}
