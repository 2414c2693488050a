/**
 * Files without their row (issue 22). Every upload is written to disk first and its row second (a row must never
 * name a file that is not there), and a replaced file is removed only after the new row is saved. A process killed
 * in between, a failed removal, or a replacement that never removes (a partner's logo), leaves a whole file that no
 * row refers to. The server sweeps those at start, folder by folder (FOLDERS below):
 *
 *   users/<user>/<file>                              kept while that user's `image` names it
 *   partners/<partner>/(logo|agent)-<hex>.webp       kept while the partner's app_context names it (partner.logo,
 *                                                    appLogo, agentPic: server/partners/settings.ts settingsOfRow)
 *   posts/<base>-<width>.webp                        kept while a post_images row has that base key and that width
 *   listing-photos/<listing>/<hex>-<width>.webp|jpg  kept while a listing_photos row has that base key and width
 *   documents/<case or r-response>/<hex>.<ext>       kept while an uploaded_documents row has it as storage_key
 *   generated/<case>/<hex>-(form|attachments|signed).pdf
 *                                                    kept while a generated_pdfs row (pdf_key, attachment_pdf_key) or a
 *                                                    pdf_signatures row (signed_pdf_key) names it
 *   marketing/<material>/<version>.(pdf|png)         kept while a marketing_renders row names it (a material's file,
 *                                                    rendered once per version: server/marketing/files.ts)
 *   staged/<hex>.upload                              an upload's original while its job decodes it: kept while a
 *                                                    live (queued or running) job names it (server/uploads/jobs.ts)
 *
 * plus, in every folder, the `<name>.<hex>.partial` temporaries a killed LocalDiskStorage.put leaves (never named).
 * The same rules hold in an S3 bucket (HEARTH_STORAGE=s3): each folder is one listing of its keys (in pages), a
 * candidate's LastModified is read again (HEAD) after the database answered, and a key deeper than the folder's names
 * is left alone; a failed multipart upload leaves no object (it is aborted), so there are no temporaries there.
 * A file goes only when no row names it and it is older than `olderThanMs`. The embedded database is one process
 * (its data directory is locked), so at its start no upload can be under way and the grace is 0; with PostgreSQL
 * another worker may be between its two steps, so only files older than ten minutes go.
 *
 * What is left alone: any other name in partners/, posts/, listing-photos/, documents/, generated/, staged/ and marketing/ (this version
 * never writes it, so a row it does not read may name it: a newer version's during a rolling deploy on PostgreSQL,
 * or an operator's file); other top-level folders; symbolic links and anything but a regular file (nothing is
 * followed, so nothing outside `root` is ever read or removed); and every directory, even an empty one (an upload
 * makes its directory just before it writes there). In users/<id>/ every file is judged, as before: the folder is
 * that user's, and the user's one image is the only thing that may name a file in it.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Queryable } from '../db';
import { LocalDiskStorage, type Storage } from './index';

export const POSTGRES_SWEEP_GRACE_MS = 10 * 60 * 1000;

export interface SweepCounts {
  /** Files judged against the rows (kept or removed). */
  checked: number;
  removed: number;
  /** Entries left alone unjudged: names this version never writes, links, anything but a regular file. */
  ignored: number;
}

export interface SweepReport extends SweepCounts {
  folders: Record<UploadFolder, SweepCounts>;
}

export interface SweepOptions {
  /** The grace: a file younger than this stays, named or not. */
  olderThanMs: number;
  /** The clock, for tests (default Date.now()). */
  now?: number;
  /** Ids or keys per database question (default 1000): one question per folder unless it holds more. */
  batchSize?: number;
}

/**
 * One upload folder: which names below it this version writes (each with the value its rows are asked by), how
 * deep those names go, and the question put to the database: of these lookup values, which storage keys do rows name.
 */
interface FolderRule {
  /** Directory levels below the folder that hold files (posts' base keys have slashes of their own). */
  depth: number;
  /** A name below the folder (`7/ab.png`) to the value its rows are looked up by; null for a name never written. */
  lookup(name: string): string | null;
  /** The storage keys (`users/7/ab.png`) that rows matching `lookups` name. */
  named(db: Queryable, lookups: string[]): Promise<Iterable<string>>;
}

const ID = '[1-9][0-9]{0,15}';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const matcher = (pattern: string) => new RegExp(`^${pattern}$`);

const USER_FILE = /^([1-9][0-9]{0,17})\/[^/]+$/;
const PARTNER_FILE = matcher(`(${ID})/(logo|agent)-[0-9a-f]{24}\\.webp`);
/** The base key as migration 130 checks it (`posts/` and lower-case segments, at most 160 characters), then the width. */
const POST_FILE = /^([a-z0-9][a-z0-9/_-]*)-([1-9][0-9]{1,4})\.webp$/;
const LISTING_PHOTO_FILE = matcher(`(${ID}/[0-9a-f]{24})-[1-9][0-9]{1,4}\\.(webp|jpg)`);
const DOCUMENT_FILE = matcher(`(${ID}|r-${UUID})/[0-9a-f]{32}\\.(pdf|jpg|png|webp|heic)`);
const GENERATED_FILE = matcher(`${ID}/[0-9a-f]{24}-(form|attachments|signed)\\.pdf`);
const MARKETING_FILE = matcher(`${ID}/[0-9a-f]{32}\\.(pdf|png)`);
/** An upload's original while its job decodes it (server/uploads/jobs.ts). */
const STAGED_FILE = /^[0-9a-f]{32}\.upload$/;
/** What LocalDiskStorage.put writes before its rename: `<key>.<12 hex>.partial`. */
const PARTIAL = /^(.+)\.[0-9a-f]{12}\.partial$/;

/** A site path of ours (`/media/partners/3/logo-….webp`, or absolute on any origin) as its storage key. */
function mediaKey(value: unknown, folder: string): string | null {
  if (typeof value !== 'string') return null;
  const match = new RegExp(`/media/(${folder}/[^?#\\s]+)`).exec(value);
  return match ? match[1]! : null;
}

/** `base-<w>.<ext>` for every width of every row, for each extension. */
const sizesOf = (rows: { base_key: string; widths: (number | string)[] }[], extensions: string[]) =>
  rows.flatMap((r) => r.widths.flatMap((w) => extensions.map((e) => `${r.base_key}-${Number(w)}.${e}`)));

const FOLDERS = {
  users: {
    depth: 1,
    lookup: (name) => USER_FILE.exec(name)?.[1] ?? null,
    named: async (db, ids) => {
      const { rows } = await db.query<{ id: number; image: string | null }>('SELECT id, image FROM users WHERE id = ANY($1::bigint[])', [ids]);
      // Only the user's own folder counts, as ever: users/7/ is user 7's.
      return rows.map((r) => mediaKey(r.image, `users/${Number(r.id)}`)).filter((key) => key !== null);
    },
  },
  partners: {
    depth: 1,
    lookup: (name) => PARTNER_FILE.exec(name)?.[1] ?? null,
    named: async (db, ids) => {
      const { rows } = await db.query<{
        id: number;
        logo: string | null;
        app_logo: string | null;
        agent_pic: string | null;
      }>(
        `SELECT id, app_context->'partner'->>'logo' AS logo, app_context->>'appLogo' AS app_logo, app_context->>'agentPic' AS agent_pic
           FROM partners WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      return rows.flatMap((r) => [r.logo, r.app_logo, r.agent_pic].map((v) => mediaKey(v, `partners/${Number(r.id)}`)).filter((key) => key !== null));
    },
  },
  posts: {
    // A base key is at most 160 characters, so at most 80 levels.
    depth: 80,
    lookup: (name) => {
      const match = POST_FILE.exec(name);
      const base = match ? `posts/${match[1]}` : null;
      return base && base.length <= 160 ? base : null;
    },
    named: async (db, bases) => {
      const { rows } = await db.query<{ base_key: string; widths: number[] }>('SELECT base_key, widths FROM post_images WHERE base_key = ANY($1::text[])', [
        bases,
      ]);
      return sizesOf(rows, ['webp']);
    },
  },
  'listing-photos': {
    depth: 1,
    lookup: (name) => {
      const match = LISTING_PHOTO_FILE.exec(name);
      return match ? `listing-photos/${match[1]}` : null;
    },
    named: async (db, bases) => {
      const { rows } = await db.query<{ base_key: string; widths: number[] }>('SELECT base_key, widths FROM listing_photos WHERE base_key = ANY($1::text[])', [
        bases,
      ]);
      return sizesOf(rows, ['webp', 'jpg']);
    },
  },
  documents: {
    depth: 1,
    lookup: (name) => (DOCUMENT_FILE.test(name) ? `documents/${name}` : null),
    named: async (db, keys) => {
      const { rows } = await db.query<{ key: string }>('SELECT storage_key AS key FROM uploaded_documents WHERE storage_key = ANY($1::text[])', [keys]);
      return rows.map((r) => r.key);
    },
  },
  generated: {
    depth: 1,
    lookup: (name) => (GENERATED_FILE.test(name) ? `generated/${name}` : null),
    named: async (db, keys) => {
      const { rows } = await db.query<{ key: string }>(
        `SELECT pdf_key AS key FROM generated_pdfs WHERE pdf_key = ANY($1::text[])
         UNION ALL SELECT attachment_pdf_key FROM generated_pdfs WHERE attachment_pdf_key = ANY($1::text[])
         UNION ALL SELECT signed_pdf_key FROM pdf_signatures WHERE signed_pdf_key = ANY($1::text[])`,
        [keys],
      );
      return rows.map((r) => r.key);
    },
  },
  staged: {
    depth: 0,
    lookup: (name) => (STAGED_FILE.test(name) ? `staged/${name}` : null),
    named: async (db, keys) => {
      const { rows } = await db.query<{ key: string }>(
        `SELECT payload->>'stagedKey' AS key FROM jobs WHERE status IN ('queued', 'running') AND payload->>'stagedKey' = ANY($1::text[])`,
        [keys],
      );
      return rows.map((r) => r.key);
    },
  },
  marketing: {
    depth: 1,
    lookup: (name) => (MARKETING_FILE.test(name) ? `marketing/${name}` : null),
    named: async (db, keys) => {
      const { rows } = await db.query<{ key: string }>('SELECT storage_key AS key FROM marketing_renders WHERE storage_key = ANY($1::text[])', [keys]);
      return rows.map((r) => r.key);
    },
  },
} satisfies Record<string, FolderRule>;

export type UploadFolder = keyof typeof FOLDERS;
const FOLDER_NAMES = Object.keys(FOLDERS) as UploadFolder[];

/** A `<name>.<hex>.partial` of a name the folder's writer writes. */
const isTemporaryOf = (rule: FolderRule, name: string) => {
  const match = PARTIAL.exec(name);
  return match !== null && rule.lookup(match[1]!) !== null;
};

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** One entry below an upload folder: its name there, and whether it is a regular file (else it is only counted). */
interface Entry {
  name: string;
  isFile: boolean;
}

/** Where the sweep reads and removes: the local disk (links never followed) or any Storage that lists (S3). */
interface Source {
  /** The folder's entries down to `depth` levels (deeper ones are single non-file entries); null without it; 'ignored' when it is no folder. */
  entries(folder: string, depth: number): Promise<AsyncIterable<Entry> | 'ignored' | null>;
  /** Removes the file when it is a regular file older than the grace, read now (after the question); true when it did. */
  removeIfOld(key: string, now: number, olderThanMs: number): Promise<boolean>;
}

async function entriesOf(path: string): Promise<Dirent[]> {
  try {
    return (await readdir(path, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    // Gone meanwhile, or no longer a directory: nothing to judge there.
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return [];
    throw error;
  }
}

function diskSource(root: string): Source {
  const base = resolve(root);
  return {
    async entries(folder, depth) {
      const top = join(base, folder);
      const info = await lstat(top).catch((error: unknown) => {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      });
      if (!info) return null;
      // A link (perhaps to somewhere outside the root) or a file where the folder should be: not ours to judge.
      if (!info.isDirectory()) return 'ignored';
      const walk = async function* (relative: string, level: number): AsyncGenerator<Entry> {
        for (const entry of await entriesOf(join(top, relative))) {
          const name = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.isDirectory() && level < depth) yield* walk(name, level + 1);
          else yield { name, isFile: entry.isFile() };
        }
      };
      return walk('', 0);
    },
    async removeIfOld(key, now, olderThanMs) {
      const path = join(base, key);
      // Never outside the root, whatever a name held (names come from readdir, and links are never followed).
      if (!path.startsWith(base + sep)) return false;
      try {
        // In whole milliseconds, as `now` is: a file of this very millisecond is not from the future.
        const info = await lstat(path);
        if (!info.isFile() || now - Math.floor(info.mtimeMs) < olderThanMs) return false;
        await rm(path, { force: true });
        return true;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
        return false;
      }
    },
  };
}

/** An object store: one listing per folder (pages of keys); a key deeper than the folder's names is left alone. */
function storageSource(storage: Storage): Source {
  return {
    async entries(folder, depth) {
      return (async function* () {
        for await (const file of storage.list(`${folder}/`)) {
          const name = file.key.slice(folder.length + 1);
          yield { name, isFile: name.split('/').length - 1 <= depth };
        }
      })();
    },
    async removeIfOld(key, now, olderThanMs) {
      const written = await storage.lastModified(key);
      if (written === null || now - written < olderThanMs) return false;
      await storage.delete(key);
      return true;
    },
  };
}

interface Candidate {
  /** Below the upload folder: `users/7/ab.png`. */
  key: string;
  /** Null for a temporary, which no row ever names. */
  lookup: string | null;
}

/**
 * Removes, in `uploads` (the folder of a LocalDiskStorage, or any Storage: the S3 bucket), the uploaded files no row
 * names that are older than `options.olderThanMs` (see the top of this file for each folder's rule); answers what it
 * judged, removed and left alone, in all and per folder.
 */
export async function sweepOrphanUploads(db: Queryable, uploads: string | Storage, options: SweepOptions): Promise<SweepReport> {
  const now = options.now ?? Date.now();
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  const source =
    typeof uploads === 'string' ? diskSource(uploads) : uploads instanceof LocalDiskStorage ? diskSource(uploads.root) : storageSource(uploads);
  const folders = Object.fromEntries(FOLDER_NAMES.map((name) => [name, { checked: 0, removed: 0, ignored: 0 }])) as Record<UploadFolder, SweepCounts>;

  const judge = async (rule: FolderRule, counts: SweepCounts, batch: Candidate[]) => {
    const lookups = [...new Set(batch.map((c) => c.lookup).filter((l) => l !== null))];
    const named = new Set(lookups.length ? await rule.named(db, lookups) : []);
    for (const candidate of batch) {
      counts.checked++;
      if (named.has(candidate.key)) continue;
      // Read after the question: a file rewritten since (a post image's size stored again) is young again.
      if (await source.removeIfOld(candidate.key, now, options.olderThanMs)) counts.removed++;
    }
  };

  for (const folder of FOLDER_NAMES) {
    const rule: FolderRule = FOLDERS[folder];
    const counts = folders[folder];
    const entries = await source.entries(folder, rule.depth);
    if (entries === null) continue;
    if (entries === 'ignored') {
      counts.ignored++;
      continue;
    }
    let batch: Candidate[] = [];
    let lookups = new Set<string>();
    for await (const { name, isFile } of entries) {
      const lookup = isFile ? rule.lookup(name) : null;
      const temporary = isFile && lookup === null && isTemporaryOf(rule, name);
      if (lookup === null && !temporary) {
        counts.ignored++;
        continue;
      }
      // A new id or key for a full question asks the one so far first (a key's sizes, adjacent by name, stay together).
      if (lookup !== null && !lookups.has(lookup) && lookups.size >= batchSize) {
        await judge(rule, counts, batch);
        batch = [];
        lookups = new Set();
      }
      batch.push({ key: `${folder}/${name}`, lookup });
      if (lookup !== null) lookups.add(lookup);
    }
    if (batch.length) await judge(rule, counts, batch);
  }

  const total = (field: keyof SweepCounts) => FOLDER_NAMES.reduce((sum, name) => sum + folders[name][field], 0);
  return {
    checked: total('checked'),
    removed: total('removed'),
    ignored: total('ignored'),
    folders,
  };
}
