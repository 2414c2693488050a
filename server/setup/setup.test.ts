import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../accounts/passwords';
import { openDatabase, type Database } from '../db';
import { loadMigrations, migrationStatus } from '../db/migrate';
import { paths } from '../paths';
import { engineName, openTestDatabase } from '../testing/test-server';
import { checkSetupInput, installationProblems, requireInstallation, runSetup, SetupInputError, SetupRequiredError } from './setup';

let db: Database;
beforeEach(async () => {
  // Migrated, without the demo data: what `npm run setup` meets after its migrations.
  db = await openTestDatabase();
});
afterEach(async () => {
  await db?.close();
});

const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]!.n);

describe(`production setup (${engineName()})`, () => {
  it('names what is missing and the command to run, and nothing is missing after setup', async () => {
    expect(await installationProblems(db)).toEqual(['the "default" partner (the site\'s own brand) is missing', 'there is no administrator']);
    const refusal = await requireInstallation(db).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SetupRequiredError);
    expect((refusal as Error).message).toContain('Run `npm run setup -- --admin-email <email>');

    const report = await runSetup(db, { adminEmail: 'owner@homes.example', name: 'Acme Homes', publicOrigin: 'https://homes.example', color: '#0b6e4f', supportEmail: 'help@homes.example' });
    expect(report).toMatchObject({ migrations: [], partner: 'created', administrator: { email: 'owner@homes.example', outcome: 'created' }, changed: true });
    expect(await installationProblems(db)).toEqual([]);
    await requireInstallation(db);

    // The generated password, shown once, opens the administrator's account.
    const password = report.administrator.generatedPassword!;
    expect(password).toMatch(/^[\w-]{24}$/);
    const { rows: admins } = await db.query<{ email: string; password_hash: string; is_superuser: boolean; email_verified_at: Date | null }>(
      'SELECT email, password_hash, is_superuser, email_verified_at FROM users',
    );
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: 'owner@homes.example', is_superuser: true });
    expect(admins[0]!.email_verified_at).not.toBeNull();
    expect(await verifyPassword(password, admins[0]!.password_hash)).toBe(true);

    // The default partner carries the installation's brand and none of the demo brand's numbers or addresses.
    const { rows: partners } = await db.query<{ slug: string; name: string; allowed_origins: string[]; app_context: Record<string, unknown> }>(
      'SELECT slug, name, allowed_origins, app_context FROM partners',
    );
    expect(partners.map((p) => p.slug)).toEqual(['default']);
    expect(partners[0]).toMatchObject({ name: 'Acme Homes', allowed_origins: ['*'] });
    expect(partners[0]!.app_context).toMatchObject({
      appName: 'Acme Homes',
      websiteName: 'Acme Homes',
      supportEmail: 'help@homes.example',
      siteUrl: 'https://homes.example',
      officeNumber: null,
      tollFreeNumber: null,
      themeData: { tokens: { 'color-primary': '#0b6e4f' } },
    });

    // No demo data: no listings, no demo accounts or partners; the guides and the document slots are there.
    expect(await count('SELECT count(*)::int AS n FROM listings')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM application_cases')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM case_components')).toBeGreaterThan(0);
    expect(report.guidesAdded).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM posts')).toBe(report.guidesAdded);
  });

  it('changes nothing on a second run and says so', async () => {
    await runSetup(db, { adminEmail: 'owner@homes.example', adminPassword: 'a long enough passphrase 7', guides: false });
    const before = await db.query('SELECT id, slug, name, app_context FROM partners ORDER BY id');
    const second = await runSetup(db, { adminEmail: 'someone.else@homes.example', name: 'Another name', guides: false });
    expect(second).toEqual({
      migrations: [],
      partner: 'exists',
      administrator: { email: 'owner@homes.example', outcome: 'exists', generatedPassword: null },
      guidesAdded: 0,
      changed: false,
    });
    expect((await db.query('SELECT id, slug, name, app_context FROM partners ORDER BY id')).rows).toEqual(before.rows);
    expect(await count('SELECT count(*)::int AS n FROM users')).toBe(1);
  });

  it('makes an existing account the administrator, its password untouched; leaves the guides out on request', async () => {
    await db.query(`INSERT INTO users (email, password_hash, first_name, last_name) VALUES ('early@homes.example', 'kept', 'E', 'A')`);
    const report = await runSetup(db, { adminEmail: 'Early@Homes.example', guides: false });
    expect(report.administrator).toEqual({ email: 'early@homes.example', outcome: 'granted', generatedPassword: null });
    expect((await db.query('SELECT password_hash, is_superuser FROM users')).rows).toEqual([{ password_hash: 'kept', is_superuser: true }]);
    expect(report.guidesAdded).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM posts')).toBe(0);
  });

  it('needs an administrator the first time, and writes no partner without one', async () => {
    const refusal = await runSetup(db, {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SetupInputError);
    expect((refusal as Error).message).toContain('--admin-email');
    expect(await count('SELECT count(*)::int AS n FROM partners')).toBe(0);
  });

  it('refuses bad input before writing anything', () => {
    const refused = (input: Parameters<typeof checkSetupInput>[0]) => {
      try {
        checkSetupInput(input);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(SetupInputError);
        return (error as Error).message;
      }
    };
    expect(refused({ publicOrigin: 'https://homes.example/path' })).toContain('--public-origin');
    expect(refused({ color: 'red; background: url(x)' })).toContain('--color');
    expect(refused({ adminEmail: 'not an email' })).toContain('--admin-email');
    expect(refused({ supportEmail: 'nope' })).toContain('--support-email');
    expect(refused({ adminEmail: 'a@b.example', adminPassword: 'short' })).toContain('HEARTH_ADMIN_PASSWORD');
    expect(refused({ name: ' ' })).toContain('--name');
    expect(refused({ adminEmail: 'a@b.example', name: 'Acme', color: '#123456', publicOrigin: 'https://a.example:8443' })).toBeNull();
  });

  it('reads pending migrations, and migrations of a newer release, without changing anything', async () => {
    const all = (await loadMigrations(paths.migrations)).map((m) => m.name);
    const last = all.at(-1)!;
    const { rows } = await db.query<{ checksum: string }>('SELECT checksum FROM schema_migrations WHERE name = $1', [last]);
    try {
      await db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
      await db.query(`INSERT INTO schema_migrations (name, checksum) VALUES ('999_from_a_newer_release.sql', 'x')`);
      expect(await migrationStatus(db, paths.migrations)).toEqual({ pending: [last], unknown: ['999_from_a_newer_release.sql'], changed: [] });
      expect(await installationProblems(db)).toContain(`1 migration(s) not applied: ${last}`);
      const behind = new SetupRequiredError([`1 migration(s) not applied: ${last}`]).message;
      expect(behind).toContain('the database is behind this release');
      expect(behind).toContain('Run `npm run setup` with the same DATABASE_URL or DATA_DIR (it applies them once, under a lock), or start with MIGRATE=1.');
    } finally {
      await db.query(`DELETE FROM schema_migrations WHERE name = '999_from_a_newer_release.sql'`);
      await db.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [last, rows[0]!.checksum]);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two setups at once on PostgreSQL', () => {
  const schema = `test_setup_${randomBytes(6).toString('hex')}`;
  const open = () => openDatabase({ databaseUrl: process.env.DATABASE_URL, schema, migrate: false, logger: { info: () => undefined, warn: () => undefined, error: console.error } });
  let handles: Database[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    const cleanup = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema, dropSchemaOnClose: true, migrate: false });
    await cleanup.close();
  });

  it('apply the migrations once and make one partner and one administrator', async () => {
    handles = [await open(), await open()];
    expect(await installationProblems(handles[0]!)).toContainEqual(expect.stringMatching(/^the database is empty/));
    const reports = await Promise.all(handles.map((h) => runSetup(h, { adminEmail: 'owner@homes.example', guides: false })));
    const all = (await loadMigrations(paths.migrations)).map((m) => m.name);
    expect(reports.map((r) => r.migrations.length).sort((a, b) => a - b)).toEqual([0, all.length]);
    expect(reports.map((r) => r.partner).sort()).toEqual(['created', 'exists']);
    expect(reports.map((r) => r.administrator.outcome).sort()).toEqual(['created', 'exists']);
    const { rows } = await handles[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(all.length);
    expect(await installationProblems(handles[1]!)).toEqual([]);

    // A release older than the database (a rolled-back deploy) opens it with a warning naming what it does not know.
    await handles[0]!.query(`INSERT INTO schema_migrations (name, checksum) VALUES ('999_from_a_newer_release.sql', 'x')`);
    const warnings: string[] = [];
    const older = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema, migrate: false, logger: { info: () => undefined, warn: (m) => warnings.push(m), error: console.error } });
    handles.push(older);
    expect(warnings).toEqual([expect.stringContaining('migrated by a newer release of Hearth (999_from_a_newer_release.sql unknown to this code)')]);
    expect(await installationProblems(older)).toEqual([]);
  });
});
