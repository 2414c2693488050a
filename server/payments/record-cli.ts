/**
 * `npm run payments:record -- --invoice INV-2026-000042`: an operator records that an invoice was paid (the
 * bank transfer arrived) in the configured database (DATABASE_URL, else the embedded one in the data directory,
 * DATA_DIR): the order becomes paid, the case moves to its tier and the customer is mailed a receipt
 * (invoice-payments.ts). Exit codes: 0 recorded, 1 refused (the message says why), 2 a wrong command line.
 */
import { openDatabase } from '../db';
import { parseRecordArgs, RECORD_USAGE, runRecordPayment } from './invoice-payments';

const argv = process.argv.slice(2);
const parsed = parseRecordArgs(argv);
if ('error' in parsed) {
  console.error(`${parsed.error}\n${RECORD_USAGE}`);
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
try {
  process.exitCode = await runRecordPayment(db, argv, { info: console.info, error: console.error });
} finally {
  await db.close();
}
