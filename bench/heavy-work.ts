/**
 * `npm run bench:heavy`: what heavy work does to everybody else (issue 33). A report, not a test: prints figures and
 * exits 0; loopback only, bounded counts.
 *
 *   flyer  A flyer (2550×3300 PNG) fetched through its signed link by 8 clients at once, twice (cold: just made;
 *          warm: again), while /healthz is timed every 50 ms; /healthz alone first (baseline).
 *   pdf    One generated PDF of a case with 12 large photos (BENCH_PDF_MEGAPIXELS, default 60 MP each, written
 *          straight to storage as an upload could not be): the job's time and the process's peak RSS over its
 *          RSS before the job (`process.resourceUsage().maxRSS`; the fixture is made by a child process first, so
 *          its own decoding does not count).
 *
 * `npm run bench:heavy -- flyer` or `-- pdf` runs one; without an argument both, each in a process of its own.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const mode = process.argv[2] ?? 'all';
const MEGAPIXELS = Number(process.env.BENCH_PDF_MEGAPIXELS ?? 60);
const ATTACHMENTS = 12;
const CLIENTS = 8;
const self = fileURLToPath(import.meta.url);

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string, e?: unknown) => console.error(m, e ?? '') };
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const ms = (n: number) => `${Math.round(n)} ms`;

async function setUp() {
  const uploads = await mkdtemp(join(tmpdir(), 'hearth-bench-heavy-'));
  process.env.HEARTH_UPLOAD_DIR = uploads;
  const { startTestServer } = await import('../server/testing/test-server');
  const server = await startTestServer({ jobs: false, logger: quiet });
  const { signUp } = await import('../server/accounts/testing');
  const owner = await signUp(server);
  const { insertSellerCase } = await import('../server/listing-photos/demo-case');
  const { caseId } = await insertSellerCase(server.db, owner.user.id, `BH${process.pid}`);
  return { server, owner, caseId, uploads };
}

/** The server side of the flyer bench, in a process of its own: a case with photos, its URL and owner printed, then serving until stdin closes. */
async function flyerServer() {
  const { server, owner, caseId, uploads } = await setUp();
  const { addCasePhotos } = await import('./flyer-case');
  await addCasePhotos(server, owner, caseId);
  console.log(JSON.stringify({ url: server.url, token: owner.token, caseId }));
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await server.close();
  await rm(uploads, { recursive: true, force: true });
}

/** The client side: /healthz alone, then 8 GETs of the flyer at once (twice) with /healthz timed meanwhile. */
async function flyer() {
  const child = spawn(process.execPath, ['--import', 'tsx', self, 'flyer-server'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
  });
  const { url: base, token, caseId } = JSON.parse(first) as { url: string; token: string; caseId: number };
  const healthz = async () => {
    const started = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    return performance.now() - started;
  };
  const probe = async (until: () => boolean) => {
    const times: number[] = [];
    while (!until()) {
      times.push(await healthz());
      await new Promise((r) => setTimeout(r, 50));
    }
    return times;
  };
  const baseline: number[] = [];
  for (let i = 0; i < 40; i++) {
    baseline.push(await healthz());
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`/healthz alone: p50 ${ms(pct(baseline, 50))}, p99 ${ms(pct(baseline, 99))}`);
  // Made after the baseline: where materials are rendered as they are made, that starts now.
  const { graphqlAs } = await import('../server/testing/graphql');
  const { CREATE_FLYER } = await import('./flyer-case');
  const created = await graphqlAs(
    { url: base } as never,
    token,
    CREATE_FLYER,
    { c: String(caseId) },
  );
  const url = created.data!.createMarketingMaterial.pngUrl as string;
  for (const round of ['cold (just made)', 'warm (again)']) {
    let done = false;
    const probing = probe(() => done);
    const gets = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const started = performance.now();
        const response = await fetch(url, { signal: AbortSignal.timeout(120_000) }).catch(() => null);
        const bytes = response ? (await response.arrayBuffer()).byteLength : 0;
        return { ms: performance.now() - started, status: response?.status ?? 0, bytes };
      }),
    );
    done = true;
    const during = await probing;
    const times = gets.map((g) => g.ms);
    console.log(
      `flyer PNG ×${CLIENTS} at once, ${round}: each ${ms(pct(times, 50))} (p50) – ${ms(Math.max(...times))} (max); statuses ${[...new Set(gets.map((g) => g.status))].join(',')}, ${gets[0]!.bytes} bytes; /healthz meanwhile p50 ${ms(pct(during, 50))}, p99 ${ms(pct(during, 99))} (${during.length} probes)`,
    );
  }
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
}

/** A large photo-like JPEG (gradients and noise, so it does not compress to nothing), made once. */
async function fixture(): Promise<string> {
  const file = join(tmpdir(), `hearth-bench-${MEGAPIXELS}mp.jpg`);
  if (existsSync(file)) return file;
  const width = Math.round(Math.sqrt(MEGAPIXELS * 1e6 * 1.5));
  const height = Math.round((MEGAPIXELS * 1e6) / width);
  const noise = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  await writeFile(file, await sharp(noise).resize(width, height, { kernel: 'nearest' }).jpeg({ quality: 80 }).toBuffer());
  return file;
}

async function pdf() {
  const file = process.env.BENCH_FIXTURE!;
  const { server, owner, caseId, uploads } = await setUp();
  const { findUserById } = await import('../server/accounts/users');
  const user = (await findUserById(server.db, owner.user.id))!;
  const bytes = await readFile(file);
  const { rows } = await server.db.query<{ id: number; partner_id: number }>(
    `SELECT cc.id, r.partner_id FROM application_cases c JOIN case_components cc ON cc.application_type_id = c.application_type_id
       JOIN questionnaire_responses r ON r.id = c.response_id
      WHERE c.id = $1 AND cc.component_type = 'UPLOAD_DOCUMENT' ORDER BY cc.position LIMIT 1`,
    [caseId],
  );
  for (let i = 0; i < ATTACHMENTS; i++) {
    const key = `documents/${caseId}/${randomBytes(16).toString('hex')}.jpg`;
    await mkdir(join(uploads, 'documents', String(caseId)), { recursive: true });
    await writeFile(join(uploads, key), bytes);
    await server.db.query(
      `INSERT INTO uploaded_documents (case_component_id, application_case_id, applicant_id, uploaded_by_user_id, storage_key, file_name, content_type, byte_size, sha256)
       VALUES ($1, $2, $3, $3, $4, $5, 'image/jpeg', $6, 'x')`,
      [rows[0]!.id, caseId, user.id, key, `photo-${i + 1}.jpg`, bytes.length],
    );
  }
  const { generatePdf, startPdfWorker } = await import('../server/pdf/jobs');
  global.gc?.();
  const before = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const job = await generatePdf(server.db as never, { applicationCaseId: caseId }, { user, partnerId: Number(rows[0]!.partner_id) });
  const started = performance.now();
  const worker = startPdfWorker(server.db, { logger: quiet, intervalMs: 3_600_000 });
  await worker.runOnce();
  await worker.stop();
  const took = performance.now() - started;
  const peak = process.resourceUsage().maxRSS * 1024;
  const { rows: done } = await server.db.query<{ status: string }>('SELECT status FROM generated_pdfs WHERE id = $1', [job.id]);
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  console.log(
    `PDF of ${ATTACHMENTS} photos of ${MEGAPIXELS} MP (${mb(bytes.length)} each): ${done[0]!.status} in ${ms(took)}; RSS before ${mb(before)}, peak ${mb(Math.max(peak, peakBefore))} (+${mb(Math.max(0, peak - before))})`,
  );
  await server.close();
  await rm(uploads, { recursive: true, force: true });
}

if (mode === 'flyer') await flyer();
else if (mode === 'flyer-server') await flyerServer();
else if (mode === 'pdf') await pdf();
else if (mode === 'fixture') console.log(await fixture());
else {
  const run = (arg: string, env: Record<string, string> = {}) =>
    execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', self, arg], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } }).toString().trim();
  console.log(run('flyer'));
  const fixtureFile = run('fixture').split('\n').pop()!;
  console.log(run('pdf', { BENCH_FIXTURE: fixtureFile }));
}
