/**
 * No module imports itself back through static imports (dpdm): a cycle makes evaluation order depend on
 * which module a chunk happens to load first, and an element that works on one page breaks on another.
 * Dynamic `import()` is how a lazy chunk is loaded (the GraphQL client, the toaster, the auth calls), so a
 * cycle that goes through one is allowed. Type-only imports vanish in the build and are not counted.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOTS = ['core', 'elements', 'questionnaire', 'loader', 'themes', 'site', 'server', 'cdn', 'demo-sites'];

async function staticCycles(cwd: string, entries: string[]): Promise<{ files: number; cycles: string[][] }> {
  const tree = await parseDependencyTree(entries, {
    cwd,
    context: cwd,
    transform: true,
    skipDynamicImports: false,
    include: /\.(ts|tsx|mts)$/,
    exclude: /node_modules|\.test\.tsx?$/,
    extensions: ['.ts', '.tsx', '.mts', '.js', '.json'],
  });
  return { files: Object.keys(tree).length, cycles: parseCircular(tree, true) };
}

describe('module graph', () => {
  it('has no cycle of static imports', async () => {
    const { files, cycles } = await staticCycles(
      process.cwd(),
      ROOTS.flatMap((root) => [`${root}/**/*.ts`, `${root}/**/*.tsx`]),
    );
    expect(files).toBeGreaterThan(400);
    expect(cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
  }, 120_000);

  it('finds a static cycle, and lets one through a dynamic import pass', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hearth-cycles-'));
    try {
      await writeFile(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      await writeFile(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      await writeFile(join(dir, 'c.ts'), "export const c = () => import('./d');\n");
      await writeFile(join(dir, 'd.ts'), "import { c } from './c';\nexport const d = c;\n");
      const { cycles } = await staticCycles(dir, ['*.ts']);
      expect(cycles.map((cycle) => cycle.map((file) => file.replace(/\.ts$/, '')).sort().join(','))).toEqual(['a,b']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
