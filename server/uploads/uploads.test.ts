/**
 * Every upload route (issue 33). Each image a user uploads is read by readUploadedImage: stored re-encoded
 * (never the upload's bytes), without its metadata (EXIF GPS), a declared size past the pixel limit refused
 * before decoding. And an upload whose deadline passes answers either success with what it stored, or
 * DEADLINE_EXCEEDED with nothing stored (no row, no file): never a failure with a row.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { isReadOnlySql } from '../db/read-only-sql';
import { schema } from '../graphql/schema/index';
import { insertSellerCase } from '../listing-photos/demo-case';
import type { Logger } from '../log';
import { graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { signUpTestPartner } from '../testing/partner';
import { engineName, startTestServer } from '../testing/test-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds or `ms` pass; answers whether it held. */
async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await check()) return true;
  return check();
}

/** Every file below `dir`, relative to it; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

/** A 1200×900 JPEG with a camera name and a GPS position in its EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '111/1 53/1 0/1' },
    })
    .toBuffer();

/** A PNG of a few dozen bytes whose header declares 50000 × 50000 pixels (2.5 gigapixels once decoded). */
function declaredHugePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

interface Answer {
  status: number;
  body: GraphqlResponse;
}

/** A GraphQL multipart upload of `bytes` as variable `file`. */
async function upload(server: RunningServer, who: SignedUp, query: string, variables: Record<string, unknown>, bytes: Uint8Array, name: string): Promise<Answer> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const response = await fetch(`${server.url}/graphql/?queryName=Upload`, { method: 'POST', headers: { Authorization: `Token ${who.token}` }, body: form });
  return { status: response.status, body: (await response.json()) as GraphqlResponse };
}

/** What an upload could have left: the rows (or the value) it writes, and the files of its folder. */
interface Snapshot {
  rows: unknown;
  files: string[];
}

/** One upload route, ready to call: who calls it, how, and what it stores. */
interface Target {
  who: SignedUp;
  query: string;
  variables: Record<string, unknown>;
  /** What the route takes (an image for the image routes). */
  bytes: () => Promise<Uint8Array>;
  name: string;
  /** Where its files go. */
  folder: string;
  snapshot: () => Promise<Snapshot>;
}

interface RouteCase {
  /** The mutation field. */
  field: string;
  label: string;
  image: boolean;
  /** The storage folder and the rows of a fresh caller of this route. */
  prepare: (server: RunningServer, uploadDir: string) => Promise<Target>;
}

const pngDocument = () => sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } }).png().toBuffer();

async function documentCase(server: RunningServer) {
  const owner = await signUp(server);
  const started = await graphqlAs(server, owner, 'mutation { createPreQualification { id } }');
  const caseId = started.data!.createPreQualification.id as string;
  const mine = await graphqlAs(server, owner, 'query ($id: ID) { myDocuments(applicationCaseId: $id) { caseComponents { id component { id } } } }', { id: caseId });
  const slots = mine.data!.myDocuments[0].caseComponents as { id: string; component: { id: string } }[];
  return { owner, caseId, componentId: slots.find((s) => s.component.id === 'pay-stubs')!.id };
}

const CREATE_DOCUMENT = `mutation Upload($file: File!, $componentId: ID!, $applicationCaseId: ID!) {
  createUploadedDocument(file: $file, componentId: $componentId, applicationCaseId: $applicationCaseId) { id } }`;

const partnerImage = (kind: 'LOGO' | 'AGENT_PICTURE'): RouteCase => ({
  field: 'uploadPartnerImage',
  label: `uploadPartnerImage ${kind}`,
  image: true,
  prepare: async (server, uploadDir) => {
    const owner = await signUp(server);
    const partner = await signUpTestPartner(server, owner, 'Upload Homes');
    return {
      who: owner,
      query: 'mutation Upload($partnerId: ID!, $kind: PartnerImageKind!, $file: File!) { uploadPartnerImage(partnerId: $partnerId, kind: $kind, file: $file) { id } }',
      variables: { partnerId: partner.id, kind },
      bytes: jpegWithGps,
      name: 'logo.jpg',
      folder: join(uploadDir, 'partners', partner.id),
      snapshot: async () => {
        const { rows } = await server.db.query<{ app_context: unknown }>('SELECT app_context FROM partners WHERE id = $1', [partner.id]);
        return { rows: JSON.stringify(rows[0]!.app_context), files: await filesUnder(join(uploadDir, 'partners', partner.id)) };
      },
    };
  },
});

/** Every mutation of the schema that takes a file, and how to call it; a new one fails the coverage test until listed. */
const ROUTES: RouteCase[] = [
  {
    field: 'uploadListingPhoto',
    label: 'uploadListingPhoto',
    image: true,
    prepare: async (server, uploadDir) => {
      const seller = await signUp(server);
      const { caseId, listingId } = await insertSellerCase(server.db, seller.user.id, `U${process.pid}X${Math.random().toString(36).slice(2, 8)}`);
      return {
        who: seller,
        query: 'mutation Upload($file: File!, $caseId: ID!) { uploadListingPhoto(file: $file, applicationCaseId: $caseId) { id } }',
        variables: { caseId: String(caseId) },
        bytes: jpegWithGps,
        name: 'garden.jpg',
        folder: join(uploadDir, 'listing-photos', String(listingId)),
        snapshot: async () => {
          const { rows } = await server.db.query<{ id: number }>('SELECT id FROM listing_photos WHERE listing_id = $1 ORDER BY id', [listingId]);
          return { rows: rows.map((r) => Number(r.id)), files: await filesUnder(join(uploadDir, 'listing-photos', String(listingId))) };
        },
      };
    },
  },
  {
    field: 'uploadUserPhoto',
    label: 'uploadUserPhoto',
    image: true,
    prepare: async (server, uploadDir) => {
      const user = await signUp(server);
      return {
        who: user,
        query: 'mutation Upload($file: File!) { uploadUserPhoto(file: $file) { id } }',
        variables: {},
        bytes: jpegWithGps,
        name: 'me.jpg',
        folder: join(uploadDir, 'users', String(user.user.id)),
        snapshot: async () => {
          const { rows } = await server.db.query<{ image: string | null }>('SELECT image FROM users WHERE id = $1', [user.user.id]);
          return { rows: rows[0]!.image, files: await filesUnder(join(uploadDir, 'users', String(user.user.id))) };
        },
      };
    },
  },
  partnerImage('LOGO'),
  partnerImage('AGENT_PICTURE'),
  {
    field: 'uploadPostImage',
    label: 'uploadPostImage',
    image: true,
    prepare: async (server, uploadDir) => {
      const editor = await signUp(server);
      await server.db.query('UPDATE users SET is_editor = true WHERE id = $1', [editor.user.id]);
      return {
        who: editor,
        query: 'mutation Upload($file: File!, $alt: String!) { uploadPostImage(file: $file, alt: $alt) { url } }',
        variables: { alt: 'A garden' },
        bytes: jpegWithGps,
        name: 'garden.jpg',
        folder: join(uploadDir, 'posts', 'uploads'),
        snapshot: async () => {
          const { rows } = await server.db.query<{ base_key: string }>(`SELECT base_key FROM post_images WHERE base_key LIKE 'posts/uploads/%' ORDER BY base_key`);
          return { rows: rows.map((r) => r.base_key), files: await filesUnder(join(uploadDir, 'posts', 'uploads')) };
        },
      };
    },
  },
  {
    field: 'createUploadedDocument',
    label: 'createUploadedDocument',
    image: false,
    prepare: async (server, uploadDir) => {
      const { owner, caseId, componentId } = await documentCase(server);
      return {
        who: owner,
        query: CREATE_DOCUMENT,
        variables: { componentId, applicationCaseId: caseId },
        bytes: pngDocument,
        name: 'stub.png',
        folder: join(uploadDir, 'documents', caseId),
        snapshot: async () => {
          const { rows } = await server.db.query<{ id: number }>('SELECT id FROM uploaded_documents WHERE application_case_id = $1 ORDER BY id', [caseId]);
          return { rows: rows.map((r) => Number(r.id)), files: await filesUnder(join(uploadDir, 'documents', caseId)) };
        },
      };
    },
  },
  {
    field: 'updateUploadedDocument',
    label: 'updateUploadedDocument',
    image: false,
    prepare: async (server, uploadDir) => {
      const { owner, caseId, componentId } = await documentCase(server);
      const created = await upload(server, owner, CREATE_DOCUMENT, { componentId, applicationCaseId: caseId }, await pngDocument(), 'first.png');
      const id = created.body.data!.createUploadedDocument.id as string;
      return {
        who: owner,
        query: 'mutation Upload($file: File!, $id: ID!) { updateUploadedDocument(file: $file, id: $id) { id } }',
        variables: { id },
        bytes: pngDocument,
        name: 'second.png',
        folder: join(uploadDir, 'documents', caseId),
        snapshot: async () => {
          const { rows } = await server.db.query('SELECT storage_key, file_name, sha256 FROM uploaded_documents WHERE application_case_id = $1 ORDER BY id', [caseId]);
          return { rows, files: await filesUnder(join(uploadDir, 'documents', caseId)) };
        },
      };
    },
  },
];
/** Guests' uploads run the same functions as the two above (server/documents/documents.ts), with the PIN instead of a session. */
const SAME_AS: Record<string, string> = { createCandidateUploadedDocument: 'createUploadedDocument', updateCandidateUploadedDocument: 'updateUploadedDocument' };

describe('every upload route is listed here', () => {
  it('names each mutation of the schema that takes a file', () => {
    const fields = Object.values(schema.getMutationType()!.getFields())
      .filter((f) => f.args.some((a) => String(a.type).replace(/[![\]]/g, '') === 'File'))
      .map((f) => f.name)
      .sort();
    expect(fields).toEqual([...new Set([...ROUTES.map((r) => r.field), ...Object.keys(SAME_AS)])].sort());
  });
});

/** Server-side deadline warnings seen so far (the transport logs one per request that passes its deadline). */
let deadlines = 0;
const countingLogger: Logger = {
  info: () => undefined,
  warn: (message) => {
    if (/deadline/.test(message)) deadlines += 1;
  },
  error: (message, error) => console.error(message, error),
};

describe(`uploads (${engineName()})`, () => {
  /** Long enough for a small upload to reach its commit before it: the tests below hold the write until it passes. */
  const DEADLINE_MS = 4_000;
  let server: RunningServer;
  let uploadDir: string;
  /** While set, the server's writes wait for the next deadline: before their commit, or inside it. */
  let hold: { where: 'before-commit' | 'in-commit'; armedAt: number; writes: Promise<unknown>[] } | null = null;
  const deadlinePassed = async (armedAt: number) => {
    if (!(await until(() => deadlines > armedAt))) throw new Error('the deadline never passed');
  };
  /** The writes of the upload routes: of their rows, or of any transaction. */
  const UPLOAD_TABLES = /\b(listing_photos|uploaded_documents|post_images|users|partners)\b/;

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'hearth-uploads-'));
    process.env.HEARTH_UPLOAD_DIR = uploadDir;
    server = await startTestServer({ graphqlDeadlineMs: DEADLINE_MS, graphqlUploadDeadlineMs: DEADLINE_MS, logger: countingLogger, jobs: false, trustProxy: true });
    const db = server.db;
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    db.transaction = ((fn) => {
      const h = hold;
      if (!h) return transaction(fn);
      const run = (async () => {
        if (h.where === 'before-commit') await deadlinePassed(h.armedAt);
        return transaction(async (tx) => {
          // The commit of the upload's row: a transaction that writes its tables (not the queue's: its job's enqueue and claim).
          let writesRow = false;
          const inner = tx.query.bind(tx);
          tx.query = ((sql: string, params?: readonly unknown[]) => {
            if (UPLOAD_TABLES.test(sql) && !/\bjobs\b/.test(sql) && !isReadOnlySql(sql)) writesRow = true;
            return inner(sql, params);
          }) as typeof tx.query;
          const result = await fn(tx);
          if (h.where === 'in-commit' && writesRow) await deadlinePassed(h.armedAt);
          return result;
        });
      })();
      h.writes.push(run.catch(() => undefined));
      return run;
    }) as typeof db.transaction;
    db.query = ((sql: string, params?: readonly unknown[]) => {
      const h = hold;
      if (!h || h.where !== 'before-commit' || isReadOnlySql(sql) || !UPLOAD_TABLES.test(sql)) return query(sql, params);
      const run = deadlinePassed(h.armedAt).then(() => query(sql, params));
      h.writes.push(run.catch(() => undefined));
      return run;
    }) as typeof db.query;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    delete process.env.HEARTH_UPLOAD_DIR;
    await rm(uploadDir, { recursive: true, force: true });
  });

  describe('an image is stored re-encoded, without its metadata, and refused past the pixel limit before decoding', () => {
    it.each(ROUTES.filter((r) => r.image).map((r) => [r.label, r] as const))('%s', async (_label, route) => {
      const target = await route.prepare(server, uploadDir);
      const bytes = await target.bytes();
      expect((await sharp(bytes).metadata()).exif!.toString('latin1')).toContain('TestCam');
      const before = await target.snapshot();
      const answer = await upload(server, target.who, target.query, target.variables, bytes, target.name);
      expect(answer.body.errors).toBeUndefined();
      const after = await target.snapshot();
      const added = after.files.filter((f) => !before.files.includes(f));
      expect(added.length).toBeGreaterThan(0);
      for (const name of added) {
        const stored = await readFile(join(target.folder, name));
        expect(stored.equals(bytes)).toBe(false);
        expect((await sharp(stored).metadata()).exif).toBeUndefined();
        expect(stored.toString('latin1')).not.toContain('TestCam');
      }

      const huge = await upload(server, target.who, target.query, target.variables, declaredHugePng(), 'huge.png');
      expect(huge.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentName: 'file' } });
      expect(huge.body.errors![0]!.message).toMatch(/megapixels/);
      expect(await target.snapshot()).toEqual(after);
    });
  });

  describe('an upload whose deadline passes before its commit answers DEADLINE_EXCEEDED and stores nothing', () => {
    it.each(ROUTES.map((r) => [r.label, r] as const))('%s', async (_label, route) => {
      const target = await route.prepare(server, uploadDir);
      const bytes = await target.bytes();
      const before = await target.snapshot();
      hold = { where: 'before-commit', armedAt: deadlines, writes: [] };
      let answer: Answer;
      try {
        answer = await upload(server, target.who, target.query, target.variables, bytes, target.name);
        // Every write the request tried has run (or been refused) once the deadline passed.
        await until(() => hold!.writes.length > 0);
        await Promise.all(hold.writes);
      } finally {
        hold = null;
      }
      expect(answer.status).toBe(503);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('DEADLINE_EXCEEDED');
      // Files stored before the commit are removed once it is refused.
      await until(async () => JSON.stringify(await target.snapshot()) === JSON.stringify(before), 10_000);
      expect(await target.snapshot()).toEqual(before);
    });
  });

  // A document, not a listing photo: the photo's four re-encodings on the niced work threads once took longer than
  // the 4 s deadline under CI's load, so the deadline passed before the commit (a right answer, but not this case).
  it('an upload whose deadline passes during its commit answers success, and its document is stored', async () => {
    const target = await ROUTES.find((r) => r.field === 'createUploadedDocument')!.prepare(server, uploadDir);
    hold = { where: 'in-commit', armedAt: deadlines, writes: [] };
    let answer: Answer;
    try {
      answer = await upload(server, target.who, target.query, target.variables, await target.bytes(), target.name);
    } finally {
      hold = null;
    }
    expect(answer.body.errors).toBeUndefined();
    expect(answer.status).toBe(200);
    const stored = await target.snapshot();
    expect(stored.rows).toEqual([Number(answer.body.data!.createUploadedDocument.id)]);
    expect(stored.files).toHaveLength(1);
  });
});

describe(`concurrent large uploads past their deadline (${engineName()})`, () => {
  let server: RunningServer;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'hearth-uploads-'));
    process.env.HEARTH_UPLOAD_DIR = uploadDir;
    // Shorter than decoding one of the photos below takes.
    server = await startTestServer({ graphqlDeadlineMs: 300, graphqlUploadDeadlineMs: 300, jobs: false, trustProxy: true });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    delete process.env.HEARTH_UPLOAD_DIR;
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('answers each either with its stored photo or DEADLINE_EXCEEDED, and stores exactly the photos answered', async () => {
    const target = await ROUTES[0]!.prepare(server, uploadDir);
    // 6 megapixels each: a few kilobytes of PNG that take longer to decode than the deadline (four at once on two
    // cores; eight of 12 megapixels took over two minutes on a loaded machine).
    const png = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#789' } }).png().toBuffer();
    const before = sharp.counters();
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => upload(server, target.who, target.query, target.variables, png, `big-${i}.png`)));
    const succeeded: number[] = [];
    for (const answer of answers) {
      if (answer.status === 200 && !answer.body.errors) succeeded.push(Number(answer.body.data!.uploadListingPhoto.id));
      else expect([answer.status, answer.body.errors?.[0]?.extensions?.code]).toEqual([503, 'DEADLINE_EXCEEDED']);
    }
    // The uploads answered DEADLINE_EXCEEDED go on decoding, then stop before they store anything: wait until sharp is
    // idle, then for what they may have stored to be removed.
    // (Counted from what sharp had in hand before these uploads: in the suite's shared workers another file may
    // have left a pipeline open, and waiting for zero would wait for it.)
    const idle = () => sharp.counters().process <= before.process && sharp.counters().queue <= before.queue;
    for (let quiet = 0, waited = 0; quiet < 10 && waited < 60_000; quiet = idle() ? quiet + 1 : 0, waited += 100) await sleep(100);
    // Each photo stored is 400, 800 and 1600 wide, in WebP and JPEG.
    const settled = async () => {
      const { rows, files } = await target.snapshot();
      return files.length === (rows as number[]).length * 6;
    };
    await until(settled, 10_000);
    const stored = await target.snapshot();
    expect(stored.rows).toEqual(succeeded.sort((a, b) => a - b));
    expect(stored.files).toHaveLength(succeeded.length * 6);
  }, 240_000);
});
