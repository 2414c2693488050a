/**
 * kill -9 durability (issue 22), on PGlite and on PostgreSQL: a server in its own process takes writes from 20
 * concurrent clients — contact-form leads, tour requests, profile-photo uploads and questionnaire answers — and is killed with SIGKILL
 * at a random moment, several times over one database. After each restart every write the server acknowledged
 * is there and whole: a lead with its listing and the outbox mail written in its transaction, a tour with its
 * requested times, a user's image with its file, an answered screen with its answers; and no file is left without its row (the start's sweep,
 * server/storage/orphans.ts). The embedded directory opens without help (the dead process's lock is taken
 * over). HEARTH_DURABILITY=long runs more kills.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { access, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buyerTourGrid } from '../../core/tours/tour-times';
import { signUpAt } from '../accounts/testing';
import { sweepOrphanUploads } from '../storage/orphans';
import { engineName } from '../testing/test-server';
import type { Queryable } from './types';
import { openPglite } from './pglite';

const KILLS = process.env.HEARTH_DURABILITY === 'long' ? 8 : 2;
const CLIENTS = 20;
const CHILD = new URL('../testing/durable-child.ts', import.meta.url).pathname;
const POSTGRES = process.env.DATABASE_URL;
const TEXT_ANSWERS = { nickname: 'sam', about: '', gate_code: '', bedrooms: '3', garage_bays: '2', bathrooms: '2.5', down_payment_percent: '20', asking_price: '$489,000', asking_price_inr: '' };
/** A whole 2×2 PNG: a profile photo is decoded and re-encoded (server/uploads/image.ts). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000000970485973000003e8000003e801b57b526b0000001249444154089963305e9566bc2a8d014201002296050d56f55bd70000000049454e44ae426082',
  'hex',
);

/** A seeded random source, so a failing run can be repeated. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function startChild(dataDir: string, schema: string, uploadDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, schema], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, HEARTH_UPLOAD_DIR: uploadDir },
  });
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The server exited (code ${code}) before listening.`);
  });
  const listening = (async () => {
    for await (const line of lines) {
      if (line.startsWith('{')) return (JSON.parse(line) as { url: string }).url;
    }
    throw new Error('The server closed its output before listening.');
  })();
  return { child, url: await Promise.race([listening, exited]) };
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** The database the children wrote, opened by the test itself once they are dead. */
async function openWritten(dataDir: string, schema: string, { drop }: { drop: boolean }): Promise<Queryable & { close(): Promise<void> }> {
  if (!POSTGRES) return openPglite(dataDir);
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  await client.query(`SET search_path TO ${schema}`);
  return {
    query: async (sql: string, params?: unknown[]) => client.query(sql, params),
    close: async () => {
      if (drop) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  } as unknown as Queryable & { close(): Promise<void> };
}

interface Buyer {
  id: number;
  token: string;
}


describe(`kill -9 durability on ${engineName()} (${KILLS} kills, ${CLIENTS} clients)`, () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('keeps every acknowledged lead, tour, photo and answered screen, each whole, and no file without its row, across SIGKILLs', async () => {
    root = await mkdtemp(join(tmpdir(), 'hearth-durability-'));
    const dataDir = join(root, 'pglite');
    const uploadDir = join(root, 'uploads');
    const schema = `durable_${randomBytes(5).toString('hex')}`;
    const next = random(22);
    const leads = new Set<string>();
    const tours = new Set<number>();
    const photos = new Set<number>(); // users with an acknowledged upload
    const answers = new Set<string>(); // questionnaire responses whose first screen was acknowledged
    const counts = { requests: 0, leads: 0, tours: 0, photos: 0, answers: 0 };

    // The buyers (one a client) and their listing's tour times, made on a first server that is then killed too.
    let buyers: Buyer[] = [];
    let times: string[] = [];
    {
      const { child, url } = await startChild(dataDir, schema, uploadDir);
      buyers = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => signUpAt(url, `durable-${n}`)));
      await kill(child);
      const db = await openWritten(dataDir, schema, { drop: false });
      const { rows } = await db.query<{ time_zone: string }>('SELECT time_zone FROM listings WHERE id = 1002 AND enable_request_tour');
      await db.close();
      const zone = rows[0]?.time_zone;
      if (!zone) throw new Error('The demo listing 1002 takes no tour requests.');
      times = buyerTourGrid(new Date(), zone).gridDays[2]!.slots.slice(0, 3).map((slot) => slot.dateTime);
    }

    const write = async (url: string, round: number, n: number, i: number): Promise<void> => {
      const buyer = buyers[n]!;
      counts.requests++;
      if (i % 4 === 0) {
        const marker = `r${round}-c${n}-${i}`;
        const answer = await fetch(`${url}/v1/api/contact-form/?partner=acme`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ firstName: 'Durable', lastName: marker, email: `${marker}@example.com`, phone: '8015550123', comment: 'Kill me softly.', listingId: 1001 }),
        });
        if (answer.status === 201) leads.add(marker), counts.leads++;
      } else if (i % 4 === 1) {
        const answer = await fetch(`${url}/graphql/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Token ${buyer.token}` },
          body: JSON.stringify({ query: 'mutation ($l: ID!, $t: [String!]!) { saveTour(listingId: $l, scheduledDateTimes: $t) { id } }', variables: { l: '1002', t: times } }),
        });
        const body = (await answer.json()) as { data?: { saveTour?: { id: string } } };
        if (answer.status === 200 && body.data?.saveTour) tours.add(Number(body.data.saveTour.id)), counts.tours++;
      } else if (i % 4 === 3) {
        const call = async (query: string, variables: Record<string, unknown>, authorization?: string) => {
          const answer = await fetch(`${url}/public_graphql/`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
            body: JSON.stringify({ query, variables }),
          });
          return { status: answer.status, body: (await answer.json()) as { data?: Record<string, { id?: string; pin?: string; screenId?: string }> } };
        };
        const started = await call('mutation ($q: String!) { questionnaireStartScreen(xmlqId: $q) { id pin } }', { q: 'kitchen-sink' });
        const response = started.body.data?.questionnaireStartScreen;
        if (!response?.id || !response.pin) return;
        const next = await call('mutation ($r: ID!, $d: JSON!) { questionnaireNextScreen(respId: $r, data: $d) { screenId } }', { r: response.id, d: TEXT_ANSWERS }, `Questionnaire ${response.pin}`);
        if (next.status === 200 && next.body.data?.questionnaireNextScreen?.screenId === 'choices') answers.add(response.id), counts.answers++;
      } else {
        const form = new FormData();
        form.set('operations', JSON.stringify({ query: 'mutation Upload($f: File!) { uploadUserPhoto(file: $f) { image } }', variables: { f: null } }));
        form.set('map', JSON.stringify({ 0: ['variables.f'] }));
        form.set('0', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
        const answer = await fetch(`${url}/graphql/?queryName=Upload`, { method: 'POST', headers: { Authorization: `Token ${buyer.token}` }, body: form });
        const body = (await answer.json()) as { data?: { uploadUserPhoto?: { image: string } } };
        if (answer.status === 200 && body.data?.uploadUserPhoto) photos.add(buyer.id), counts.photos++;
      }
    };

    for (let round = 0; round < KILLS; round++) {
      const { child, url } = await startChild(dataDir, schema, uploadDir);
      let stop = false;
      const client = async (n: number) => {
        for (let i = n % 4; !stop; i++) {
          try {
            await write(url, round, n, i);
          } catch {
            return; // the server is gone: what was not acknowledged may or may not be there
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
      // The kill comes at a random moment once every kind of write is under way (a loaded machine warms up slowly).
      const before = { ...counts };
      const warm = Date.now() + 30_000;
      while (Date.now() < warm && !(['leads', 'tours', 'photos', 'answers'] as const).every((kind) => counts[kind] > before[kind]))
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, next() * 1600));
      await kill(child);
      stop = true;
      await Promise.all(clients);
    }
    // Files of the other upload folders that a process killed between its file and its row would leave.
    const leftBehind = [
      `partners/1/logo-${randomBytes(12).toString('hex')}.webp`,
      `posts/uploads/${randomBytes(12).toString('hex')}-480.webp`,
      `listing-photos/1001/${randomBytes(12).toString('hex')}-480.jpg`,
      `documents/1/${randomBytes(16).toString('hex')}.pdf`,
      `generated/1/${randomBytes(12).toString('hex')}-form.pdf`,
    ];
    for (const key of leftBehind) {
      await mkdir(dirname(join(uploadDir, key)), { recursive: true });
      await writeFile(join(uploadDir, key), 'left by a killed process');
    }
    // One more start: the database opens by itself and the sweep removes the files no row names.
    await kill((await startChild(dataDir, schema, uploadDir)).child);

    const db = await openWritten(dataDir, schema, { drop: true });
    try {
      const { rows: leadRows } = await db.query<{ last_name: string; listing_id: number | null; mails: number }>(
        `SELECT l.last_name, l.listing_id,
                (SELECT count(*)::int FROM outbox o WHERE o.subject LIKE '%Durable ' || l.last_name) AS mails
           FROM leads l WHERE l.first_name = 'Durable'`,
      );
      const storedLeads = new Map(leadRows.map((r) => [r.last_name, r]));
      const lostLeads = [...leads].filter((marker) => !storedLeads.has(marker));
      const partialLeads = leadRows.filter((r) => Number(r.listing_id) !== 1001 || Number(r.mails) !== 1);

      const { rows: tourRows } = await db.query<{ id: string; times: number }>(
        'SELECT t.id::text, (SELECT count(*)::int FROM requested_tour_times x WHERE x.tour_id = t.id) AS times FROM requested_tours t WHERE t.buyer_user_id = ANY($1::bigint[])',
        [buyers.map((b) => b.id)],
      );
      const storedTours = new Map(tourRows.map((r) => [Number(r.id), r.times]));
      const lostTours = [...tours].filter((id) => !storedTours.has(id));
      const partialTours = tourRows.filter((r) => Number(r.times) !== times.length);

      const { rows: userRows } = await db.query<{ id: string; image: string | null }>('SELECT id::text, image FROM users WHERE id = ANY($1::bigint[])', [buyers.map((b) => b.id)]);
      const images = new Map(userRows.map((r) => [Number(r.id), r.image]));
      const lostPhotos = [...photos].filter((id) => !images.get(id));
      const rowsWithoutFile: string[] = [];
      const filesWithoutRow: string[] = [];
      for (const [id, image] of images) {
        if (image && !(await access(join(uploadDir, image.slice('/media/'.length))).then(() => true, () => false))) rowsWithoutFile.push(image);
        for (const file of await readdir(join(uploadDir, 'users', String(id))).catch(() => [] as string[]))
          if (image !== `/media/users/${id}/${file}`) filesWithoutRow.push(`users/${id}/${file}`);
      }

      const { rows: responseRows } = await db.query<{ id: string; screens: number; bedrooms: string | null }>(
        "SELECT id::text, cardinality(history) AS screens, context->>'bedrooms' AS bedrooms FROM questionnaire_responses WHERE id::text = ANY($1::text[])",
        [[...answers]],
      );
      const storedAnswers = new Map(responseRows.map((r) => [r.id, r]));
      const lostAnswers = [...answers].filter((id) => !storedAnswers.has(id));
      const partialAnswers = responseRows.filter((r) => Number(r.screens) < 2 || r.bedrooms !== '3');

      console.log(
        `durability (${engineName()}): ${KILLS} kills, ${counts.requests} requests; acknowledged ${counts.leads} leads, ${counts.tours} tours, ${counts.photos} photos, ${counts.answers} answered screens; ` +
          `lost ${lostLeads.length + lostTours.length + lostPhotos.length + lostAnswers.length}, half-written ${partialLeads.length + partialTours.length + rowsWithoutFile.length + partialAnswers.length}, files without a row ${filesWithoutRow.length}`,
      );
      expect(counts.leads).toBeGreaterThan(0);
      expect(counts.tours).toBeGreaterThan(0);
      expect(counts.photos).toBeGreaterThan(0);
      expect(counts.answers).toBeGreaterThan(0);
      expect({ lostLeads, lostTours, lostPhotos, lostAnswers }).toEqual({ lostLeads: [], lostTours: [], lostPhotos: [], lostAnswers: [] });
      expect({ partialLeads, partialTours, rowsWithoutFile, partialAnswers }).toEqual({ partialLeads: [], partialTours: [], rowsWithoutFile: [], partialAnswers: [] });
      expect(filesWithoutRow).toEqual([]);
      // Nor in any other upload folder: what was left there is gone, and the seed's post images and listing photos stay.
      const stillThere = await Promise.all(leftBehind.map((key) => access(join(uploadDir, key)).then(() => key, () => null)));
      expect(stillThere.filter(Boolean)).toEqual([]);
      const again = await sweepOrphanUploads(db, uploadDir, { olderThanMs: 0 });
      expect(again.folders.posts.checked).toBeGreaterThan(0);
      expect(again.removed).toBe(0);
    } finally {
      await db.close();
    }
  }, 900_000);
});
