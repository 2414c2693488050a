/**
 * The dumps an in-memory database starts from in the tests (pglite-thread.ts reads them; the test run makes them:
 * tests/setup/pglite-snapshot.ts), so each of the hundreds of test servers skips initdb, the migrations and the
 * demo data's seeding (seconds each on this machine).
 */
export const MEMORY_DATA_DIR = 'memory://';

/** `memory://` starts from this dump of a migrated data directory (PGlite `dumpDataDir`) when the variable names one. */
export const MEMORY_SNAPSHOT_VARIABLE = 'HEARTH_PGLITE_MEMORY_SNAPSHOT';

/** `memory://seeded` starts from this one instead: migrated and seeded (server/seed), made once per test run. */
export const SEEDED_MEMORY_SNAPSHOT_VARIABLE = 'HEARTH_PGLITE_SEEDED_SNAPSHOT';
export const SEEDED_MEMORY_DATA_DIR = `${MEMORY_DATA_DIR}seeded`;

/**
 * The seed also writes files (the posts' pictures, the demo photos) to the upload folder: the seeded dump is good
 * only with the folder it wrote them to, named here. A test with an upload folder of its own seeds as before.
 */
export const SEEDED_UPLOADS_VARIABLE = 'HEARTH_PGLITE_SEEDED_UPLOADS';
