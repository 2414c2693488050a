/**
 * Process roles (issue 37, docs/deployment.md "Process roles"): `npm start -- --role api|worker|all`.
 * - `all` (the default): HTTP, the background jobs and the work tier in one process — the embedded default, and
 *   a cluster of API processes on PostgreSQL one of which runs the jobs.
 * - `api`: HTTP only. Requests still enqueue jobs (PDFs, renders, passport readings, mail in the outbox); a worker
 *   runs them.
 * - `worker`: no public HTTP (only /healthz, /readyz and /metrics); the work tier, the outbox delivery (mail,
 *   webhooks, analytics), saved-search alerts, home-value updates, the market metrics refresh and the publish job.
 * Several workers at once are safe: every job and outbox row is claimed with a lease in the database, and the
 * schedulers either claim row by row or take an advisory lock (server/listings/metrics/refresh.ts, alerts).
 * The embedded database (PGlite) is one process: only `all`.
 */
export const SERVER_ROLES = ['all', 'api', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

function isRole(value: string): value is ServerRole {
  return (SERVER_ROLES as readonly string[]).includes(value);
}

/** The role named by `--role NAME` or `--role=NAME` among the arguments, else `all`. */
export function roleFromArgs(args: readonly string[]): ServerRole {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--role') {
      value = args[i + 1];
      if (value === undefined) throw new Error(`--role needs a value: ${SERVER_ROLES.join(', ')}.`);
      i++;
    } else if (arg.startsWith('--role=')) value = arg.slice('--role='.length);
  }
  if (value === undefined) return 'all';
  if (!isRole(value)) throw new Error(`--role must be one of ${SERVER_ROLES.join(', ')}, not "${value}".`);
  return value;
}

/** Refuses a role the database cannot have: the embedded one is a single process, so everything runs in it. */
export function checkRole(role: ServerRole, databaseUrl: string | undefined): void {
  if (role !== 'all' && !databaseUrl) {
    throw new Error(
      `--role ${role} needs PostgreSQL (DATABASE_URL): the embedded database is one process, which serves HTTP and runs the jobs together (--role all, the default).`,
    );
  }
}

/** What a role runs: the background jobs, the work tier, the public routes. */
export function roleParts(role: ServerRole, options: { jobs?: boolean; work?: boolean }): { jobs: boolean; work: boolean; publicHttp: boolean } {
  if (role === 'api') return { jobs: false, work: false, publicHttp: true };
  if (role === 'worker') return { jobs: true, work: true, publicHttp: false };
  return { jobs: options.jobs ?? true, work: options.work ?? true, publicHttp: true };
}
