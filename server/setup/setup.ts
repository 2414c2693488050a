/**
 * A production installation (issue 37): `npm run setup` (setup-cli.ts) makes one, and a production start refuses to
 * serve until it is whole (`installationProblems`, read by server/start.ts and `startServer({ requireSetup })`).
 *
 * Setup, in order, each step idempotent (a second run changes nothing and says so):
 *   1. the migrations, in one transaction under the advisory lock of server/db/migrate.ts (two setups at once: the
 *      second waits and finds nothing to apply);
 *   2. the reference data the code needs (the document slots of each case type, the resource centre's tags and
 *      our guides — `guides: false` leaves the guides out);
 *   3. the default partner (the brand of requests that name none: name, public origin, colour, support address),
 *      made once and then left to the partner console;
 *   4. the first administrator (users.is_superuser), unless one exists: an account with the email is made one,
 *      or a new account is made with the password given (HEARTH_ADMIN_PASSWORD) or a generated one, shown once.
 * No demo partners, accounts or listings: those are the development seed's (server/seed).
 */
import { randomBytes } from 'node:crypto';
import { UNBRANDED } from '../../core/config/brand-fields';
import { appContextSchema, DEFAULT_APP_CONTEXT, type AppContext } from '../../core/config/schema';
import { THEME_TOKEN_VALUE } from '../../themes/tokens';
import { emailProblem, normalizeEmail } from '../accounts/email-address';
import { hashPassword, passwordProblem } from '../accounts/passwords';
import { findUserByEmail, insertUser } from '../accounts/users';
import { openDatabase, type Database, type Queryable } from '../db';
import { existingDatabase } from '../db/data-dir-check';
import { migrate, migrationStatus } from '../db/migrate';
import { seedCaseComponents } from '../documents/slots';
import { parsePublicOrigin } from '../http/public-url';
import { defaultLogger } from '../log';
import { writeAudit } from '../partners/admin';
import { DEFAULT_PARTNER_SLUG } from '../partners/repository';
import { paths } from '../paths';

/** The command every refusal names. */
export const SETUP_COMMAND = 'npm run setup';

export interface SetupInput {
  /** The default partner's name (what the hosted site calls itself). Default "Hearth". */
  name?: string | null;
  /** The origin the hosted site and the API are reached on (HEARTH_PUBLIC_ORIGIN); null: the server's own at run time. */
  publicOrigin?: string | null;
  /** The brand colour (`--hearth-color-primary`), e.g. `#0b6e4f`; null: the theme's. */
  color?: string | null;
  /** Where the site's visitors write for help; null: none shown. */
  supportEmail?: string | null;
  /** The first administrator's email: needed while there is no administrator. */
  adminEmail?: string | null;
  /** Its password (from the environment, never a flag); null: generated and shown once. */
  adminPassword?: string | null;
  /** Our guides in the resource centre. Default true. */
  guides?: boolean;
}

/** A refusal of setup's input: nothing was changed by the step that refused (exit code 2 in the command). */
export class SetupInputError extends Error {
  override name = 'SetupInputError';
}

export interface SetupReport {
  /** Migrations applied by this run. */
  migrations: string[];
  partner: 'created' | 'exists';
  administrator: { email: string; outcome: 'created' | 'granted' | 'exists'; generatedPassword: string | null };
  /** Guides added to the resource centre by this run. */
  guidesAdded: number;
  /** Whether this run changed anything. */
  changed: boolean;
}

interface CheckedInput {
  name: string;
  publicOrigin: string | null;
  color: string | null;
  supportEmail: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  guides: boolean;
}

const NAME_MAX = 200;

/** Checks everything before anything is written. */
export function checkSetupInput(input: SetupInput): CheckedInput {
  const name = (input.name ?? 'Hearth').trim();
  if (name === '' || name.length > NAME_MAX) throw new SetupInputError(`--name must be 1 to ${NAME_MAX} characters.`);
  let publicOrigin: string | null = null;
  if (input.publicOrigin) {
    try {
      publicOrigin = parsePublicOrigin(input.publicOrigin);
    } catch (error) {
      throw new SetupInputError((error as Error).message.replace('HEARTH_PUBLIC_ORIGIN', '--public-origin (HEARTH_PUBLIC_ORIGIN)'));
    }
  }
  const color = input.color?.trim() || null;
  if (color !== null && !THEME_TOKEN_VALUE.test(color)) throw new SetupInputError(`--color must be a CSS colour such as #0b6e4f, not "${color}".`);
  const supportEmail = input.supportEmail ? normalizeEmail(input.supportEmail) : null;
  if (supportEmail !== null && emailProblem(supportEmail)) throw new SetupInputError(`--support-email: ${emailProblem(supportEmail)}`);
  const adminEmail = input.adminEmail ? normalizeEmail(input.adminEmail) : null;
  if (adminEmail !== null && emailProblem(adminEmail)) throw new SetupInputError(`--admin-email: ${emailProblem(adminEmail)}`);
  const adminPassword = input.adminPassword || null;
  if (adminPassword !== null) {
    const problem = passwordProblem(adminPassword, adminEmail ?? '');
    if (problem) throw new SetupInputError(`HEARTH_ADMIN_PASSWORD: ${problem}`);
  }
  return { name, publicOrigin, color, supportEmail, adminEmail, adminPassword, guides: input.guides ?? true };
}

/**
 * The default partner's context: the default context (spec §8) with none of our demo brand (numbers, addresses),
 * the installation's name, colour and support address instead; the hosted site's own privacy and contact pages.
 */
export function defaultPartnerContext(input: Pick<CheckedInput, 'name' | 'publicOrigin' | 'color' | 'supportEmail'>): AppContext {
  const context: AppContext = {
    ...DEFAULT_APP_CONTEXT,
    ...UNBRANDED,
    partner: { ...DEFAULT_APP_CONTEXT.partner, name: input.name },
    themeData: { ...DEFAULT_APP_CONTEXT.themeData, tokens: input.color ? { 'color-primary': input.color } : {} },
    phoneDisplay: {},
    appName: input.name,
    websiteName: input.name,
    supportEmail: input.supportEmail,
    privacyPolicyUrl: DEFAULT_APP_CONTEXT.privacyPolicyUrl,
    contactUrl: DEFAULT_APP_CONTEXT.contactUrl,
    siteUrl: input.publicOrigin,
  };
  return appContextSchema.parse(context);
}

/** A password for the first administrator: 144 random bits. */
const generatedPassword = () => `${randomBytes(18).toString('base64url')}`;

/** Runs setup on an opened database (opened without migrating: this applies them). */
export async function runSetup(db: Database, input: SetupInput): Promise<SetupReport> {
  const checked = checkSetupInput(input);
  const migrations = await migrate(db, paths.migrations);
  await seedCaseComponents(db);
  let guidesAdded = 0;
  if (checked.guides) {
    const before = await countPosts(db);
    // Imported here: drawing the guides' pictures loads sharp, which a start's check never needs.
    const { seedPosts } = await import('../content/seed-posts');
    await seedPosts(db);
    guidesAdded = (await countPosts(db)) - before;
  }
  const prepared = checked.adminPassword ? await hashPassword(checked.adminPassword) : null;
  const generated = checked.adminPassword ? null : generatedPassword();
  const generatedHash = generated ? await hashPassword(generated) : null;
  const { partner, administrator } = await db.transaction(async (tx) => {
    // Two setups at once: the second waits here and finds both made.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':hearth_setup'))`);
    const admin = await existingAdministrator(tx);
    if (!admin && !checked.adminEmail) {
      throw new SetupInputError('There is no administrator yet: give the first one with --admin-email <email> (or HEARTH_ADMIN_EMAIL).');
    }
    const partner = await createDefaultPartner(tx, checked);
    if (admin) return { partner, administrator: { email: admin, outcome: 'exists' as const, generatedPassword: null } };
    const email = checked.adminEmail!;
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      await tx.query('UPDATE users SET is_superuser = true, updated_at = now() WHERE id = $1', [existing.id]);
      return { partner, administrator: { email: existing.email, outcome: 'granted' as const, generatedPassword: null } };
    }
    const user = await insertUser(tx, { email, passwordHash: (prepared ?? generatedHash)!, firstName: '', lastName: '', emailVerified: true });
    await tx.query('UPDATE users SET is_superuser = true WHERE id = $1', [user!.id]);
    return { partner, administrator: { email: user!.email, outcome: 'created' as const, generatedPassword: generated } };
  });
  const changed = migrations.length > 0 || guidesAdded > 0 || partner === 'created' || administrator.outcome !== 'exists';
  return { migrations, partner, administrator, guidesAdded, changed };
}

async function countPosts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
  return Number(rows[0]!.n);
}

/** The email of an administrator (the first made), or null. A deleted account is no longer one (server/accounts/deletion.ts). */
async function existingAdministrator(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE is_superuser ORDER BY id LIMIT 1');
  return rows[0]?.email ?? null;
}

async function createDefaultPartner(tx: Queryable, input: CheckedInput): Promise<'created' | 'exists'> {
  // Embeddable anywhere, as the development seed's: the default brand is what any site gets before it signs up.
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO partners (slug, name, allowed_origins, domains, app_context) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (slug) DO NOTHING RETURNING id`,
    [DEFAULT_PARTNER_SLUG, input.name, ['*'], [], JSON.stringify(defaultPartnerContext(input))],
  );
  if (!rows[0]) return 'exists';
  await writeAudit(tx, Number(rows[0].id), { kind: 'cli' }, 'partner.created', { slug: DEFAULT_PARTNER_SLUG, name: input.name, by: SETUP_COMMAND });
  return 'created';
}

/** What keeps a production start from serving, each as a line; empty when the installation is whole. */
export async function installationProblems(db: Queryable): Promise<string[]> {
  const status = await migrationStatus(db, paths.migrations);
  const problems: string[] = [];
  if (status.changed.length > 0) {
    problems.push(`migration(s) edited after they were applied: ${status.changed.join(', ')} (this code is not the release that migrated the database)`);
  }
  const tablesExist = status.pending.length === 0 || !(await tableMissing(db, 'users'));
  if (status.pending.length > 0) {
    problems.push(
      tablesExist
        ? `${status.pending.length} migration(s) not applied: ${status.pending.join(', ')}`
        : `the database is empty: none of its ${status.pending.length} migrations is applied`,
    );
  }
  const partner = tablesExist ? (await db.query('SELECT 1 FROM partners WHERE slug = $1', [DEFAULT_PARTNER_SLUG])).rows.length > 0 : false;
  if (!partner) problems.push(MISSING_ROWS[0]);
  if (!(tablesExist && (await existingAdministrator(db)))) problems.push(MISSING_ROWS[1]);
  return problems;
}

const MISSING_ROWS = [`the "${DEFAULT_PARTNER_SLUG}" partner (the site's own brand) is missing`, 'there is no administrator'] as const;

async function tableMissing(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [table]);
  return !rows[0]?.name;
}

/** A production start refused (exit code 1): what is missing and exactly what to run. */
export class SetupRequiredError extends Error {
  override name = 'SetupRequiredError';
  constructor(readonly problems: string[]) {
    const onlyMigrations = problems.every((p) => p.includes('migration(s) not applied'));
    super(
      [
        onlyMigrations
          ? 'Hearth did not start: the database is behind this release (a production start does not migrate by itself).'
          : 'Hearth did not start: this production installation is not set up.',
        ...problems.map((p) => `  - ${p}`),
        onlyMigrations
          ? `Run \`${SETUP_COMMAND}\` with the same DATABASE_URL or DATA_DIR (it applies them once, under a lock), or start with MIGRATE=1.`
          : `Run \`${SETUP_COMMAND} -- --admin-email <email> [--name <site name>] [--public-origin https://…]\` with the same DATABASE_URL or DATA_DIR.`,
        'See docs/deployment.md, "Installing for production".',
      ].join('\n'),
    );
  }
}

/** Throws SetupRequiredError unless the installation is whole. */
export async function requireInstallation(db: Queryable): Promise<void> {
  const problems = await installationProblems(db);
  if (problems.length > 0) throw new SetupRequiredError(problems);
}

/**
 * `npm start` in production, before anything else (the CDN build, listening): opens the database without migrating
 * (with `migrate`, MIGRATE=1: applies pending migrations under their lock and the reference data, as setup does),
 * and throws SetupRequiredError unless the installation is whole.
 */
export async function checkProductionStart(options: { databaseUrl?: string; migrate: boolean }): Promise<void> {
  // No embedded database yet: refused without creating one (a refused start writes nothing).
  if (!options.databaseUrl && !options.migrate && !(await existingDatabase(paths.defaultDataDir))) {
    throw new SetupRequiredError([`the database is empty: there is no embedded database in ${paths.defaultDataDir} yet`, ...MISSING_ROWS]);
  }
  const db = await openDatabase({ databaseUrl: options.databaseUrl, migrate: false });
  try {
    if (options.migrate) {
      const applied = await migrate(db, paths.migrations);
      if (applied.length > 0) defaultLogger.info(`[db] MIGRATE=1: applied migrations: ${applied.join(', ')}`);
      await seedCaseComponents(db);
    }
    await requireInstallation(db);
  } finally {
    await db.close();
  }
}
