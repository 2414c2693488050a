/**
 * `npm run setup -- [--admin-email <email>] [--name <site name>] [--public-origin https://…] [--color #rrggbb]
 * [--support-email <email>] [--without-guides]`: sets up a production installation (setup.ts) on DATABASE_URL, else
 * the embedded database of DATA_DIR. Each flag has its environment variable (HEARTH_ADMIN_EMAIL, HEARTH_SITE_NAME,
 * HEARTH_PUBLIC_ORIGIN, HEARTH_SITE_COLOR, HEARTH_SUPPORT_EMAIL); the administrator's password comes from
 * HEARTH_ADMIN_PASSWORD only (a flag would show in the process list), else it is generated and printed once.
 * Exit 0: set up (or nothing to change); 2: a wrong command line or input (nothing written by the step refused).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db';
import { runSetup, SETUP_COMMAND, SetupInputError, type SetupReport } from './setup';

const USAGE = `usage: ${SETUP_COMMAND} -- [--admin-email <email>] [--name <site name>] [--public-origin https://…] [--color #rrggbb] [--support-email <email>] [--without-guides]
  (HEARTH_ADMIN_PASSWORD sets the administrator's password; without it one is generated and printed once)`;

let values: Record<string, string | boolean | undefined>;
try {
  values = parseArgs({
    options: {
      'admin-email': { type: 'string' },
      name: { type: 'string' },
      'public-origin': { type: 'string' },
      color: { type: 'string' },
      'support-email': { type: 'string' },
      'without-guides': { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const env = process.env;
const text = (flag: string, variable: string) => (values[flag] as string | undefined) ?? env[variable] ?? null;

const db = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, migrate: false });
try {
  const report = await runSetup(db, {
    adminEmail: text('admin-email', 'HEARTH_ADMIN_EMAIL'),
    adminPassword: env.HEARTH_ADMIN_PASSWORD ?? null,
    name: text('name', 'HEARTH_SITE_NAME'),
    publicOrigin: text('public-origin', 'HEARTH_PUBLIC_ORIGIN'),
    color: text('color', 'HEARTH_SITE_COLOR'),
    supportEmail: text('support-email', 'HEARTH_SUPPORT_EMAIL'),
    guides: values['without-guides'] !== true,
  });
  for (const line of describeSetup(report)) console.info(line);
  console.info(`[setup] done (${db.engine})`);
} catch (error) {
  if (!(error instanceof SetupInputError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exitCode = 2;
} finally {
  await db.close();
}

function describeSetup(report: SetupReport): string[] {
  const { administrator: admin } = report;
  const lines = [
    report.migrations.length > 0 ? `[setup] migrations applied: ${report.migrations.join(', ')}` : '[setup] migrations: up to date',
    report.partner === 'created' ? '[setup] the default partner: created' : '[setup] the default partner: exists (left as it is; change it in the partner console)',
    {
      created: `[setup] administrator ${admin.email}: created`,
      granted: `[setup] administrator ${admin.email}: the existing account is now an administrator (its password unchanged)`,
      exists: `[setup] administrator: ${admin.email} (exists)`,
    }[admin.outcome],
  ];
  if (report.guidesAdded > 0) lines.push(`[setup] guides added to the resource centre: ${report.guidesAdded}`);
  if (admin.generatedPassword) {
    lines.push(`[setup] the administrator's password, shown this once (change it after signing in): ${admin.generatedPassword}`);
  }
  if (!report.changed) lines.push('[setup] nothing to change: this installation was set up already');
  return lines;
}
