/** Hints a statement's SQL can carry for the database engines (server/db/pglite-prepared.ts, postgres.ts). */

/**
 * A statement starting with this comment runs with PostgreSQL's generic plan, planned once for any
 * parameters (plan_cache_mode force_generic_plan around it, in the same protocol exchange). For statements
 * whose SQL text already fixes the plan (the search page: listing-load.ts chooses the index in the SQL),
 * so planning each run is pure cost. On PostgreSQL proper such statements run on connections opened with
 * plan_cache_mode = force_generic_plan (postgres.ts).
 */
export const GENERIC_PLAN = '/* generic plan */';
