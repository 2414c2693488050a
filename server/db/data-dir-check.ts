/**
 * A damaged embedded-database directory is refused at start with a message naming it and the way back
 * (issue 22, durability) — never opened as a silent empty database:
 *   - files but no PG_VERSION (a partial copy, a deleted file): PGlite would run initdb over them and
 *     start empty, so it is refused before PGlite sees it;
 *   - PGlite failing to open an existing directory (truncated pg_control, garbled WAL or catalog: its
 *     errors read "Aborted()" or "failed to initialize") becomes the same clear error.
 * The server then exits non-zero (server/start.ts lets the error end the process).
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export class DataDirDamagedError extends Error {
  constructor(
    readonly dataDir: string,
    problem: string,
    options?: ErrorOptions,
  ) {
    const dir = resolve(dataDir);
    super(
      `The embedded database in ${dir} cannot be used: ${problem}. Hearth did not start and changed nothing there. ` +
        'To recover: stop every Hearth process, then restore the latest backup with `npm run restore -- <backup folder>` ' +
        `(folders written by \`npm run backup\`, by default under backups/ in the data directory); the damaged directory is moved aside, not deleted. ` +
        'See docs/operations.md, "The embedded database (PGlite)".',
      options,
    );
    this.name = 'DataDirDamagedError';
  }
}

/** Whether the directory holds a database already: true (PG_VERSION present), false (absent or empty). Throws when it holds something else. */
export async function existingDatabase(dataDir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new DataDirDamagedError(dataDir, `it cannot be read (${(error as Error).message})`, { cause: error });
  }
  if (entries.includes('PG_VERSION')) return true;
  if (entries.length === 0) return false;
  throw new DataDirDamagedError(
    dataDir,
    `it holds files (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}) but no ${join('PG_VERSION')}, so it is not a whole PostgreSQL data directory`,
  );
}

/** PGlite's failure to open an existing directory, as a clear error. */
export function openFailure(dataDir: string, error: unknown): DataDirDamagedError {
  const detail = String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 200);
  return new DataDirDamagedError(dataDir, `the database engine could not open it (${detail}); its files are damaged`, { cause: error });
}
