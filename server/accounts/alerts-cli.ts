/**
 * `npm run alerts`: runs the saved-search alert job once against the configured database
 * (DATABASE_URL, else the embedded one in the data directory, DATA_DIR) and says what it queued.
 */
import { openDatabase } from '../db';
import { runSavedSearchAlerts } from './alerts';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
try {
  const stats = await runSavedSearchAlerts(db, new Date(), { siteUrl: process.env.HEARTH_PUBLIC_ORIGIN });
  console.info(`[alerts] ${stats.searches} saved searches due, ${stats.matches} new matches, ${stats.mails} mails queued`);
} finally {
  await db.close();
}
