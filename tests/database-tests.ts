/**
 * Which test files the PostgreSQL pass runs (tests/server-on-postgres.ts): the server's test files (under
 * `server/`, or named `*.server.test.ts`) that reach the database — whose imports, followed through every
 * module they load (type-only imports left out), arrive at `server/db/index.ts`, the one module that opens a
 * database (PGlite or PostgreSQL). Every test server, test database and child server is opened through it,
 * so a new test file that touches the database is picked up without a list to keep; a pure file (a parser, the
 * schema's text, a cost plan) runs once, in the first pass.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The module that opens every database. */
export const DATABASE_MODULE = 'server/db/index.ts';

/** Static `import … from`, `export … from` and bare `import '…'` (not `import type`/`export type`), and `import('…')`. */
const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?!type[\s{])(?:[^'";]*?\sfrom\s*)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const SOURCE = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const TEST_FILE = /\.test\.tsx?$/;

/** The repository's modules that `file` loads at run time (relative specifiers only: packages never open our database). */
export function runtimeImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    if (!specifier.startsWith('.')) continue;
    const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
    const target = SOURCE.map((ending) => base + ending).find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (target) found.push(target);
  }
  return found;
}

/** Whether `file` reaches `target` through its run-time imports (`imports` caches each module's list). */
export function reaches(file: string, target: string, imports = new Map<string, string[]>()): boolean {
  const seen = new Set<string>();
  const stack = [resolve(file)];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next === target) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    let list = imports.get(next);
    if (!list) imports.set(next, (list = runtimeImports(next)));
    stack.push(...list);
  }
  return false;
}

function testFilesUnder(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) testFilesUnder(path, out);
    else if (TEST_FILE.test(entry.name)) out.push(path);
  }
  return out;
}

/** The server's test files (relative to `root`), each with whether it reaches the database. */
export function classifyServerTests(root: string): { file: string; database: boolean }[] {
  const target = resolve(root, DATABASE_MODULE);
  const imports = new Map<string, string[]>();
  return testFilesUnder(root)
    .map((path) => relative(root, path))
    .filter((file) => file.startsWith('server/') || /\.server\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => ({ file, database: reaches(join(root, file), target, imports) }));
}
