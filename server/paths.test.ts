import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** paths reads DATA_DIR when first imported: each test imports fresh copies after setting it. */
async function freshImport<T>(module: string, dataDir: string | undefined): Promise<T> {
  vi.stubEnv('DATA_DIR', dataDir);
  vi.resetModules();
  return (await import(module)) as T;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

type Paths = typeof import('./paths');

describe('paths: the data directory (DATA_DIR)', () => {
  it('is DATA_DIR, resolved from the working directory, with the embedded database and the uploads inside', async () => {
    const { paths } = await freshImport<Paths>('./paths', 'somewhere/hearth-data');
    expect(paths.dataDir).toBe(resolve('somewhere/hearth-data'));
    expect(paths.defaultDataDir).toBe(join(resolve('somewhere/hearth-data'), 'pglite'));
    expect(paths.uploads).toBe(join(resolve('somewhere/hearth-data'), 'uploads'));
  });

  it('is .data/ in the repository when DATA_DIR is unset or empty', async () => {
    for (const value of [undefined, '']) {
      const { paths, REPO_ROOT } = await freshImport<Paths>('./paths', value);
      expect(relative(REPO_ROOT, paths.dataDir)).toBe('.data');
    }
  });

  it('holds the database of a command that names no directory (start, seed, import, alerts)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hearth-data-'));
    try {
      const { openDatabase } = await freshImport<typeof import('./db')>('./db', dataDir);
      const db = await openDatabase({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } });
      await db.close();
      await expect(access(join(dataDir, 'pglite', 'PG_VERSION'))).resolves.toBeUndefined();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // A first start runs initdb (seconds of CPU; more on a busy machine).
  }, 120_000);
});
