/**
 * One process at a time on an embedded database's data directory: two PGlite instances writing the same
 * files would corrupt it silently. The owner writes `<dir>.lock` (its pid); a second process gets a clear
 * error naming the owner, and a lock whose process is gone (a crash, kill -9) is taken over.
 *
 * The running server also writes `<dir>.operator.json` beside it (port and a random token, readable only
 * by this user): `npm run backup` asks that server for a consistent copy instead of opening the files.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

export const lockFileOf = (dataDir: string) => `${resolve(dataDir)}.lock`;
export const operatorFileOf = (dataDir: string) => `${resolve(dataDir)}.operator.json`;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database directory ${resolve(dataDir)} is in use by process ${pid} (a Hearth server or command). ` +
        'Stop that process first, or use `npm run backup` to copy it while the server runs. ' +
        `If no such process exists, delete ${lockFileOf(dataDir)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the directory, when that process is still running (other than this one: see heldHere). */
export function lockOwner(dataDir: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null; // no lock, or an unreadable one: nobody holds it
  }
}

/** Directories this process has open (a second open in the same process would corrupt them as well). */
const heldHere = new Set<string>();

/** Takes the directory for this process; the returned function gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const owner = heldHere.has(resolve(dataDir)) ? process.pid : lockOwner(dataDir);
  if (owner !== null) throw new DataDirInUseError(dataDir, owner);
  heldHere.add(resolve(dataDir));
  await mkdir(dirname(resolve(dataDir)), { recursive: true });
  const file = lockFileOf(dataDir);
  await writeFile(file, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
  return async () => {
    heldHere.delete(resolve(dataDir));
    if (lockOwner(dataDir) === null) await rm(file, { force: true });
  };
}

export interface OperatorAccess {
  pid: number;
  port: number;
  token: string;
}

/** Written by a listening server: how an operator command on this machine reaches it. */
export async function publishOperatorAccess(dataDir: string, port: number): Promise<{ token: string; remove: () => Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  const file = operatorFileOf(dataDir);
  await writeFile(file, JSON.stringify({ pid: process.pid, port, token } satisfies OperatorAccess), { mode: 0o600 });
  return { token, remove: () => rm(file, { force: true }) };
}

/** The running server's access, when one holds the directory. */
export function readOperatorAccess(dataDir: string): OperatorAccess | null {
  try {
    const access = JSON.parse(readFileSync(operatorFileOf(dataDir), 'utf8')) as OperatorAccess;
    return isAlive(access.pid) && Number.isInteger(access.port) && typeof access.token === 'string' ? access : null;
  } catch {
    return null;
  }
}
