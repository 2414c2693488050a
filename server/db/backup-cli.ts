/**
 * npm run backup [-- <folder>]   a consistent copy of the embedded database and the uploads, online
 * npm run restore -- <folder>    puts one back (the server must be stopped; what was there is moved aside)
 * DATA_DIR names the installation (server/paths.ts); PostgreSQL installations use pg_dump instead. The uploads are
 * the local folder, or the S3 bucket with HEARTH_STORAGE=s3 (server/db/backup.ts).
 */
import { join } from 'node:path';
import { paths } from '../paths';
import { uploadStorage } from '../storage';
import { restoreBackup, writeBackup } from './backup';
import { openDatabase } from './index';

const [command, folderArgument] = process.argv.slice(2);
try {
  // The local upload folder, or the S3 bucket with HEARTH_STORAGE=s3 (its objects are copied into the backup).
  const uploads = uploadStorage();
  if (process.env.DATABASE_URL) throw new Error('DATABASE_URL names a PostgreSQL database: back it up with pg_dump (docs/operations.md).');
  if (command === 'backup') {
    const folder = folderArgument ?? join(paths.dataDir, 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
    const summary = await writeBackup(folder, paths.defaultDataDir, uploads);
    console.log(
      `Backup written to ${summary.folder}: database ${(summary.databaseBytes / 1e6).toFixed(1)} MB (${summary.online ? 'from the running server' : 'no server was running'})` +
        `${summary.uploads ? ', uploads copied' : ', no uploads yet'}.`,
    );
  } else if (command === 'restore') {
    if (!folderArgument) throw new Error('Name the backup folder: npm run restore -- <folder>');
    const { movedAside } = await restoreBackup(folderArgument, paths.defaultDataDir, uploads);
    // Opening it proves it: the migrations table is read and any newer migration applied.
    const db = await openDatabase({ dataDir: paths.defaultDataDir });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings');
    await db.close();
    console.log(`Restored from ${folderArgument}: ${rows[0]?.n ?? 0} listings.${movedAside.length ? ` The previous files are kept in ${movedAside.join(' and ')}.` : ''}`);
  } else {
    throw new Error('Usage: npm run backup [-- <folder>] | npm run restore -- <folder>');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
