import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../server/paths';
import { classifyServerTests, reaches, runtimeImports } from './database-tests';

describe('which server test files the PostgreSQL pass runs (tests/database-tests.ts)', () => {
  const classified = classifyServerTests(REPO_ROOT);
  const database = new Set(classified.filter((f) => f.database).map((f) => f.file));

  it('runs every file that starts a server or opens a database itself, and the questionnaire widgets’ server files', () => {
    const starting = classified.filter(({ file }) => /\b(startTestServer|startServer|openTestDatabase|openDatabase|openPglite|startCluster)\(/.test(readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(starting.length).toBeGreaterThan(80);
    expect(starting.filter(({ database }) => !database).map(({ file }) => file)).toEqual([]);
    expect(database).toContain('server/analytics/forwarder.test.ts');
    expect(database).toContain('questionnaire/widgets/entries-grid/entries-grid.server.test.ts');
  });

  it('leaves out pure files (a parser, the schema text) and files outside the server', () => {
    expect(classified).toContainEqual({ file: 'server/content/markdown.test.ts', database: false });
    expect(classified).toContainEqual({ file: 'server/graphql/transport/limits.test.ts', database: false });
    expect(classified.some(({ file }) => file.startsWith('bench/') || file.startsWith('elements/'))).toBe(false);
  });

  describe('following imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-database-tests-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const db = write('db.ts', 'export const open = () => 1;\n');
    write('types-only.ts', "import type { open } from './db';\nexport type { open } from './db';\nexport type T = typeof open;\n");
    write('again.ts', "export * from './db';\n");
    write('lazy.ts', "export const later = () => import('./again.js');\n");
    write('side.ts', "import './lazy';\n");
    write('multi.ts', "import {\n  type T,\n  open,\n} from './db';\nexport const x = open;\n");

    it('reaches through export *, a dynamic import (with .js), a bare import and a multi-line import', () => {
      expect(reaches(join(dir, 'side.ts'), db)).toBe(true);
      expect(reaches(join(dir, 'multi.ts'), db)).toBe(true);
      expect(runtimeImports(join(dir, 'lazy.ts'))).toEqual([join(dir, 'again.ts')]);
    });

    it('does not follow type-only imports and exports, nor packages', () => {
      expect(runtimeImports(join(dir, 'types-only.ts'))).toEqual([]);
      expect(reaches(join(dir, 'types-only.ts'), db)).toBe(false);
      expect(runtimeImports(write('package.ts', "import { it } from 'vitest';\nimport pg from 'pg';\n"))).toEqual([]);
    });
  });
});
