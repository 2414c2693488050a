/**
 * Issue 37's acceptance, as an operator meets it: a fresh installation in production. `npm start` (server/start.ts, a
 * process of its own) refuses before building or listening and names `npm run setup`; `npm run setup` (setup-cli.ts)
 * sets it up once and says so the second time; then sign-up, a hosted page and the embed API answer, and there is no
 * demo data. On PGlite a fresh DATA_DIR; on PostgreSQL (the second pass) a fresh database of the test's own.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../app';
import { engineName } from '../testing/test-server';

const run = promisify(execFile);
const START = fileURLToPath(new URL('../start.ts', import.meta.url));
const SETUP = fileURLToPath(new URL('./setup-cli.ts', import.meta.url));
const POSTGRES = process.env.DATABASE_URL;

let dataDir: string;
/** PostgreSQL: a database of this file's own (setup and start take the whole database of DATABASE_URL). */
let databaseUrl: string | undefined;
let admin: pg.Client | undefined;
const databaseName = `hearth_setup_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-production-'));
  if (POSTGRES) {
    admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;
  }
});
afterAll(async () => {
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  await rm(dataDir, { recursive: true, force: true });
});

/** The environment of an operator's command: production, this installation, a build folder nothing was built in. */
function operatorEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, HEARTH_DIST: join(dataDir, 'dist'), PORT: '0', ...extra };
  delete env.DATABASE_URL;
  delete env.HEARTH_TEST_PASSWORD_COST;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

async function npmStart(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', START], { env: operatorEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

const setup = (args: string[], extra: Record<string, string> = {}) => run(process.execPath, ['--import', 'tsx', SETUP, ...args], { env: operatorEnv(extra) });

describe(`a first production start (${engineName()})`, () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('refuses to start before setup, naming what is missing and `npm run setup`', async () => {
    const { code, stdout, stderr } = await npmStart();
    expect(code).toBe(1);
    expect(stderr).toContain('Hearth did not start: this production installation is not set up.');
    expect(stderr).toMatch(/the database is empty/);
    expect(stderr).toContain('the "default" partner');
    expect(stderr).toContain('there is no administrator');
    expect(stderr).toContain('Run `npm run setup -- --admin-email <email>');
    // Refused before the CDN build and before listening.
    expect(stdout).not.toMatch(/building|Hearth API/);
  }, 120_000);

  let password = '';
  it('is set up by `npm run setup`, the password shown once', async () => {
    // The guides' pictures are drawn with sharp: left out here, their setup is setup.test.ts's.
    const { stdout } = await setup(['--admin-email', 'owner@homes.example', '--name', 'Acme Homes', '--color', '#0b6e4f', '--without-guides'], {
      HEARTH_PUBLIC_ORIGIN: 'https://homes.example',
    });
    expect(stdout).toContain('[setup] the default partner: created');
    expect(stdout).toContain('[setup] administrator owner@homes.example: created');
    password = /shown this once[^:]*: (\S+)/.exec(stdout)?.[1] ?? '';
    expect(password).toMatch(/^[\w-]{24}$/);
  }, 120_000);

  it('then serves sign-up, the hosted pages and the embed API, with no demo data', async () => {
    // The production server as npm start makes it (the build aside): no migrating, no seed, the installation checked.
    server = await startServer({
      port: 0,
      production: true,
      migrate: false,
      requireSetup: true,
      seed: false,
      seedListings: 0,
      ...(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, 'pglite') }),
      logger: { info: () => undefined, warn: () => undefined, error: console.error },
    });
    const post = (path: string, body: unknown) =>
      fetch(`${server!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server!.url }, body: JSON.stringify(body) });

    const signUp = await post('/v1/api/sign-up/', { email: 'buyer@homes.example', password: 'correct horse battery 9' });
    expect(signUp.status).toBe(201);
    const signIn = await post('/v1/api/api-token-auth/', { username: 'owner@homes.example', password });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { user: { is_superuser: boolean } }).user.is_superuser).toBe(true);

    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Acme Homes');
    const config = await fetch(`${server.url}/v1/api/dynamic-config/`, { headers: { origin: 'https://agent.example' } });
    expect(config.status).toBe(200);
    const context = JSON.parse(((await config.json()) as { app_config: { app_context: string } }).app_config.app_context) as Record<string, unknown>;
    expect(context).toMatchObject({ appName: 'Acme Homes', officeNumber: null, tollFreeNumber: null, themeData: { tokens: { 'color-primary': '#0b6e4f' } } });

    const { db } = server;
    const counts = await db.query<{ listings: number; users: number; partners: number }>(
      'SELECT (SELECT count(*)::int FROM listings) AS listings, (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM partners) AS partners',
    );
    expect(counts.rows[0]).toEqual({ listings: 0, users: 2, partners: 1 });
  }, 120_000);
});
