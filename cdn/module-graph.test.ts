/**
 * No module imports itself back (dpdm), neither through static imports nor through a lazy chunk's
 * `import()`: a static cycle makes evaluation order depend on which module a chunk happens to load first,
 * and a dynamic one means a foundation module knows about a feature above it (issue 15: config once loaded
 * the auth calls to show the logout toast). Type-only imports vanish in the build and are not counted.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOTS = ['core', 'elements', 'questionnaire', 'loader', 'themes', 'site', 'server', 'cdn', 'demo-sites'];

async function importCycles(cwd: string, entries: string[]): Promise<{ files: number; cycles: string[][] }> {
  const tree = await parseDependencyTree(entries, {
    cwd,
    context: cwd,
    transform: true,
    skipDynamicImports: false,
    include: /\.(ts|tsx|mts)$/,
    exclude: /node_modules|\.test\.tsx?$/,
    extensions: ['.ts', '.tsx', '.mts', '.js', '.json'],
  });
  return { files: Object.keys(tree).length, cycles: parseCircular(tree, false) };
}

describe('module graph', () => {
  it('has no import cycle, static or dynamic', async () => {
    const { files, cycles } = await importCycles(
      process.cwd(),
      ROOTS.flatMap((root) => [`${root}/**/*.ts`, `${root}/**/*.tsx`]),
    );
    expect(files).toBeGreaterThan(400);
    expect(cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
  }, 120_000);

  it('finds a static cycle and one through a dynamic import', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hearth-cycles-'));
    try {
      await writeFile(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      await writeFile(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      await writeFile(join(dir, 'c.ts'), "export const c = () => import('./d');\n");
      await writeFile(join(dir, 'd.ts'), "import { c } from './c';\nexport const d = c;\n");
      const { cycles } = await importCycles(dir, ['*.ts']);
      expect(cycles.map((cycle) => cycle.map((file) => file.replace(/\.ts$/, '')).sort().join(',')).sort()).toEqual(['a,b', 'c,d']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
