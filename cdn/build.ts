/**
 * Builds everything we distribute (DESIGN §1 "Distribution"):
 *   dist/cdn/v<version>/        CDN flavour on Preact (what partners' pages load), see build-cdn.ts
 *   dist/cdn-react/v<version>/  the same elements on React 19, for the browser tests
 *   dist/npm/                   the npm package for React apps, see build-npm.ts
 *   custom-elements.json        (repo root, committed) the elements' API from their JSDoc headers
 *
 *   node --import tsx cdn/build.ts             full build (npm run build)
 *   node --import tsx cdn/build.ts --if-stale  build only when a source is newer than dist/ (before e2e tests)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCdnFlavour, CDN_FLAVOURS, type CdnBuildResult } from './build-cdn';
import { buildNpm, type NpmBuildResult } from './build-npm';
import { collectElementDocs, manifestJson, rootManifestPath, toManifest } from './custom-elements';
import { discoverElements, readPackageJson, REPO_ROOT } from './project';

/** What a build depends on: a change under these makes dist/ stale. */
const BUILD_INPUTS = ['core', 'elements', 'themes', 'loader', 'cdn', 'questionnaire', 'package.json'];
/** Written last by a successful build: its mtime is the build's time. */
const BUILD_INFO = 'build-info.json';

export interface BuildOptions {
  /** Project root (default: this repository). */
  root?: string;
  /** Output folder (default: `<root>/dist`). */
  distDir?: string;
  /** Print nothing (the result says what was built). */
  quiet?: boolean;
}

export interface BuildResult {
  version: string;
  /** The tags built. */
  elements: string[];
  distDir: string;
  cdn: CdnBuildResult[];
  npm: NpmBuildResult;
  warnings: string[];
  durationMs: number;
}

// ---- staleness ----

/** The newest modification time of the build's inputs (test files excluded: they are not shipped). */
function newestInputTime(root: string): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    // A directory's mtime changes when a file is added, removed or renamed in it.
    newest = Math.max(newest, stats.mtimeMs);
    if (!stats.isDirectory()) return;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || /\.(test|spec)\.tsx?$/.test(entry.name)) continue;
      visit(join(path, entry.name));
    }
  };
  for (const input of BUILD_INPUTS) visit(join(root, input));
  return newest;
}

/** Why dist/ needs a build, or null when it is current. */
function staleReason(root: string, distDir: string): string | null {
  const info = join(distDir, BUILD_INFO);
  if (!existsSync(info)) return `${relative(root, distDir) || 'dist'}/ has no finished build`;
  const version = readPackageJson(root).version;
  const built = JSON.parse(readFileSync(info, 'utf8')) as { version?: string };
  if (built.version !== version) return `dist/ holds ${built.version}, package.json says ${version}`;
  if (newestInputTime(root) > statSync(info).mtimeMs) return 'sources changed since the last build';
  return null;
}

// ---- build ----

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  // Vite sets NODE_ENV=production in this process when it is unset; the server that calls ensureBuilt()
  // before starting must not find itself in production because of that.
  const nodeEnv = process.env.NODE_ENV;
  try {
    return await runBuild(options);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** `<root>/dist`, or HEARTH_DIST (the server reads the same variable, see server/paths.ts). */
function defaultDistDir(root: string): string {
  return process.env.HEARTH_DIST ? resolve(process.env.HEARTH_DIST) : join(root, 'dist');
}

async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = options.root ?? REPO_ROOT;
  const distDir = options.distDir ?? defaultDistDir(root);
  const pkg = readPackageJson(root);
  const elements = discoverElements(root);
  if (!elements.length) throw new Error(`no elements found (elements/<name>/<name>.element.ts under ${root})`);

  const docs = collectElementDocs(root);
  const warnings = [...docs.warnings];
  mkdirSync(distDir, { recursive: true });
  // Until this build finishes, dist/ counts as unbuilt.
  rmSync(join(distDir, BUILD_INFO), { force: true });

  const ctx = { root, distDir, version: pkg.version, elements };
  const cdn: CdnBuildResult[] = [];
  for (const flavour of CDN_FLAVOURS) cdn.push(await buildCdnFlavour(ctx, flavour));
  const npm = await buildNpm({ root, distDir, pkg, elements, docs: docs.elements });
  warnings.push(...npm.warnings);

  // The committed manifest follows the headers; the Markdown blocks are written on request (custom-elements.ts --write).
  const manifest = manifestJson(toManifest(docs.elements));
  const manifestFile = rootManifestPath(root);
  if (!existsSync(manifestFile) || readFileSync(manifestFile, 'utf8') !== manifest) writeFileSync(manifestFile, manifest);

  const tags = elements.map((element) => element.tag);
  const info = {
    version: pkg.version,
    builtAt: new Date().toISOString(),
    elements: tags,
    cdn: Object.fromEntries(cdn.map((result) => [result.flavour.name, relative(distDir, result.dir)])),
    npm: relative(distDir, npm.dir),
  };
  writeFileSync(join(distDir, BUILD_INFO), `${JSON.stringify(info, null, 2)}\n`);

  const result: BuildResult = {
    version: pkg.version,
    elements: tags,
    distDir,
    cdn,
    npm,
    warnings,
    durationMs: performance.now() - started,
  };
  if (!options.quiet) printSummary(result, root);
  return result;
}

/** Builds when dist/ is missing or older than a source; returns null when it was current. */
export async function ensureBuilt(options: BuildOptions = {}): Promise<BuildResult | null> {
  const root = options.root ?? REPO_ROOT;
  const reason = staleReason(root, options.distDir ?? defaultDistDir(root));
  if (!reason) return null;
  if (!options.quiet) console.log(`building: ${reason}`);
  return build(options);
}

function printSummary(result: BuildResult, root: string): void {
  const where = (dir: string) => `${relative(root, dir)}/`;
  const lines = [`Hearth ${result.version}: ${result.elements.join(', ')}`];
  const line = (label: string, dir: string, contents: string) => `  ${label.padEnd(16)} ${where(dir).padEnd(26)} ${contents}`;
  for (const { flavour, dir, files, manifest } of result.cdn) {
    const elements = Object.keys(manifest.elements).length;
    const chunks = files.filter((file) => file.startsWith('chunks/')).length;
    lines.push(line(flavour.label, dir, `loader.js, ${elements} element chunk(s), ${chunks} shared chunk(s), manifest.json, sri.json`));
  }
  lines.push(line('npm (React)', result.npm.dir, `${result.npm.files.length} files: package.json, jsx.d.ts, custom-elements.json, …`));
  for (const warning of result.warnings) lines.push(`  warning: ${warning}`);
  lines.push(`built in ${(result.durationMs / 1000).toFixed(1)} s; sizes: node --import tsx bench/sizes.ts`);
  console.log(lines.join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const run = process.argv.includes('--if-stale')
    ? ensureBuilt().then((result) => {
        if (!result) console.log('dist/ is up to date');
      })
    : build();
  run.catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
