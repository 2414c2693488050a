/**
 * A server in a process of its own whose database runs VACUUM (ANALYZE), VACUUM FULL of the leads and
 * CHECKPOINT in a loop while it takes requests, for the kill-during-maintenance test (server/db/
 * durability-maintenance.test.ts): prints `{"url": …}` once it listens and `maintenance <statement>`
 * as each statement starts, so the test can kill it in the middle of one.
 */
import { startServer } from '../app';
import { childServerOptions } from './child-server';

const STATEMENTS = ['VACUUM (ANALYZE)', 'CHECKPOINT', 'VACUUM FULL leads', 'CHECKPOINT'];

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: maintenance-child.ts <data dir>');
const server = await startServer(childServerOptions(dataDir));
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
for (let i = 0; ; i++) {
  const statement = STATEMENTS[i % STATEMENTS.length]!;
  process.stdout.write(`maintenance ${statement}\n`);
  await server.db.exec(statement);
}
