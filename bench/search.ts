/**
 * `node --import tsx bench/search.ts [--listings N] [--requests N]`: the search API against DESIGN §5.
 *
 * Seeds N synthetic listings (default 100,000; 1,000,000 on PostgreSQL when DATABASE_URL is set) over
 * the Wasatch Front with one bulk INSERT … SELECT generate_series (its own generator: no importer, no
 * seed), CLUSTERs the table on its spatial index and ANALYZEs, then measures
 *   1. the query layer directly: listingLoad (25 rows, the search card's columns) and listingsInfo (pins or
 *      clusters), p50/p99;
 *   2. over HTTP on loopback against /public_graphql/?queryName=…, from a load generator in a worker
 *      thread (a client is not the server's work; on 2 cores the two still share the machine):
 *      - capacity: a closed loop (keep-alive sockets of a lean client, bench/http-client.ts, 8 in flight, a fixed request count), requests/s with
 *        p50/p99, once repeating one request (the public response cache answers after the first) and
 *        once with a distinct viewport per request (every request runs the search);
 *      - latency at the budget's rate: an open loop sending distinct requests on a fixed schedule (300/s
 *        on PGlite, 1,500/s on PostgreSQL); each request's time counts from when it was due, so a server
 *        falling behind shows in the figures instead of slowing the client down (no coordinated omission),
 * for a block, a neighbourhood, a city and a region viewport. A report: it always exits 0.
 *
 * `--data-dir DIR` keeps the PGlite database in DIR and reuses its listings when it already holds N
 * benchmark listings (new migrations still apply), so repeated runs skip the seeding.
 *
 * `--database-url URL` (or DATABASE_URL) runs on PostgreSQL; the listings go into a throwaway schema
 * dropped at the end, or with `--schema NAME` into that schema, kept and reused like `--data-dir`.
 * `--concurrency N` sets the closed loop's requests in flight (default 8); `--rate N` the open loop's
 * requests per second; `--seed-only` stops after seeding; `--only TEXT` runs only the lines whose name
 * contains TEXT (e.g. `--only "listingLoad, city, distinct"`).
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startServer } from '../server/app';
import { startCluster } from '../server/cluster';
import { LeanHttpClient } from './http-client';
import { startModuleWorker } from '../server/worker-thread';
import { listingsInfo } from '../server/listings/search/clusters';
import { loadListings } from '../server/listings/search/listing-load';
import type { Database } from '../server/db';
import type { GeoBounds } from '../server/listings/search/filters';
import type { ListingFieldSet } from '../server/listings/search/listing';
import { propertiesOf } from '../server/graphql/schema/listing-fields';
import { Kind, parse, type OperationDefinitionNode, type SelectionNode, type SelectionSetNode } from '../server/graphql/graphql-js';
import { SearchListingsQuery } from '../core/search/api';
import { rebuildMapCells, refreshMapCells } from '../server/listings/search/map-cells';

const text = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name: string) => (text(name) === undefined ? undefined : Number(text(name)));
const DATA_DIR = text('data-dir') ?? 'memory://';
const DATABASE_URL = text('database-url') ?? process.env.DATABASE_URL;
const SCHEMA = text('schema');
const onPostgres = Boolean(DATABASE_URL);
const LISTINGS = arg('listings') ?? (onPostgres ? 1_000_000 : 100_000);
const DIRECT_RUNS = arg('runs') ?? 200;
const HTTP_REQUESTS = arg('requests') ?? 2_000;
const CONCURRENCY = arg('concurrency') ?? 8;
const SEED_ONLY = process.argv.includes('--seed-only');
/** API processes (server/cluster.ts): one per core on PostgreSQL, as `npm start` runs it; PGlite is one process. */
const WORKERS = arg('workers') ?? (onPostgres ? availableParallelism() : 1);
if (WORKERS > 1 && !onPostgres) throw new Error('--workers > 1 needs PostgreSQL (--database-url).');
const ONLY = text('only');
const wanted = (line: string) => ONLY === undefined || line.includes(ONLY);

/** The Wasatch Front: Ogden to Provo. */
const REGION: GeoBounds = { north: 41.3, south: 40.2, east: -111.6, west: -112.1 };
const VIEWPORTS: Record<string, GeoBounds> = {
  /** A few streets, zoomed in: finer than the finest map cells. */
  block: { north: 40.7601, south: 40.755, east: -111.885, west: -111.895 },
  neighbourhood: { north: 40.765, south: 40.745, east: -111.87, west: -111.9 },
  city: { north: 40.82, south: 40.7, east: -111.8, west: -111.98 },
  region: REGION,
};

const BUDGET = {
  queryP50: 3,
  queryP99: 15,
  httpP50: 10,
  httpP99: 40,
  httpRps: onPostgres ? 1_500 : 300,
  clustersP50: 35,
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const RATE = arg('rate') ?? BUDGET.httpRps;
/** The open loop's cap on requests in flight: a server that far behind is failing the budget anyway. */
const OPEN_LOOP_MAX_IN_FLIGHT = 256;

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

async function seed(db: Database): Promise<void> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings WHERE listing_system = 'BENCH'`);
  if (rows[0]!.n === LISTINGS) {
    await db.exec('VACUUM (ANALYZE) listings');
    // Migrations may have added the map cells since the listings were seeded.
    await refreshMapCells(db);
    if ((await db.query('SELECT 1 FROM listing_map_cells LIMIT 1')).rows.length === 0) await rebuildMapCells(db);
    console.log(`reusing ${LISTINGS.toLocaleString('en-US')} listings in ${onPostgres ? `schema ${SCHEMA}` : DATA_DIR}`);
    return;
  }
  const started = performance.now();
  await db.query('DELETE FROM listings');
  // Listings cluster around towns as real ones do: a random town centre plus a spread of ~3 km;
  // deterministic (hash of the row number), so runs compare.
  await db.exec(`
    INSERT INTO listings (id, listing_code_id, slug_id, street_line1, city, state_province, postal_code, price_in_pennies,
      latitude, longitude, bedrooms, bathrooms, area, area_unit, area_sq_ft, year_built, property_type, classification,
      status, list_date, overview, listing_system)
    SELECT g, 'B' || g, 'bench-' || g, (g % 9000 + 100) || ' E ' || (g % 97 * 100) || ' S',
      (ARRAY['Salt Lake City','Ogden','Provo','Sandy','Orem','Layton','West Jordan','Lehi','Bountiful','Draper'])[1 + g % 10],
      'UT', (84000 + g % 200)::text,
      (20000000 + (hashint4(g) & 65535) * 1500)::bigint,
      least(41.3, greatest(40.2, c.lat + ((hashint4(g * 7) & 65535) / 65535.0 - 0.5) * 0.06)),
      least(-111.6, greatest(-112.1, c.lng + ((hashint4(g * 13) & 65535) / 65535.0 - 0.5) * 0.08)),
      1 + g % 6, 1 + g % 4, 800 + g % 4000, 'sqft', 800 + g % 4000, 1900 + g % 124,
      (ARRAY['Residential','Residential','Residential','Condominium','Land'])[1 + g % 5],
      (ARRAY['sale','sale','sale','sale','rent','stay'])[1 + g % 6],
      'Active', DATE '2025-01-01' + (g % 400), 'Synthetic listing for the benchmark', 'BENCH'
    FROM generate_series(1, ${LISTINGS}) AS g
    CROSS JOIN LATERAL (SELECT
      (ARRAY[40.76, 41.22, 40.23, 40.57, 40.3, 41.06, 40.6, 40.39, 40.89, 40.52])[1 + (hashint4(g * 3) & 1023) % 10] AS lat,
      (ARRAY[-111.89, -111.97, -111.66, -111.86, -111.7, -111.97, -111.98, -111.85, -111.88, -111.86])[1 + (hashint4(g * 3) & 1023) % 10] AS lng
    ) AS c`);
  const inserted = performance.now();
  await db.exec('CLUSTER listings USING listings_location_idx');
  await db.exec('VACUUM (ANALYZE) listings');
  const clustered = performance.now();
  await rebuildMapCells(db);
  await db.exec('ANALYZE listing_map_cells');
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(
    `seeded ${LISTINGS.toLocaleString('en-US')} listings in ${seconds(started, inserted)}, ` +
      `CLUSTER + ANALYZE ${seconds(inserted, clustered)}, map cells ${seconds(clustered, performance.now())}`,
  );
}

async function timeDirect(label: string, run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < DIRECT_RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(34)} p50 ${fmt(percentile(times, 50)).padStart(10)}  p99 ${fmt(percentile(times, 99)).padStart(10)}`);
  return times;
}

/** What <hearth-search-map> asks for a page of results: the element's own query (core/search/api.ts). */
const LOAD_QUERY = SearchListingsQuery;

/** The listing fields LOAD_QUERY asks for, as the GraphQL layer passes them on to the page query. */
function cardFields(): ListingFieldSet | null {
  let node: SelectionSetNode | undefined = (parse(LOAD_QUERY).definitions[0] as OperationDefinitionNode).selectionSet;
  for (const name of ['listingLoad', 'edges', 'node']) {
    const field: SelectionNode | undefined = node?.selections.find((s) => s.kind === Kind.FIELD && s.name.value === name);
    node = field?.kind === Kind.FIELD ? field.selectionSet : undefined;
  }
  return propertiesOf((node?.selections ?? []).flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])));
}
const CARD_FIELDS = cardFields();

const INFO_QUERY = `query listingsInfo($geoInput: GeoInput!) { listingsInfo(geoInput: $geoInput) {
  totalCount mode pins { ids latitudes longitudes pricesInPennies }
  clusters { count latitude longitude minPriceInPennies maxPriceInPennies } } }`;

/**
 * `variables(i)` gives the i-th request's variables: the same every time measures what visitors asking
 * the same thing get (the public response cache answers after the first), a different viewport each
 * time (moved by a hair) measures every request running the search. `rate` null: a closed loop of
 * CONCURRENCY; otherwise requests are due every 1/rate s and timed from when they were due.
 */
async function httpLoad(url: string, queryName: string, query: string, variables: (i: number) => unknown, rate: number | null) {
  const client = new LeanHttpClient(
    new URL(`/public_graphql/?queryName=${queryName}`, url),
    rate === null ? CONCURRENCY : OPEN_LOOP_MAX_IN_FLIGHT,
    { headers: { 'Content-Type': 'application/json' }, rejectIf: '"errors"' },
  );
  let sent = 0;
  const once = async (due = performance.now()) => {
    await client.post(JSON.stringify({ query, variables: variables(sent++) }));
    return performance.now() - due;
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  const started = performance.now();
  if (rate === null) {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < HTTP_REQUESTS) {
          next++;
          times.push(await once());
        }
      }),
    );
  } else {
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < HTTP_REQUESTS; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(once(due).then((ms) => void times.push(ms)));
    }
    await Promise.all(inFlight);
  }
  const seconds = (performance.now() - started) / 1000;
  client.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps: times.length / seconds };
}

type LoadResult = Awaited<ReturnType<typeof httpLoad>>;
type LoadMode = 'repeated' | 'distinct' | 'at rate';
interface LoadSpec {
  url: string;
  queryName: 'listingLoad' | 'listingsInfo';
  bounds: GeoBounds;
  mode: LoadMode;
}

function runLoad({ url, queryName, bounds, mode }: LoadSpec): Promise<LoadResult> {
  const page = queryName === 'listingLoad' ? { first: 25 } : {};
  const variables =
    mode === 'repeated'
      ? () => ({ ...page, geoInput: { bounds } })
      : (i: number) => ({ ...page, geoInput: { bounds: { ...bounds, west: bounds.west - i * 1e-7 } } });
  const [name, query] = queryName === 'listingLoad' ? ['SearchListings', LOAD_QUERY] : ['listingsInfo', INFO_QUERY];
  return httpLoad(url, name, query, variables, mode === 'at rate' ? RATE : null);
}

/** The load generator runs in a worker thread (this file, started with workerData = the spec). */
function runLoadInWorker(spec: LoadSpec): Promise<LoadResult> {
  const worker = startModuleWorker(import.meta.url, { workerData: spec, argv: process.argv.slice(2) });
  return new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

if (!isMainThread) {
  parentPort!.postMessage(await runLoad(workerData as LoadSpec));
  // Stays until the main thread has the answer and terminates it.
  await new Promise((resolve) => setTimeout(resolve, 600_000));
}

class SeedOnly extends Error {}

const serverOptions = {
  port: 0,
  // The demo partners (the default partner serves /public_graphql/); its 3 listings are replaced.
  databaseSchema: onPostgres ? (SCHEMA ?? `bench_${process.pid}`) : undefined,
  dropSchemaOnClose: onPostgres && !SCHEMA,
  // The load generator is one client sending thousands of searches a second: no per-minute budget.
  graphqlCostLimits: { publicPerMinute: Number.MAX_SAFE_INTEGER, signedInPerMinute: Number.MAX_SAFE_INTEGER },
  // …from one address, with up to OPEN_LOOP_MAX_IN_FLIGHT requests and connections open: no per-address bounds either.
  clientLimits: { maxRequestsPerClient: 1_000, maxConnectionsPerClient: 1_000 },
  logger: { info: () => undefined, warn: console.warn, error: console.error },
};
const server =
  WORKERS > 1
    ? await startCluster({ ...serverOptions, databaseUrl: DATABASE_URL!, workers: WORKERS, quiet: true })
    : await startServer({ ...serverOptions, dataDir: DATA_DIR, databaseUrl: DATABASE_URL });
try {
  console.log(`bench/search on ${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${WORKERS} API process${WORKERS > 1 ? 'es' : ''}`);
  await seed(server.db);
  if (SEED_ONLY) throw new SeedOnly();

  console.log(`\n1. Direct queries (${DIRECT_RUNS} runs each, after 10 warm-up runs)`);
  const direct: Record<string, { load: number[]; info: number[] }> = {};
  for (const [name, bounds] of Object.entries(VIEWPORTS)) {
    if (!wanted(`direct, ${name}`)) continue;
    const load = await timeDirect(`listingLoad 25 rows, ${name}`, () =>
      loadListings(server.db, { filter: { geo: { bounds } }, first: 25, fields: CARD_FIELDS }),
    );
    let mode = '';
    const info = await timeDirect(`listingsInfo, ${name}`, async () => {
      mode = (await listingsInfo(server.db, { geo: { bounds } })).mode;
    });
    console.log(`    (${name}: listingsInfo answered with ${mode})`);
    direct[name] = { load, info };
  }

  console.log(
    `\n2. HTTP, loopback, ${HTTP_REQUESTS} requests per line, client in a worker thread: ` +
      `repeated and distinct with ${CONCURRENCY} in flight (capacity), "at rate" distinct at ${RATE} req/s (latency)`,
  );
  const http: Record<string, LoadResult> = {};
  for (const [name, bounds] of Object.entries(VIEWPORTS)) {
    for (const queryName of ['listingLoad', 'listingsInfo'] as const) {
      for (const mode of ['repeated', 'distinct', 'at rate'] as const) {
        if (!wanted(`${queryName}, ${name}, ${mode}`)) continue;
        const r = await runLoadInWorker({ url: server.url, queryName, bounds, mode });
        http[`${queryName} ${name} ${mode}`] = r;
        console.log(
          `  ${`${queryName}, ${name}, ${mode}`.padEnd(42)} p50 ${fmt(r.p50).padStart(10)}  p99 ${fmt(r.p99).padStart(10)}  ${r.rps.toFixed(0).padStart(6)} req/s`,
        );
      }
    }
  }

  console.log('\nAgainst DESIGN §5:');
  const all = (key: 'load' | 'info') => Object.values(direct).flatMap((d) => d[key]).sort((a, b) => a - b);
  const loadAll = all('load');
  if (loadAll.length > 0) {
    const loadP50 = percentile(loadAll, 50);
    const loadP99 = percentile(loadAll, 99);
    console.log(`  listingLoad query, all viewports: p50 ${fmt(loadP50)} (≤ ${BUDGET.queryP50}) ${verdict(loadP50 <= BUDGET.queryP50)}; p99 ${fmt(loadP99)} (≤ ${BUDGET.queryP99}) ${verdict(loadP99 <= BUDGET.queryP99)}`);
  }
  if (direct.region) {
    const clusters = percentile(direct.region.info.slice().sort((a, b) => a - b), 50);
    console.log(`  clusters (region viewport) p50 ${fmt(clusters)} (≤ ${BUDGET.clustersP50}, budget set at 1M) ${verdict(clusters <= BUDGET.clustersP50)}`);
  }
  for (const name of Object.keys(VIEWPORTS)) {
    const capacity = http[`listingLoad ${name} distinct`];
    const atRate = http[`listingLoad ${name} at rate`];
    if (capacity) {
      console.log(`  HTTP listingLoad ${name}, distinct: ${capacity.rps.toFixed(0)} req/s (≥ ${BUDGET.httpRps}) ${verdict(capacity.rps >= BUDGET.httpRps)}`);
    }
    if (atRate) {
      console.log(
        `  HTTP listingLoad ${name}, distinct at ${RATE} req/s: p50 ${fmt(atRate.p50)} (≤ ${BUDGET.httpP50}) ${verdict(atRate.p50 <= BUDGET.httpP50)}; ` +
          `p99 ${fmt(atRate.p99)} (≤ ${BUDGET.httpP99}) ${verdict(atRate.p99 <= BUDGET.httpP99)}`,
      );
    }
  }
} catch (error) {
  if (!(error instanceof SeedOnly)) console.error('bench/search failed:', error);
} finally {
  await server.close();
}
