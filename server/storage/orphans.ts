/**
 * Files without their row (issue 22). A profile photo is written to disk first and its row second (a row must
 * never name a file that is not there), so a process killed between the two, or between saving a new photo and
 * removing the one it replaced, leaves a whole file that no row refers to. The server sweeps those at start:
 * a file under `users/<id>/` that is not that user's image, and older than `olderThanMs`, is removed.
 *
 * The embedded database is one process (its data directory is locked), so at its start no upload can be under
 * way and the grace is 0. With PostgreSQL another worker may be between its two steps, so only files older than
 * ten minutes go.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db';

export const POSTGRES_SWEEP_GRACE_MS = 10 * 60 * 1000;

export interface SweepReport {
  checked: number;
  removed: number;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function listDir(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** Removes the profile photos under `root/users/` that no user's image names. */
export async function sweepOrphanUserPhotos(db: Queryable, root: string, options: { olderThanMs: number; now?: number }): Promise<SweepReport> {
  const now = options.now ?? Date.now();
  const report: SweepReport = { checked: 0, removed: 0 };
  const folders = (await listDir(join(root, 'users'))).filter((name) => /^[1-9]\d{0,17}$/.test(name));
  if (folders.length === 0) return report;
  const { rows } = await db.query<{ id: number; image: string | null }>('SELECT id, image FROM users WHERE id = ANY($1::bigint[])', [folders]);
  const images = new Map(rows.map((row) => [String(row.id), row.image]));
  for (const folder of folders) {
    for (const file of await listDir(join(root, 'users', folder))) {
      report.checked++;
      if (images.get(folder) === `/media/users/${folder}/${file}`) continue;
      const path = join(root, 'users', folder, file);
      try {
        if (now - (await stat(path)).mtimeMs < options.olderThanMs) continue;
        await rm(path, { force: true });
        report.removed++;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }
  return report;
}
