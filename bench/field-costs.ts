/**
 * `node --import tsx bench/field-costs.ts [--listings N] [--runs N] [--settle S] [--only FIELD]` (npm run
 * bench:field-costs): what the expensive fields cost to answer, in the cost model's units
 * (server/graphql/transport/cost.ts, FIELD_COSTS), calibrated against a plain search page.
 *
 * One server in this process (PGlite in memory, in its own thread, the first-start seed of N generated
 * listings, by default as many as `npm start` seeds), left --settle seconds (default 20) for the work of a
 * first start to finish. Each operation is sent one at a time from one client, round robin with the others
 * (a change of the machine's load weighs on all alike), with inputs that change on every request so no cache
 * answers it (the public response cache, the home value cache): a few warm-up rounds, then --runs timed
 * ones (default 40). Each request is timed in CPU time of the whole process (every thread: the server, the
 * database, the client): on a machine shared with other work, wall time measures the others' load, CPU time
 * the work. The same is done for `{ __typename }` (what any request costs) and for the search page of
 * <hearth-search> (SearchListings, 25 cards at a moving viewport), whose field-count cost calibrates. The model
 * prices whole requests, so whole requests are compared:
 *
 *     units = its median CPU time / the search page's median CPU time × the search page's cost
 *
 * and what the field itself costs beyond its selection's field count, rounded to 50, is what FIELD_COSTS
 * holds. A report, not a test: prints a table (docs/benchmarks.md keeps the figures) and exits 0.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { startServer } from '../server/app';
import { DEFAULT_SEED_LISTINGS } from '../server/seed/listings';
import type { Logger } from '../server/log';
import { parse, type OperationDefinitionNode } from '../server/graphql/graphql-js';
import { costPlan, type FieldCost } from '../server/graphql/transport/cost';
import { schema } from '../server/graphql/schema/index';
import { SearchListingsQuery, MapMarkersQuery } from '../core/search/api';
import { HomeValueQuery, RequestValuationMutation } from '../core/valuation/valuation-api';
import { MarketMetricsQuery, HousingSentencesQuery } from '../core/market/market-api';
import { PlaceSearchQuery } from '../core/places/places';
import { SellerHomeAtQuery } from '../core/places/home-at-api';
import { ListingDetailQuery } from '../core/listings/listing-detail-data';
import { AvailabilityCalendarQuery } from '../core/stays/stays-api';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: String(DEFAULT_SEED_LISTINGS) },
    runs: { type: 'string', default: '40' },
    only: { type: 'string' },
    settle: { type: 'string', default: '20' },
  },
});
const SETTLE_MS = Number(values.settle) * 1000;
const LISTINGS = Number(values.listings);
const RUNS = Number(values.runs);
const WARM_UP = 5;

const quiet: Logger = { info: () => undefined, warn: (m) => console.warn(m), error: (m, e) => console.error(m, e) };

interface Operation {
  /** The field (`Type.field`) it measures, as FIELD_COSTS names it. */
  field: string;
  label: string;
  document: string;
  /** The variables of the i-th request: never the same twice. */
  variables: (i: number) => Record<string, unknown>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const operationName = (document: string) => /(?:query|mutation)\s+(\w+)/.exec(document)![1]!;

/** The operation's price: by field count alone (`{}`), or with the measured costs of FIELD_COSTS. */
const costOf = (document: string, variables: Record<string, unknown>, fieldCosts?: Readonly<Record<string, FieldCost>>) => {
  const parsed = parse(document);
  const operation = parsed.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
  return costPlan(schema, parsed, operation, fieldCosts).cost(variables);
};

async function main() {
  const started = performance.now();
  const server = await startServer({
    port: 0,
    dataDir: 'memory://',
    logger: quiet,
    seedListings: LISTINGS,
    trustProxy: true,
    contactRateLimit: { max: 1e9, windowMs: 60_000 },
    graphqlCostLimits: { publicPerMinute: 1e12, signedInPerMinute: 1e12 },
  });
  console.log(`seeded ${LISTINGS} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // What the first start runs after seeding (market metrics, photos) finishes before anything is timed.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  try {
    const db = server.db;
    const { rows: sales } = await db.query<{ id: number; latitude: number; longitude: number }>(
      `SELECT id, latitude, longitude FROM listings WHERE status = 'Active' AND classification = 'sale'
          AND property_sub_type = 'Single Family Residence' AND latitude IS NOT NULL ORDER BY id LIMIT 400`,
    );
    const { rows: stays } = await db.query<{ id: number }>(`SELECT id FROM listings WHERE classification = 'stay' AND status = 'Active' ORDER BY id LIMIT 200`);
    const { rows: places } = await db.query<{ city: string; postal_code: string }>(
      `SELECT DISTINCT city, postal_code FROM listings WHERE status = 'Active' ORDER BY city, postal_code LIMIT 200`,
    );
    const { rows: streetRows } = await db.query<{ street_line1: string }>(
      `SELECT street_line1 FROM listings
        WHERE street_line1 IS NOT NULL AND status = 'Active' AND property_sub_type = 'Single Family Residence' ORDER BY id LIMIT 400`,
    );
    const streets = streetRows.map((r) => r.street_line1);
    const at = <T>(xs: readonly T[], i: number) => xs[i % xs.length]!;
    // Salt Lake City's valley, a different point each time (never the same twice: the response cache keys on it).
    const point = (i: number) => ({ latitude: 40.6 + ((i * 37) % 100) * 0.003 + i * 1e-6, longitude: -111.95 + ((i * 53) % 100) * 0.003 - i * 1e-6 });
    const bounds = (i: number, span: number) => {
      const { latitude, longitude } = point(i);
      return { west: longitude - span, south: latitude - span, east: longitude + span, north: latitude + span };
    };
    const home = (i: number) => ({ address: '', listingId: String(at(sales, i).id), livingArea: 1_200 + (i % 997) });

    const listingOnly = (selection: string) => `query ListingPart($listingId: ID!) { listingInfo(listingId: $listingId) { id priceInPennies ${selection} } }`;
    const listingId = (i: number) => ({ listingId: String(at(sales, i + 7).id) });

    const all: Operation[] = [
      { field: 'Query.__typename', label: '`{ __typename }` (the overhead)', document: 'query Ping { __typename }', variables: () => ({}) },
      {
        field: 'Query.listingLoad',
        label: 'search page: SearchListings, 25 cards at a moving viewport (the calibration)',
        document: SearchListingsQuery,
        variables: (i) => ({ first: 25, geoInput: { bounds: bounds(i, 0.05) } }),
      },
      {
        field: 'Query.homeValue',
        label: 'homeValue of one of our listings (HomeValue, its facts varied)',
        document: HomeValueQuery,
        variables: (i) => ({ input: home(i) }),
      },
      {
        field: 'Query.homeValue',
        label: 'homeValue of a picked position (a place search pick: its coordinates)',
        document: HomeValueQuery,
        variables: (i) => ({ input: { address: `Near ${i}`, latitude: at(sales, i).latitude + 0.001, longitude: at(sales, i).longitude - 0.001 } }),
      },
      {
        field: 'Query.homeValue',
        label: 'homeValue of a typed address (looked up through the place search)',
        document: HomeValueQuery,
        variables: (i) => ({ input: { address: at(streets, i), livingArea: 1_200 + (i % 997) } }),
      },
      {
        field: 'Mutation.requestValuation',
        label: 'requestValuation (the estimate, a lead and two mails)',
        document: RequestValuationMutation,
        variables: (i) => ({
          input: home(i),
          contact: { firstName: 'Bench', lastName: `Owner${i}`, email: `bench${i}@example.com`, phone: `80155501${String(i % 100).padStart(2, '0')}` },
          optIn: false,
        }),
      },
      {
        field: 'Query.marketMetrics',
        label: 'marketMetrics of a city or ZIP (MarketMetrics, every section)',
        document: MarketMetricsQuery,
        variables: (i) => ({ regionName: i % 2 ? at(places, i).city : at(places, i).postal_code }),
      },
      {
        field: 'Query.housingSentences',
        label: 'housingSentences of a city or ZIP',
        document: HousingSentencesQuery,
        variables: (i) => ({ regionName: i % 2 ? at(places, i).postal_code : at(places, i).city }),
      },
      {
        field: 'Query.placeSearch',
        label: 'placeSearch of a name (letters: the in-memory index)',
        document: PlaceSearchQuery,
        variables: (i) => ({ query: at(places, i).city.slice(0, 3 + (i % 8)) }),
      },
      {
        field: 'Query.placeSearch',
        label: 'placeSearch of an address (a digit: the listings’ streets in SQL)',
        document: PlaceSearchQuery,
        variables: (i) => ({ query: at(streets, i).slice(0, 2 + (i % 10)) }),
      },
      {
        field: 'Query.sellerHomeAt',
        label: 'sellerHomeAt a point (our own addresses: no maps key)',
        document: SellerHomeAtQuery,
        variables: (i) => ({ lat: point(i).latitude, lng: point(i).longitude }),
      },
      {
        field: 'Query.listingsInfo',
        label: 'listingsInfo: the map’s pins or clusters (MapMarkers)',
        document: MapMarkersQuery,
        variables: (i) => ({ geoInput: { bounds: bounds(i, 0.02 + (i % 3) * 0.1) } }),
      },
      { field: 'Query.listingInfo', label: 'listingInfo: a listing page (ListingDetail, all its parts)', document: ListingDetailQuery, variables: listingId },
      { field: 'Query.listingInfo', label: 'listingInfo { id priceInPennies } (the listing alone)', document: listingOnly(''), variables: listingId },
      { field: 'Listing.similarHomes', label: '… + similarHomes { id }', document: listingOnly('similarHomes { id }'), variables: listingId },
      { field: 'Listing.priceHistory', label: '… + priceHistory { event }', document: listingOnly('priceHistory { event }'), variables: listingId },
      { field: 'Listing.openHouse', label: '… + openHouse { id }', document: listingOnly('openHouse { id }'), variables: listingId },
      { field: 'Listing.relatedPosts', label: '… + relatedPosts { id }', document: listingOnly('relatedPosts { id }'), variables: listingId },
      {
        field: 'Listing.similarHomes',
        label: 'search page of 10 + similarHomes { id } (batched)',
        document: `query PageSimilar($first: Int, $geoInput: GeoInput) { listingLoad(first: $first, geoInput: $geoInput) { edges { node { id similarHomes { id } } } } }`,
        variables: (i) => ({ first: 10, geoInput: { bounds: bounds(i, 0.05) } }),
      },
      {
        field: 'Listing.priceHistory',
        label: 'search page of 25 + priceHistory { event } and openHouse { id } (batched)',
        document: `query PageHistory($first: Int, $geoInput: GeoInput) { listingLoad(first: $first, geoInput: $geoInput) { edges { node { id priceHistory { event } openHouse { id } } } } }`,
        variables: (i) => ({ first: 25, geoInput: { bounds: bounds(i, 0.05) } }),
      },
      {
        field: 'Listing.relatedPosts',
        label: 'search page of 25 + relatedPosts { id } (batched)',
        document: `query PagePosts($first: Int, $geoInput: GeoInput) { listingLoad(first: $first, geoInput: $geoInput) { edges { node { id relatedPosts { id } } } } }`,
        variables: (i) => ({ first: 25, geoInput: { bounds: bounds(i, 0.05) } }),
      },
      {
        field: 'Query.listingLoad',
        label: 'search page of 25 { id } (to compare with the ones above)',
        document: `query PagePlain($first: Int, $geoInput: GeoInput) { listingLoad(first: $first, geoInput: $geoInput) { edges { node { id } } } }`,
        variables: (i) => ({ first: 25, geoInput: { bounds: bounds(i, 0.05) } }),
      },
      {
        field: 'Query.listingLoad',
        label: 'search page of 10 { id } (to compare with the similar homes of 10)',
        document: `query PageTen($first: Int, $geoInput: GeoInput) { listingLoad(first: $first, geoInput: $geoInput) { edges { node { id } } } }`,
        variables: (i) => ({ first: 10, geoInput: { bounds: bounds(i, 0.05) } }),
      },
      {
        field: 'Query.listingFeed',
        label: 'listingFeed: newest in a city, 12 cards',
        document: `query Feed($feedInput: FeedInput!) { listingFeed(feedInput: $feedInput) { id priceInPennies photoUri address { city } } }`,
        variables: (i) => ({ feedInput: { kind: i % 2 ? 'CITY' : 'NEWEST', city: at(places, i).city, limit: 12 - (i % 3) } }),
      },
      {
        field: 'Query.stayLoad',
        label: 'stayLoad: a page of 25 stays at a moving viewport',
        document: `query Stays($first: Int, $geoInput: GeoInput) { stayLoad(first: $first, geoInput: $geoInput) { totalCount edges { node { id priceInPennies } } } }`,
        variables: (i) => ({ first: 25, geoInput: { bounds: bounds(i, 0.3) } }),
      },
      {
        field: 'Query.availabilityCalendar',
        label: 'availabilityCalendar of a stay, 3 months',
        document: AvailabilityCalendarQuery,
        variables: (i) => ({ listingId: String(at(stays, i).id), count: 3, month: 1 + (i % 12), year: 2027 }),
      },
    ];
    const operations = all.filter((o) => !values.only || o.field.includes(values.only) || o.field === 'Query.__typename' || o.label.startsWith('search page: '));

    const post = async (op: Operation, i: number) => {
      const t = performance.now();
      const cpu = process.cpuUsage();
      const response = await fetch(`${server.url}/public_graphql/?queryName=${operationName(op.document)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i % 250}` },
        body: JSON.stringify({ query: op.document, variables: op.variables(i) }),
      });
      const text = await response.text();
      const ms = performance.now() - t;
      const used = process.cpuUsage(cpu);
      const body = JSON.parse(text) as { errors?: { message: string }[] };
      return { ms, cpuMs: (used.user + used.system) / 1000, bytes: text.length, error: body.errors?.[0]?.message ?? (response.ok ? null : `HTTP ${response.status}`) };
    };

    // Round robin, so a change of the machine's load weighs on every operation alike; every request gets a
    // number of its own, so no input is sent twice in the run.
    const times = operations.map(() => [] as number[]);
    const cpuTimes = operations.map(() => [] as number[]);
    const sizes = operations.map(() => [] as number[]);
    const errors = operations.map(() => ({ count: 0, first: null as string | null }));
    let n = 0;
    for (let r = -WARM_UP; r < RUNS; r++) {
      for (const [k, op] of operations.entries()) {
        const { ms, cpuMs, bytes, error } = await post(op, n++);
        if (r < 0) continue;
        times[k]!.push(ms);
        cpuTimes[k]!.push(cpuMs);
        sizes[k]!.push(bytes);
        if (error) {
          errors[k]!.count += 1;
          errors[k]!.first ??= error;
        }
      }
    }
    const measured = operations.map((op, k) => ({
      op,
      wall: median(times[k]!),
      median: median(cpuTimes[k]!),
      bytes: median(sizes[k]!),
      errors: errors[k]!.count,
      firstError: errors[k]!.first,
    }));

    const search = measured[1]!;
    const searchCost = costOf(search.op.document, search.op.variables(0), {});
    const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
    console.log(`a search page (cost ${fmt(searchCost)}) takes ${search.median.toFixed(2)} ms of CPU: one unit is ${((search.median / searchCost) * 1000).toFixed(2)} µs\n`);
    console.log('| Operation | answer bytes | wall ms | CPU ms | units | by field count | the field itself | priced now | errors |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const m of measured) {
      // A whole request against a whole search page request: the model prices requests, overhead and all.
      const units = (m.median / search.median) * searchCost;
      const counted = costOf(m.op.document, m.op.variables(0), {});
      const own = Math.max(0, Math.round((units - counted) / 50) * 50);
      const priced = costOf(m.op.document, m.op.variables(0));
      console.log(
        `| ${m.op.label} | ${fmt(m.bytes)} | ${m.wall.toFixed(1)} | ${m.median.toFixed(2)} | ${fmt(units)} | ${fmt(counted)} | ${fmt(own)} | ${fmt(priced)} | ${m.errors ? `${m.errors}: ${m.firstError}` : 0} |`,
      );
    }
  } finally {
    await server.close();
  }
}

await main();
