/** `npm run seed`: migrates and seeds the database of DATABASE_URL, or the PGlite data dir (DATA_DIR). */
import { openDatabase } from '../db';
import { seed } from './index';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  await seed(db);
  console.info(`[seed] done (${db.engine})`);
} finally {
  await db.close();
}
