/**
 * `npm run partner:admin -- create --slug … --name … [--owner-email …] | grant-admin --email … | list`
 * against the database of DATABASE_URL, or the embedded one in the data directory (admin-commands.ts).
 */
import { openDatabase } from '../db';
import { runPartnerAdmin } from './admin-commands';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
try {
  process.exitCode = await runPartnerAdmin(db, process.argv.slice(2), { info: console.info, error: console.error });
} finally {
  await db.close();
}
