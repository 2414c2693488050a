/**
 * Bundle sizes of the CDN build against the DESIGN §5 budgets. A report, not a gate: the exit code is 0
 * whatever the sizes (it is 1 only when there is nothing to measure).
 *
 *   node --import tsx bench/sizes.ts                 table for dist/cdn/v<version>/ (or HEARTH_DIST; builds first if stale)
 *   node --import tsx bench/sizes.ts --json          the same rows as JSON
 *   node --import tsx bench/sizes.ts --flavour cdn-react
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { CdnManifest } from '../cdn/build-cdn';
import { ensureBuilt } from '../cdn/build';
import { readPackageJson, REPO_ROOT } from '../cdn/project';

export const KB = 1024;

/** DESIGN §5, in KB of gzip. Elements not listed are measured without a budget. */
export const SIZE_BUDGETS_KB = {
  loader: 1,
  runtime: 25,
  elements: {
    'hearth-listing-card': 4,
    'hearth-contact-form': 10,
    'hearth-questionnaire': 20,
    'hearth-search-map': 20,
  } as Record<string, number>,
};

export type SizeBudgets = typeof SIZE_BUDGETS_KB;

export interface SizeRow {
  /** `loader.js`, `shared runtime`, a tag, `<tag> skeleton` (its entry), or `other chunk` (lazy or shared by some elements). */
  what: string;
  file: string;
  bytes: number;
  gzipBytes: number;
  budgetBytes: number | null;
  status: 'PASS' | 'OVER' | null;
}

/** Gzip size at zlib's default level, as a CDN compressing on the fly would serve it. */
export const gzipSize = (content: Buffer | string): number => gzipSync(content).length;

/**
 * Measures loader.js, the runtime chunk, each element chunk and any other chunk of one built CDN folder,
 * against `budgets` (null: no budgets, as for the React flavour, which §5 does not budget).
 */
export function measureSizes(dir: string, budgets: SizeBudgets | null = SIZE_BUDGETS_KB): SizeRow[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as CdnManifest;
  const row = (what: string, file: string, budgetKb: number | undefined): SizeRow => {
    const content = readFileSync(join(dir, file));
    const gzipBytes = gzipSize(content);
    const budgetBytes = budgetKb === undefined ? null : budgetKb * KB;
    return {
      what,
      file,
      bytes: content.length,
      gzipBytes,
      budgetBytes,
      status: budgetBytes === null ? null : gzipBytes <= budgetBytes ? 'PASS' : 'OVER',
    };
  };
  const rows = [row('loader.js', 'loader.js', budgets?.loader)];
  if (manifest.runtime) rows.push(row('shared runtime', manifest.runtime, budgets?.runtime));
  for (const [tag, { file, element }] of Object.entries(manifest.elements)) {
    // With a skeleton, the loader imports its small entry, which imports the element's own chunk.
    rows.push(row(tag, element ?? file, budgets?.elements[tag]));
    if (element) rows.push(row(`${tag} skeleton`, file, undefined));
  }
  const sri = JSON.parse(readFileSync(join(dir, 'sri.json'), 'utf8')) as Record<string, string>;
  for (const file of Object.keys(sri)) {
    if (file.startsWith('chunks/') && file !== manifest.runtime) rows.push(row('other chunk', file, undefined));
  }
  return rows;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function formatSizeTable(rows: SizeRow[]): string {
  const table = [
    ['What', 'File', 'Raw', 'Gzip', 'Budget', ''],
    ...rows.map((r) => [r.what, r.file, kb(r.bytes), kb(r.gzipBytes), r.budgetBytes === null ? '—' : kb(r.budgetBytes), r.status ?? '']),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
  return table
    .map((cells) =>
      cells
        .map((cell, column) => (column >= 2 && column <= 4 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const json = process.argv.includes('--json');
  const flavourFlag = process.argv.indexOf('--flavour');
  const flavour = flavourFlag > 0 ? (process.argv[flavourFlag + 1] ?? 'cdn') : 'cdn';
  try {
    // With --json, stdout carries only the JSON.
    await ensureBuilt({ quiet: json });
    const version = readPackageJson().version;
    // The folder ensureBuilt() builds into: HEARTH_DIST, else dist/.
    const dir = join(process.env.HEARTH_DIST ? resolve(process.env.HEARTH_DIST) : join(REPO_ROOT, 'dist'), flavour, `v${version}`);
    if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`no build in ${dir}`);
    const rows = measureSizes(dir, flavour === 'cdn' ? SIZE_BUDGETS_KB : null);
    if (json) console.log(JSON.stringify({ flavour, version, rows }, null, 2));
    else {
      const budgets = flavour === 'cdn' ? 'budgets of DESIGN §5' : 'DESIGN §5 budgets the Preact build only';
      console.log(`Bundle sizes: dist/${flavour}/v${version}/ (gzip at zlib's default level, 1 KB = 1024 bytes; ${budgets})\n`);
      console.log(formatSizeTable(rows));
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
