/**
 * An upload's files and the database write that makes them someone's (issue 33): the one way every upload
 * route stores. The files are written first (a row never names a file that is not there: storage/orphans.ts),
 * then `commit` runs: one transaction, the request's commit point (db/cancellation.ts). When the commit does not
 * happen — a refusal or a limit checked in it, a request stopped at its deadline or left by its client, a fault —
 * the files are removed again, so an answer of failure leaves nothing behind; a request already stopped stores
 * nothing at all. A crash in between leaves files the start's orphan sweep removes. An image's files are stored by
 * its job (server/uploads/jobs.ts), and its row written with commitStored, by the same rule.
 */
import { throwIfCancelled } from '../db/cancellation';
import type { Storage } from '../storage';

export interface UploadFile {
  key: string;
  data: Uint8Array;
  contentType: string;
}

/**
 * Stores `files`, then runs `commit` (the transaction that names them, and nothing after it that may throw:
 * files it committed must not be removed). Answers what `commit` answers.
 */
export async function storeThenCommit<T>(storage: Storage, files: readonly UploadFile[], commit: () => Promise<T>): Promise<T> {
  throwIfCancelled();
  const written: UploadFile[] = [];
  return commitStored(storage, written, async () => {
    for (const file of files) {
      // Every key, the one whose write fails half-way included: a delete of a missing file does nothing.
      written.push(file);
      await storage.put(file.key, file.data, file.contentType);
    }
    return commit();
  });
}

/**
 * Runs `commit` for files already stored (an image upload's job stored them: server/uploads/jobs.ts); when it does
 * not commit — refused, stopped, a fault — the files are removed. Answers what `commit` answers.
 */
export async function commitStored<T>(storage: Storage, files: readonly { key: string }[], commit: () => Promise<T>): Promise<T> {
  try {
    return await commit();
  } catch (error) {
    for (const file of files) await storage.delete(file.key).catch(() => undefined);
    throw error;
  }
}
