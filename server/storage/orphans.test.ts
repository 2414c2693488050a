import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Queryable } from '../db';
import { sweepOrphanUserPhotos } from './orphans';

/** A database that knows two users: 7 with an image, 8 without. */
const db = {
  query: async () => ({ rows: [{ id: 7, image: '/media/users/7/kept.png' }, { id: 8, image: null }] }),
} as unknown as Queryable;

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

async function files(tree: Record<string, string[]>): Promise<void> {
  for (const [folder, names] of Object.entries(tree)) {
    await mkdir(join(root, 'users', folder), { recursive: true });
    for (const name of names) await writeFile(join(root, 'users', folder, name), 'x');
  }
}

describe('sweepOrphanUserPhotos', () => {
  it('removes the files no user names (a replaced photo, a half-written temporary, a user gone) and keeps the image', async () => {
    root = await mkdtemp(join(tmpdir(), 'hearth-orphans-'));
    await files({ '7': ['kept.png', 'replaced.png', 'new.png.ab12cd.partial'], '8': ['never-saved.jpg'], '9': ['user-gone.png'] });
    const report = await sweepOrphanUserPhotos(db, root, { olderThanMs: 0 });
    expect(report).toEqual({ checked: 5, removed: 4 });
    expect(await readdir(join(root, 'users', '7'))).toEqual(['kept.png']);
    expect(await readdir(join(root, 'users', '8'))).toEqual([]);
  });

  it('keeps files younger than the grace (another process may be between its file and its row)', async () => {
    root = await mkdtemp(join(tmpdir(), 'hearth-orphans-'));
    await files({ '7': ['kept.png', 'in-flight.png', 'old.png'] });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(join(root, 'users', '7', 'old.png'), hourAgo, hourAgo);
    const report = await sweepOrphanUserPhotos(db, root, { olderThanMs: 10 * 60 * 1000 });
    expect(report.removed).toBe(1);
    expect((await readdir(join(root, 'users', '7'))).sort()).toEqual(['in-flight.png', 'kept.png']);
  });

  it('does nothing without an upload folder', async () => {
    root = await mkdtemp(join(tmpdir(), 'hearth-orphans-'));
    expect(await sweepOrphanUserPhotos(db, join(root, 'missing'), { olderThanMs: 0 })).toEqual({ checked: 0, removed: 0 });
  });
});
