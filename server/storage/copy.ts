/**
 * Copies every file of one storage into another, one stream at a time (never a whole file in memory): the
 * backups of an S3 bucket into the backup folder and back (server/db/backup.ts), and a move from the local disk
 * to a bucket (docs/operations.md, "Backups with object storage").
 */
import { isStorageKey, type Storage } from './index';

export interface CopySummary {
  files: number;
  bytes: number;
  /** Names no version of Hearth writes (an operator's own files): not copied. */
  skipped: string[];
}

/** Every file of `from` (under `prefix`, default all) written to `to` under the same key; a file that is gone meanwhile is skipped. */
export async function copyFiles(from: Storage, to: Storage, prefix = ''): Promise<CopySummary> {
  const summary: CopySummary = { files: 0, bytes: 0, skipped: [] };
  for await (const { key } of from.list(prefix)) {
    if (!isStorageKey(key)) {
      summary.skipped.push(key);
      continue;
    }
    const file = await from.open(key);
    if (!file) continue;
    await to.put(key, file.body, file.contentType);
    summary.files++;
    summary.bytes += file.size;
  }
  return summary;
}
