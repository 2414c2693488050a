/**
 * `npm run bench:load -- --sizing` (issue 37, docs/deployment.md "Sizing"): the `bench:load` mix on PostgreSQL in
 * three phases of one run, on one throwaway schema, each API instance and the worker a process of its own
 * (`--role api`, `--role worker`, server/roles.ts; the installation set up once first, as `npm run setup` does):
 *
 *   a. one API instance; the worker idle (it delivers the contact forms' mail, nothing heavy);
 *   b. two API instances, the clients' connections spread over them as a balancer would;
 *   c. the same two, while extra clients keep the worker busy: users generating PDFs of their cases (three photo
 *      documents each) and sellers uploading listing photos (then deleting them, as a seller replacing a photo does).
 *
 * Per phase: requests/second (and per API process), per operation p50/p99, search p99 as × of the idle phase with
 * the same instances (the acceptance's 2× budget), the CPU time each part used (API processes, worker, PostgreSQL
 * when it runs on this machine, the load generator), and, for phase c, the jobs finished per kind and minute — read
 * from the jobs table (finished in the phase's window) and from each process's /metrics
 * (`hearth_job_duration_seconds_count`), which says which process ran them: an `api` process runs no work tier,
 * so a job it ran would be a bug. Photo uploads are counted by the clients; when no job of another kind than a PDF
 * finished, the report says the photos were processed by the API processes (their upload request does the work).
 *
 *   node --import tsx bench/load.ts --sizing [--duration 40] [--connections 200] [--database-url URL]
 *                                   [--listings 5000] [--pdf-clients 4] [--photo-clients 2]
 *
 * A report, not a test: exits 1 when a request of the mix failed or an API process ran a job (the heavy clients'
 * failures are counted in the report). Uploaded files go to a temporary folder all the processes
 * share (one machine: the disk is the bucket).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Database } from '../server/db';
import { testHome } from '../server/sellers/testing';
import {
  emptyResults,
  HttpLoad,
  ipOf,
  ms,
  operationStats,
  percentile,
  prepare,
  processTreeUsage,
  requestCount,
  runClients,
  signUpOver,
  startServerProcess,
  type OperationStats,
  type ServerProcess,
} from './load';

export interface SizingOptions {
  databaseUrl: string;
  /** Measured time of each phase. */
  phaseMs: number;
  connections: number;
  listings: number;
  users: number;
  /** Users each generating one PDF after the other in phase c. */
  pdfClients: number;
  /** Sellers each uploading one listing photo after the other in phase c. */
  photoClients: number;
  verbose: boolean;
}

export const DEFAULT_SIZING_OPTIONS: Omit<SizingOptions, 'databaseUrl'> = {
  phaseMs: 40_000,
  connections: 200,
  listings: 5_000,
  users: 20,
  pdfClients: 4,
  photoClients: 2,
  verbose: true,
};

interface PhasePlan {
  name: string;
  apis: number;
  busy: boolean;
}

const PHASES: readonly PhasePlan[] = [
  { name: 'a. 1 API, worker idle', apis: 1, busy: false },
  { name: 'b. 2 APIs, worker idle', apis: 2, busy: false },
  { name: 'c. 2 APIs, worker busy', apis: 2, busy: true },
];

/** The heavy clients' figures of one phase. */
interface HeavyStats {
  /** Milliseconds from asking to done, of each PDF done. */
  pdfs: number[];
  /** PDFs that ended 'failed', and requests of the PDF clients that failed. */
  pdfFailures: number;
  /** Milliseconds of each photo upload answered. */
  photos: number[];
  /** Photo uploads (or their deletions) that failed: an error answer, or the request's deadline. */
  photoFailures: number;
  /** The first few distinct failures. */
  problems: string[];
}

export interface PhaseReport {
  plan: PhasePlan;
  elapsedMs: number;
  requests: number;
  operations: OperationStats[];
  /** Search p99 over the search p99 of the idle phase with as many API instances (1 for the idle phases themselves). */
  searchP99VsIdle: number;
  /** CPU seconds used during the phase. */
  cpu: { apis: number[]; worker: number; postgres: number | null; generator: number; machine: number | null };
  /** Where the CPU went inside the first API process and the worker, by thread name. */
  threads: { api: ThreadShare[]; worker: ThreadShare[] };
  /** Jobs finished in the phase's window, by kind: from the table, and as each process's /metrics counted them. */
  jobsDone: Record<string, number>;
  jobsByWorker: Record<string, number>;
  jobsByApis: Record<string, number>;
  heavy: HeavyStats | null;
}

export interface SizingReport {
  options: SizingOptions;
  cores: number;
  cpuModel: string;
  phases: PhaseReport[];
  loadAverage: number[];
}

// ---------------------------------------------------------------------------------------------------
// Heavy clients: users doing what the worker tier exists for, through the API

const GRAPHQL = '/graphql/';
const GENERATE_PDF = 'mutation GeneratePdf($c: ID!) { generatePdf(applicationCaseId: $c, componentSet: ALL) { id status } }';
const PDF_STATUS = 'query GeneratedPdf($id: ID!) { generatedPdf(id: $id) { status } }';
const UPLOAD_PHOTO = 'mutation UploadListingPhoto($file: File!, $c: ID!) { uploadListingPhoto(file: $file, applicationCaseId: $c) { id } }';
const DELETE_PHOTO = 'mutation DeletePhoto($c: ID!, $id: ID!) { updatePhotoManagement(applicationCaseId: $c, deleteListingPhotoId: $id) { id } }';
const CREATE_SELLER = 'mutation CreateSeller($home: SellerHomeContext!) { createSeller(homeContext: $home, classification: SALE) { caseId } }';
const CREATE_CASE = 'mutation CreatePreQualification { createPreQualification { id } }';
const CASE_SLOTS = 'query MyDocuments($id: ID) { myDocuments(applicationCaseId: $id) { caseComponents { id component { type } } } }';
const UPLOAD_DOCUMENT =
  'mutation CreateUploadedDocument($file: File!, $slot: ID!, $c: ID!) { createUploadedDocument(file: $file, componentId: $slot, applicationCaseId: $c) { id } }';
/** Documents on each PDF client's case, appended to its PDF. */
const DOCUMENTS_PER_CASE = 3;

interface HeavyUser {
  token: string;
  ip: string;
  caseId: string;
}

interface GraphQLAnswer {
  data?: Record<string, Record<string, unknown> | null>;
  errors?: { message: string; extensions?: { code?: string; retryAfterSeconds?: number } }[];
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function graphql(base: string, who: Pick<HeavyUser, 'token' | 'ip'>, query: string, variables: Record<string, unknown> = {}, file?: { bytes: Buffer; name: string }): Promise<GraphQLAnswer> {
  const name = /^(?:query|mutation) (\w+)/.exec(query)![1]!;
  const headers: Record<string, string> = { Authorization: `Token ${who.token}`, 'X-Forwarded-For': who.ip };
  let body: string | FormData;
  if (file) {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name);
    body = form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ query, variables });
  }
  const response = await fetch(`${base}${GRAPHQL}?queryName=${name}`, { method: 'POST', headers, body });
  const text = await response.text();
  try {
    return JSON.parse(text) as GraphQLAnswer;
  } catch {
    return { errors: [{ message: `HTTP ${response.status}: ${text.slice(0, 160)}` }] };
  }
}

function dataOf(answer: GraphQLAnswer, field: string): Record<string, unknown> {
  const value = answer.data?.[field];
  if (answer.errors?.length || !value) throw new Error(`${field}: ${answer.errors?.[0]?.message ?? 'no data'}`);
  return value;
}

/** A photo-like JPEG (noise over a gradient, so it encodes like a photo rather than to nothing). */
async function photoJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const noise = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90 + seed * 30, g: 120, b: 150 }, noise: { type: 'gaussian', mean: 120, sigma: 50 } } })
    .png()
    .toBuffer();
  return sharp(noise).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 88 }).toBuffer();
}

interface HeavyFixtures {
  pdfUsers: HeavyUser[];
  photoUsers: HeavyUser[];
  /** A phone's photo: 4000 × 3000. */
  photo: Buffer;
}

async function signUpHeavy(http: HttpLoad, n: number): Promise<Pick<HeavyUser, 'token' | 'ip'>> {
  const ip = ipOf(220_000 + n);
  return { ip, token: await signUpOver(http, ip, n, 'heavy') };
}

/** Users with a case of three photo documents (PDF clients) and sellers with a listing (photo clients), made through the API; not timed. */
async function prepareHeavy(http: HttpLoad, base: string, options: SizingOptions): Promise<HeavyFixtures> {
  const document = await photoJpeg(2400, 1600, 0);
  const pdfUsers: HeavyUser[] = [];
  for (let i = 0; i < options.pdfClients; i++) {
    const who = await signUpHeavy(http, i);
    const caseId = String(dataOf(await graphql(base, who, CREATE_CASE), 'createPreQualification').id);
    const [mine] = dataOf(await graphql(base, who, CASE_SLOTS, { id: caseId }), 'myDocuments') as unknown as { caseComponents: { id: string; component: { type: string } }[] }[];
    const slots = mine!.caseComponents.filter((c) => c.component.type === 'UPLOAD_DOCUMENT').slice(0, DOCUMENTS_PER_CASE);
    if (slots.length < DOCUMENTS_PER_CASE) throw new Error(`a pre-qualification case has ${slots.length} document slots, not ${DOCUMENTS_PER_CASE}`);
    for (const [k, slot] of slots.entries()) {
      dataOf(await graphql(base, who, UPLOAD_DOCUMENT, { slot: slot.id, c: caseId }, { bytes: document, name: `document-${k + 1}.jpg` }), 'createUploadedDocument');
    }
    pdfUsers.push({ ...who, caseId });
  }
  const photoUsers: HeavyUser[] = [];
  for (let i = 0; i < options.photoClients; i++) {
    const who = await signUpHeavy(http, 1_000 + i);
    const home = testHome({ address: `${2_000 + i} E Sizing Way` });
    const caseId = String(dataOf(await graphql(base, who, CREATE_SELLER, { home }), 'createSeller').caseId);
    photoUsers.push({ ...who, caseId });
  }
  return { pdfUsers, photoUsers, photo: await photoJpeg(4000, 3000, 1) };
}

/** One user generating a PDF, polling it every half second until it is done, then the next; until `stopped`. */
async function pdfClient(targets: string[], who: HeavyUser, n: number, stopped: () => boolean, stats: HeavyStats): Promise<void> {
  for (let i = n; !stopped(); i++) {
    const base = targets[i % targets.length]!;
    const started = performance.now();
    try {
      const made = await graphql(base, who, GENERATE_PDF, { c: who.caseId });
      const refusal = made.errors?.[0];
      if (refusal?.extensions?.code === 'RATE_LIMITED') {
        await sleep(1_000 * (refusal.extensions.retryAfterSeconds ?? 1));
        continue;
      }
      const pdf = dataOf(made, 'generatePdf') as { id: string; status: string };
      let status = pdf.status;
      while ((status === 'QUEUED' || status === 'RUNNING') && !stopped()) {
        await sleep(500);
        status = String(dataOf(await graphql(base, who, PDF_STATUS, { id: pdf.id }), 'generatedPdf').status);
      }
      if (status === 'DONE') stats.pdfs.push(performance.now() - started);
      else if (status === 'FAILED') stats.pdfFailures++;
    } catch (error) {
      stats.pdfFailures++;
      noteProblem(stats, error);
      await sleep(1_000);
    }
  }
}

function noteProblem(stats: HeavyStats, error: unknown): void {
  const message = (error as Error).message;
  if (stats.problems.length < 3 && !stats.problems.includes(message)) stats.problems.push(message);
}

/** One seller uploading a photo to their listing, then deleting it (their listing stays under its limit); until `stopped`. */
async function photoClient(targets: string[], who: HeavyUser, photo: Buffer, n: number, stopped: () => boolean, stats: HeavyStats): Promise<void> {
  for (let i = n; !stopped(); i++) {
    const base = targets[i % targets.length]!;
    const started = performance.now();
    try {
      const uploaded = dataOf(await graphql(base, who, UPLOAD_PHOTO, { c: who.caseId }, { bytes: photo, name: `photo-${i}.jpg` }), 'uploadListingPhoto') as { id: string };
      stats.photos.push(performance.now() - started);
      dataOf(await graphql(base, who, DELETE_PHOTO, { c: who.caseId, id: uploaded.id }), 'updatePhotoManagement');
    } catch (error) {
      stats.photoFailures++;
      noteProblem(stats, error);
      await sleep(1_000);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading what happened: jobs, metrics, CPU

/** `hearth_job_duration_seconds_count` of a process's /metrics, done jobs by kind. */
export function jobsDoneInMetrics(text: string): Record<string, number> {
  const done: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^hearth_job_duration_seconds_count\{([^}]*)\} (\d+)/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (labels.outcome === 'done' && labels.kind) done[labels.kind] = (done[labels.kind] ?? 0) + Number(match[2]);
  }
  return done;
}

async function scrapeJobs(url: string, token: string): Promise<Record<string, number>> {
  const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${url}/metrics answered ${response.status}`);
  return jobsDoneInMetrics(await response.text());
}

/** after − before, kind by kind (kinds with nothing left out). */
export function countsSince(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [kind, n] of Object.entries(after)) if (n - (before[kind] ?? 0) > 0) out[kind] = n - (before[kind] ?? 0);
  return out;
}

const sum = (records: Record<string, number>[]) => {
  const out: Record<string, number> = {};
  for (const record of records) for (const [k, n] of Object.entries(record)) out[k] = (out[k] ?? 0) + n;
  return out;
};

/** The PostgreSQL server's main process (the postmaster: every backend's parent), when it runs on this machine. */
async function postmasterPid(db: Database): Promise<number | null> {
  try {
    const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'latin1');
    // A server on another machine answers a process id of its own: here it may be anything, or nothing.
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') return null;
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null; // another machine, or no /proc
  }
}

/** CPU seconds used so far by each thread name of process `pid` (node's main thread, libuv's pool, libvips's, piscina's), with their nice value. */
function threadUsage(pid: number): Map<string, { cpuSeconds: number; nice: number[] }> {
  const out = new Map<string, { cpuSeconds: number; nice: number[] }>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'latin1');
      const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[0-9]+$/, '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const entry = out.get(name) ?? { cpuSeconds: 0, nice: [] };
      entry.cpuSeconds += (Number(fields[11]) + Number(fields[12])) / 100;
      const nice = Number(fields[16]);
      if (!entry.nice.includes(nice)) entry.nice.push(nice);
      out.set(name, entry);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/** Each thread name's CPU seconds between two readings (threads that ended are lost: a lower bound), largest first. */
function threadsSince(before: Map<string, { cpuSeconds: number; nice: number[] }>, after: Map<string, { cpuSeconds: number; nice: number[] }>): ThreadShare[] {
  return [...after]
    .map(([name, { cpuSeconds, nice }]) => ({ name, cpuSeconds: Math.max(0, cpuSeconds - (before.get(name)?.cpuSeconds ?? 0)), nice }))
    .filter((t) => t.cpuSeconds >= 0.05)
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds);
}

interface ThreadShare {
  name: string;
  cpuSeconds: number;
  nice: number[];
}

/** CPU time the whole machine spent busy so far (every core, user + system + interrupts; /proc/stat), in seconds; null without /proc. */
function machineBusySeconds(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'latin1').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal …: busy is all but idle and iowait (guest time is inside user).
    const busy = fields.slice(0, 8).reduce((s, n, i) => (i === 3 || i === 4 ? s : s + n), 0);
    return busy / 100;
  } catch {
    return null;
  }
}

const cpuSecondsOfThisProcess = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

// ---------------------------------------------------------------------------------------------------
// The run

export async function runSizingBench(partial: Partial<SizingOptions> & { databaseUrl: string }): Promise<SizingReport> {
  const options: SizingOptions = { ...DEFAULT_SIZING_OPTIONS, ...partial };
  const log = (line: string) => {
    if (options.verbose) console.log(line);
  };
  const uploads = await mkdtemp(join(tmpdir(), 'hearth-sizing-uploads-'));
  process.env.HEARTH_UPLOAD_DIR = uploads;
  const schema = `load_${process.pid}`;
  const metricsToken = randomBytes(16).toString('hex');
  const env = { HEARTH_UPLOAD_DIR: uploads, HEARTH_SECRET: randomBytes(32).toString('hex') };
  const quiet = { info: () => undefined, warn: console.warn, error: console.error };
  const { openServerDatabase } = await import('../server/app');
  log(`bench/load --sizing: setting up schema ${schema} with ${options.listings} listings`);
  // The installation, set up once before any process starts (as `npm run setup` does), dropped at the end.
  const db = await openServerDatabase(
    { databaseUrl: options.databaseUrl, databaseSchema: schema, dropSchemaOnClose: true, seed: true, seedListings: options.listings, databasePoolSize: 2 },
    quiet,
  );
  const processes: ServerProcess[] = [];
  const start = async (role: 'api' | 'worker') => {
    const server = await startServerProcess({ db: 'postgres', databaseUrl: options.databaseUrl, workers: 1, listings: 0, host: { role, schema, metricsToken } }, env);
    processes.push(server);
    return server;
  };
  const https: HttpLoad[] = [];
  try {
    const [worker, firstApi] = await Promise.all([start('worker'), start('api')]);
    const apis = [firstApi];
    https.push(new HttpLoad(firstApi.url, options.connections));
    const fixtures = await prepare(https[0]!, options.users);
    const heavyFixtures = await prepareHeavy(https[0]!, firstApi.url, options);
    const postgres = await postmasterPid(db);
    const idleSearchP99 = new Map<number, number>();
    const phases: PhaseReport[] = [];

    for (const [index, plan] of PHASES.entries()) {
      while (apis.length < plan.apis) {
        const api = await start('api');
        apis.push(api);
        https.push(new HttpLoad(api.url, options.connections));
      }
      const targets = https.slice(0, plan.apis);
      const urls = apis.slice(0, plan.apis).map((a) => a.url);

      // The heavy clients start first, so the worker is busy when the measured window opens.
      let heavyStopped = false;
      const heavy: HeavyStats | null = plan.busy ? { pdfs: [], pdfFailures: 0, photos: [], photoFailures: 0, problems: [] } : null;
      const heavyClients = heavy
        ? [
            ...heavyFixtures.pdfUsers.map((who, n) => pdfClient(urls, who, n, () => heavyStopped, heavy)),
            ...heavyFixtures.photoUsers.map((who, n) => photoClient(urls, who, heavyFixtures.photo, n, () => heavyStopped, heavy)),
          ]
        : [];
      if (heavy) {
        await sleep(5_000);
        Object.assign(heavy, { pdfs: [], pdfFailures: 0, photos: [], photoFailures: 0 });
      }

      log(`${plan.name}: ${options.connections} connections for ${options.phaseMs / 1000} s${heavy ? `, ${options.pdfClients} users generating PDFs and ${options.photoClients} uploading photos` : ''}`);
      const cpuOf = () => ({
        apis: apis.slice(0, plan.apis).map((a) => processTreeUsage(a.pid).cpuSeconds),
        worker: processTreeUsage(worker.pid).cpuSeconds,
        postgres: postgres === null ? null : processTreeUsage(postgres).cpuSeconds,
        generator: cpuSecondsOfThisProcess(),
        machine: machineBusySeconds(),
      });
      const metricsBefore = await Promise.all([worker, ...apis.slice(0, plan.apis)].map((p) => scrapeJobs(p.url, metricsToken)));
      const windowStart = (await db.query<{ t: Date }>('SELECT clock_timestamp() AS t')).rows[0]!.t;
      const cpuBefore = cpuOf();
      const threadsBefore = { api: threadUsage(firstApi.pid), worker: threadUsage(worker.pid) };
      const results = emptyResults();
      const started = performance.now();
      const progress = setInterval(() => log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s: ${requestCount(results)} requests`), 10_000);
      await runClients(targets, fixtures, { connections: options.connections, deadline: started + options.phaseMs, firstClient: index * 10_000 }, results);
      clearInterval(progress);
      const elapsedMs = performance.now() - started;
      const cpuAfter = cpuOf();
      const threads = {
        api: threadsSince(threadsBefore.api, threadUsage(firstApi.pid)),
        worker: threadsSince(threadsBefore.worker, threadUsage(worker.pid)),
      };
      const windowEnd = (await db.query<{ t: Date }>('SELECT clock_timestamp() AS t')).rows[0]!.t;
      const metricsAfter = await Promise.all([worker, ...apis.slice(0, plan.apis)].map((p) => scrapeJobs(p.url, metricsToken)));
      heavyStopped = true;
      const heavySnapshot = heavy && { ...heavy, pdfs: [...heavy.pdfs], photos: [...heavy.photos] };
      await Promise.all(heavyClients);

      const { rows: jobRows } = await db.query<{ kind: string; n: number }>(
        `SELECT kind, count(*)::int AS n FROM jobs WHERE status = 'done' AND finished_at >= $1 AND finished_at < $2 GROUP BY kind ORDER BY kind`,
        [windowStart, windowEnd],
      );
      const operations = operationStats(results);
      const searchP99 = operations.find((o) => o.operation === 'search')!.p99;
      if (!plan.busy && !idleSearchP99.has(plan.apis)) idleSearchP99.set(plan.apis, searchP99);
      const deltas = metricsAfter.map((after, i) => countsSince(metricsBefore[i]!, after));
      phases.push({
        plan,
        elapsedMs,
        requests: requestCount(results),
        operations,
        searchP99VsIdle: searchP99 / (idleSearchP99.get(plan.apis) ?? searchP99),
        cpu: {
          apis: cpuAfter.apis.map((c, i) => c - cpuBefore.apis[i]!),
          worker: cpuAfter.worker - cpuBefore.worker,
          postgres: cpuAfter.postgres === null || cpuBefore.postgres === null ? null : cpuAfter.postgres - cpuBefore.postgres,
          generator: cpuAfter.generator - cpuBefore.generator,
          machine: cpuAfter.machine === null || cpuBefore.machine === null ? null : cpuAfter.machine - cpuBefore.machine,
        },
        threads,
        jobsDone: Object.fromEntries(jobRows.map((r) => [r.kind, r.n])),
        jobsByWorker: deltas[0]!,
        jobsByApis: sum(deltas.slice(1)),
        heavy: heavySnapshot,
      });
      log(formatPhase(phases.at(-1)!));
      await sleep(2_000);
    }
    return { options, cores: availableParallelism(), cpuModel: cpus()[0]?.model ?? 'unknown', phases, loadAverage: loadavg() };
  } finally {
    for (const http of https) http.close();
    await Promise.all(processes.map((p) => p.close()));
    await db.close();
    await rm(uploads, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------
// The report

const perMinute = (n: number, elapsedMs: number) => (n / (elapsedMs / 60_000)).toFixed(1);
const kinds = (record: Record<string, number>) =>
  Object.keys(record).length === 0
    ? 'none'
    : Object.entries(record)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');

function formatPhase(phase: PhaseReport): string {
  const seconds = phase.elapsedMs / 1000;
  const search = phase.operations.find((o) => o.operation === 'search')!;
  return `  ${phase.requests} requests in ${seconds.toFixed(1)} s: ${(phase.requests / seconds).toFixed(0)} req/s; search p50 ${ms(search.p50)}, p99 ${ms(search.p99)} (${phase.searchP99VsIdle.toFixed(2)}× idle)`;
}

export function formatSizingReport(report: SizingReport): string {
  const { phases } = report;
  const share = (seconds: number, phase: PhaseReport) => `${((seconds / (phase.elapsedMs / 1000)) * 100).toFixed(0)}%`;
  const lines = [
    `PostgreSQL, ${report.options.connections} keep-alive connections of the bench:load mix, ${report.options.phaseMs / 1000} s a phase, ${report.options.listings} listings; ` +
      `${report.cores} cores (${report.cpuModel}) shared by the API processes, the worker, PostgreSQL and the load generator`,
    '',
    '| phase | req/s | req/s per API process | search p50 | search p99 | search p99 × idle | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...phases.map((p) => {
      const rps = p.requests / (p.elapsedMs / 1000);
      const search = p.operations.find((o) => o.operation === 'search')!;
      const errors = p.operations.reduce((s, o) => s + o.errors, 0);
      return `| ${p.plan.name} | ${rps.toFixed(0)} | ${(rps / p.plan.apis).toFixed(0)} | ${ms(search.p50)} | ${ms(search.p99)} | ${p.searchP99VsIdle.toFixed(2)}× | ${errors} |`;
    }),
    '',
    `| operation | ${phases.map((p) => `${p.plan.name.split('.')[0]}. p50 / p99`).join(' | ')} |`,
    `|---|${phases.map(() => '---:').join('|')}|`,
    ...phases[0]!.operations.map((o, i) => `| ${o.operation} | ${phases.map((p) => `${ms(p.operations[i]!.p50)} / ${ms(p.operations[i]!.p99)}`).join(' | ')} |`),
    '',
    '| phase | CPU: API processes | worker | PostgreSQL | load generator | anything else | machine idle | API CPU per request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...phases.map((p) => {
      const api = p.cpu.apis.reduce((s, c) => s + c, 0);
      const ours = api + p.cpu.worker + (p.cpu.postgres ?? 0) + p.cpu.generator;
      const idle = p.cpu.machine === null ? null : report.cores * (p.elapsedMs / 1000) - p.cpu.machine;
      return (
        `| ${p.plan.name} | ${p.cpu.apis.map((c) => share(c, p)).join(' + ')} | ${share(p.cpu.worker, p)} | ${p.cpu.postgres === null ? '—' : share(p.cpu.postgres, p)} | ${share(p.cpu.generator, p)} | ` +
        `${p.cpu.machine === null ? '—' : share(Math.max(0, p.cpu.machine - ours), p)} | ${idle === null ? '—' : share(Math.max(0, idle), p)} | ${ms((api * 1000) / p.requests)} |`
      );
    }),
    `(CPU as % of one core over the phase: 100% is one core, the machine has ${report.cores}; "anything else" is the rest of the machine's busy time: other programs, the kernel)`,
  ];
  for (const p of phases) {
    const minutes = (n: number) => perMinute(n, p.elapsedMs);
    const threadLine = (threads: ThreadShare[]) =>
      threads
        .slice(0, 6)
        .map((t) => `${t.name} ${share(t.cpuSeconds, p)} (nice ${t.nice.join('/')})`)
        .join(', ');
    lines.push('', `${p.plan.name}: threads of the first API process: ${threadLine(p.threads.api)}; of the worker: ${threadLine(p.threads.worker) || 'idle'}`);
    lines.push(`${p.plan.name}: jobs finished (jobs table): ${kinds(p.jobsDone)}; run by the worker (its /metrics): ${kinds(p.jobsByWorker)}; by the API processes: ${kinds(p.jobsByApis)}`);
    for (const [kind, n] of Object.entries(p.jobsDone)) lines.push(`  ${kind}: ${minutes(n)} jobs/min`);
    if (p.heavy) {
      const pdfs = [...p.heavy.pdfs].sort((a, b) => a - b);
      const photos = [...p.heavy.photos].sort((a, b) => a - b);
      lines.push(
        `  PDFs generated for the clients: ${pdfs.length} (${minutes(pdfs.length)}/min), asked → done p50 ${ms(percentile(pdfs, 50))}, max ${ms(pdfs.at(-1) ?? NaN)}; failed ${p.heavy.pdfFailures}`,
        `  listing photos uploaded: ${photos.length} (${minutes(photos.length)}/min), upload p50 ${ms(percentile(photos, 50))}, max ${ms(photos.at(-1) ?? NaN)}; failed ${p.heavy.photoFailures}` +
          (photos.length > 0 && Object.keys(p.jobsDone).every((k) => k === 'pdf') ? ' — processed by the API processes (no job of the work tier)' : ''),
      );
      const workerJobs = Object.values(p.jobsByWorker).reduce((s, n) => s + n, 0);
      if (workerJobs > 0) lines.push(`  worker CPU per job (all kinds): ${ms((p.cpu.worker * 1000) / workerJobs)}`);
      for (const problem of p.heavy.problems) lines.push(`  heavy client error: ${problem}`);
    }
    for (const o of p.operations) for (const example of o.examples) lines.push(`  ${o.operation} error: ${example}`);
  }
  lines.push('', `load average at the end: ${report.loadAverage.map((l) => l.toFixed(2)).join(', ')}`);
  return lines.join('\n');
}

/**
 * Whether a request of the measured mix failed, or an API process ran a job (an `api` process has no work tier: the
 * worker must have done it). The heavy clients' failures are reported, not counted here: on a saturated machine a
 * photo upload can meet its request's deadline, which is the figure to read, not a broken run.
 */
export const sizingFailed = (report: SizingReport) =>
  report.phases.some((p) => p.operations.some((o) => o.errors > 0) || Object.keys(p.jobsByApis).length > 0);
