/**
 * Generated PDFs on the work tier (issue 33): one user cannot starve everyone — another user's PDF is done before
 * most of a user's queue, a user past PDF_QUEUE_LIMITS is refused with RATE_LIMITED — and the rendering runs on
 * worker threads. (What a PDF holds, and a job cut off by a restart: server/documents/documents.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { threadStats } from '../jobs/threads';
import { insertSellerCase } from '../listing-photos/demo-case';
import type { Logger } from '../log';
import { codeOf, graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { PDF_QUEUE_LIMITS, startPdfWorker } from './jobs';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const GENERATE = `mutation ($id: ID!) { generatePdf(applicationCaseId: $id) { id status } }`;

let server: RunningServer;
let uploadDir: string;
let a: SignedUp;
let b: SignedUp;
let caseOfA: number;
let caseOfB: number;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-pdf-jobs-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  // jobs: false: no PDF worker of the server's own; the test runs one when it wants.
  server = await startTestServer({ jobs: false });
  [a, b] = await Promise.all([signUp(server), signUp(server)]);
  caseOfA = (await insertSellerCase(server.db, a.user.id, `PJA${process.pid}`)).caseId;
  caseOfB = (await insertSellerCase(server.db, b.user.id, `PJB${process.pid}`)).caseId;
}, 120_000);

afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

describe(`generated PDFs: a fair share per user (${engineName()})`, () => {
  it('B’s one PDF is done before most of A’s; A past the limit is refused with RATE_LIMITED, and may queue again once served', async () => {
    const ofA: number[] = [];
    for (let i = 0; i < PDF_QUEUE_LIMITS.perOwner; i++) {
      const answer = await graphqlAs(server, a, GENERATE, { id: String(caseOfA) });
      expect(answer.errors).toBeUndefined();
      ofA.push(Number(answer.data!.generatePdf.id));
    }
    const refused = await graphqlAs(server, a, GENERATE, { id: String(caseOfA) });
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.errors![0]!.message).toMatch(/^You have \d+ PDFs being generated already\. Try again in \d+ seconds/);
    // Nothing was written for the refusal.
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM generated_pdfs WHERE requested_by_user_id = $1', [a.user.id]);
    expect(rows[0]!.n).toBe(PDF_QUEUE_LIMITS.perOwner);

    const ofB = Number((await graphqlAs(server, b, GENERATE, { id: String(caseOfB) })).data!.generatePdf.id);
    const finished: number[] = [];
    const threadTasks = threadStats().completed;
    const worker = startPdfWorker(server.db, { logger: quiet, intervalMs: 3_600_000, onStep: (id, step) => void (step === 'Saving…' && finished.push(id)) });
    await worker.runOnce();
    await worker.stop();
    expect([...finished].sort((x, y) => x - y)).toEqual([...ofA, ofB].sort((x, y) => x - y));
    expect(finished.indexOf(ofB)).toBeLessThanOrEqual(1);
    // The form and its assembly ran on worker threads (two tasks per PDF at least).
    expect(threadStats().completed - threadTasks).toBeGreaterThanOrEqual(2 * finished.length);
    const { rows: done } = await server.db.query<{ status: string }>('SELECT status FROM generated_pdfs WHERE id = ANY($1::bigint[])', [[...ofA, ofB]]);
    expect(done.map((r) => r.status)).toEqual(done.map(() => 'done'));
    // Served: A has places again.
    expect((await graphqlAs(server, a, GENERATE, { id: String(caseOfA) })).errors).toBeUndefined();
  }, 120_000);
});
