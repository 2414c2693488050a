/**
 * listingLoad and stayLoad (spec §7): one page of public listings matching a filter, in a stable order,
 * with totalCount and the cursors for Relay paging and numbered pages.
 *
 * totalCount counts at most COUNT_CAP matches (`totalCountCapped` says when it stopped, clients show
 * "1,000+"): an exact count of 100,000 matches costs ten times the page itself.
 *
 * Plan choice: PostgreSQL estimates `point <@ box` at a fixed 0.1 % of rows, so it always reads the
 * viewport through the GiST bitmap and sorts every match — 40 ms for a region of 20,000. When the capped
 * count says the viewport is dense (≥ COUNT_CAP matches) the page query writes the spatial condition as
 * `(… <@ box) IS TRUE`, which no index answers, so the planner walks the order's own index
 * (listings_newest_idx, listings_price_id_idx) and stops after a page. Unless the map cells say the
 * viewport holds few of many listings (spatialIndexCheaper, tinyViewport): the walk would pass ~total /
 * matches entries per row (24 ms for a few streets with 1,095 of 1M), so the spatial index reads it.
 */
import type { Queryable } from '../../db';
import { GENERIC_PLAN } from '../../db/hints';
import { filterClassification, precomputable } from './clusters';
import { filterSql, geoEnvelope, validateFilter, type ListingFilter } from './filters';
import { countBounds, gridFor, MAX_LEVEL } from './map-cells';
import { DAYS_ON_MARKET_SQL, listingColumns, toPublicListing, type ListingFieldSet, type ListingRow, type PublicListing } from './listing';
import {
  encodeCursor,
  pageCursors,
  pageRequest,
  type Cursor,
  type PageArgs,
  type PageCursors,
} from './paging';
import { badInput } from '../../domain-error';
import { SqlParams } from './sql';

export const COUNT_CAP = 1_000;

export type ListingOrder = 'newest' | 'price_asc' | 'price_desc' | 'beds' | 'area' | 'days_on_market';

interface OrderSpec {
  /** Never null (coalesced), so `(key, id)` row comparisons are exact. */
  key: string;
  direction: 'ASC' | 'DESC';
  /** How the cursor's key is read back into SQL. */
  type: 'date' | 'int8' | 'float8';
}

/** Each order ends on id in the same direction: the tiebreaker that makes paging stable. */
const ORDERS: Record<ListingOrder, OrderSpec> = {
  newest: { key: `coalesce(l.list_date, DATE '1900-01-01')`, direction: 'DESC', type: 'date' },
  price_asc: { key: 'l.price_in_pennies', direction: 'ASC', type: 'int8' },
  price_desc: { key: 'l.price_in_pennies', direction: 'DESC', type: 'int8' },
  beds: { key: 'coalesce(l.bedrooms, -1)', direction: 'DESC', type: 'int8' },
  area: { key: 'coalesce(l.area_sq_ft, -1)', direction: 'DESC', type: 'float8' },
  days_on_market: { key: DAYS_ON_MARKET_SQL, direction: 'ASC', type: 'int8' },
};

export interface ListingEdge {
  readonly cursor: string;
  node: PublicListing;
}

/** An edge whose cursor is made when asked for: a search page's client rarely asks for edge cursors. */
class Edge implements ListingEdge {
  constructor(
    readonly node: PublicListing,
    private readonly position: number,
    private readonly sortKey: string,
  ) {}

  get cursor(): string {
    return encodeCursor({ o: this.position, k: this.sortKey, i: this.node.id });
  }
}

export interface ListingConnection {
  edges: ListingEdge[];
  totalCount: number;
  totalCountCapped: boolean;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  pageCursors: PageCursors;
}

export interface LoadListingsArgs extends PageArgs {
  filter: ListingFilter;
  orderBy?: ListingOrder | null;
  /** Read only these fields of each listing (listingColumns); every field when absent. */
  fields?: ListingFieldSet | null;
}

type Row = ListingRow & { sort_key: string };

function keysetCondition(p: SqlParams, order: OrderSpec, cursor: Cursor, forward: boolean, id = 'l.id'): string {
  // Forward in an ASC order means "greater"; backward, or a DESC order, flips it (both flip: back to >).
  const greater = (order.direction === 'ASC') === forward;
  return `(${order.key}, ${id}) ${greater ? '>' : '<'} (${p.add(cursor.k)}::${order.type}, ${p.add(cursor.i)}::int8)`;
}

/** Rows in the read order by their sort value, then id (the combined statement's page comes back unordered). */
function sortRows<T extends { sort_value: string | number; id: number }>(rows: T[], descending: boolean): T[] {
  const sign = descending ? -1 : 1;
  return rows.sort((a, b) => sign * (a.sort_value < b.sort_value ? -1 : a.sort_value > b.sort_value ? 1 : a.id - b.id));
}

/**
 * Whether to count the matches in the same statement that reads the page, through the spatial index:
 * when reading every match is surely cheap — a viewport finer than the map cells (a few streets), or one
 * whose cells hold so few listings that the spatial read beats walking the order's index even at their
 * fewest (spatialIndexCheaper). The page then needs all matches anyway (to sort them), so the count costs
 * nothing more; a separate count would read them a second time. Not when the cells already give the count.
 */
function countedWithPage(filter: ListingFilter, cells: CellCounts, rows: number): boolean {
  if (!filter.geo) return false;
  if (cells && (cells.atLeast > COUNT_CAP || cells.atMost === 0)) return false;
  if (tinyViewport(filter)) return true;
  return cells !== null && spatialIndexCheaper(cells, rows, cells.atLeast);
}

type CellCounts = Awaited<ReturnType<typeof countBounds>>;

/** The map cells' bounds on a filter's matches, when the cells can answer it (a rectangle, at most a classification). */
async function cellCounts(db: Queryable, filter: ListingFilter): Promise<CellCounts> {
  if (!filter.geo || !precomputable(filter)) return null;
  return countBounds(db, geoEnvelope(filter.geo), filterClassification(filter));
}

/**
 * How many listings match, counted up to COUNT_CAP. A rectangle with at most a classification asks the
 * precomputed map cells first: when the cells wholly inside it hold more than COUNT_CAP, the count is
 * capped without reading a listing (a region viewport's GiST bitmap alone costs ~10 ms at 100k).
 */
export async function countMatches(
  db: Queryable,
  filter: ListingFilter,
  where: string,
  params: unknown[],
  counted?: CellCounts,
): Promise<{ count: number; capped: boolean }> {
  const cells = counted === undefined ? await cellCounts(db, filter) : counted;
  if (cells && cells.atLeast > COUNT_CAP) return { count: COUNT_CAP, capped: true };
  if (cells && cells.atMost === 0) return { count: 0, capped: false };
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM listings l WHERE ${where} LIMIT ${COUNT_CAP + 1}) AS m`,
    params,
  );
  const n = rows[0]!.n;
  return capped(n);
}

/**
 * Walking the order's index finds `rows` matches after about rows × total / matches entries; the
 * spatial index reads every match and sorts them. Per entry both cost about the same (measured on
 * PostgreSQL at 1M: 1,095 matches took 24 ms walking and 2 ms through the spatial index; 12,664 took
 * 2.8 and 10.7 ms; on PGlite a match read and sorted costs more), so the spatial index is taken while
 * 2 × matches² < rows × total. The cells bound the matches (and a capped count says more than
 * `atLeast`): the walk's cost is taken at the fewest, the spatial read's at the most.
 */
export function spatialIndexCheaper(cells: CellCounts, rows: number, atLeast: number): boolean {
  if (!cells || cells.total === 0) return false;
  return 2 * cells.atMost < (rows * cells.total) / Math.max(1, atLeast, cells.atLeast);
}

/**
 * A viewport finer than the finest map cells (under ~0.023° × 0.012°, a few streets): however dense,
 * it is a sliver of any order's index, and its matches are few enough to read through the spatial index.
 */
const tinyViewport = (filter: ListingFilter) => filter.geo != null && gridFor(geoEnvelope(filter.geo)).level > MAX_LEVEL;

const capped = (n: number) => (n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false });

export async function loadListings(db: Queryable, args: LoadListingsArgs): Promise<ListingConnection> {
  const request = pageRequest(args);
  validateFilter(args.filter);
  const order = ORDERS[args.orderBy ?? 'newest'];
  if (!order) throw badInput(`orderBy ${String(args.orderBy)} is not an order.`, 'orderBy');
  const forward = request.direction === 'forward';

  // The window to read, in the order's direction or (readBackward) against it.
  const keyset: { cursor: Cursor; forward: boolean }[] = [];
  let offset = 0;
  let limit = request.size;
  if (request.direction === 'forward') {
    const after = request.after;
    if (after?.k !== undefined && request.skip === 0) keyset.push({ cursor: after, forward: true });
    else offset = (after ? after.o + 1 : 0) + request.skip;
  } else {
    const before = request.before;
    if (before?.k !== undefined) {
      keyset.push({ cursor: before, forward: false });
      limit = Math.min(request.size, before.o);
    } else if (before) {
      // A page cursor read backward: read forward from where the page starts.
      offset = Math.max(0, before.o - request.size);
      limit = before.o - offset;
    }
    // Without `before`: the last page, the tail of the order read backward.
  }
  const readBackward = !forward && (request.before?.k !== undefined || !request.before);
  const dir = readBackward ? (order.direction === 'ASC' ? 'DESC' : 'ASC') : order.direction;
  const window = `LIMIT ${limit + 1}${offset > 0 ? ` OFFSET ${offset}` : ''}`;

  const cells = await cellCounts(db, args.filter);
  const rowsToRead = offset + limit + 1;
  const p = new SqlParams();
  const orderSql = `ORDER BY ${order.key} ${dir}, l.id ${dir}`;
  let total: { count: number; capped: boolean };
  let rows: Row[];
  if (countedWithPage(args.filter, cells, rowsToRead)) {
    // Few matches (or a few streets): one statement reads them all through the spatial index, counts
    // them and returns the page.
    const keysetSql = keyset.map((k) => keysetCondition(p, { ...order, key: 'm.k' }, k.cursor, k.forward, 'm.id'));
    const sql = `${GENERIC_PLAN} WITH m AS MATERIALIZED (
        SELECT l.id, ${order.key} AS k FROM listings l WHERE ${filterSql(p, args.filter)})
      SELECT t.total, page.row FROM (SELECT count(*)::int AS total FROM m) AS t
      LEFT JOIN LATERAL (
        SELECT row_to_json(page) AS row FROM (
          SELECT ${listingColumns(args.fields ?? null)}, (${order.key})::text AS sort_key, ${order.key} AS sort_value
            FROM (SELECT m.id FROM m ${keysetSql.length ? `WHERE ${keysetSql.join(' AND ')}` : ''}
                   ORDER BY m.k ${dir}, m.id ${dir} ${window}) AS ids
            JOIN listings l ON l.id = ids.id) AS page) AS page ON true`;
    const result = (await db.query<{ total: number; row: (Row & { sort_value: string | number }) | null }>(sql, p.values)).rows;
    total = capped(result[0]?.total ?? 0);
    rows = sortRows(
      result.flatMap((r) => (r.row ? [r.row] : [])),
      dir === 'DESC',
    );
  } else {
    const filterParams = new SqlParams();
    total = await countMatches(db, args.filter, filterSql(filterParams, args.filter), filterParams.values, cells);
    const walk = total.capped && !tinyViewport(args.filter) && !spatialIndexCheaper(cells, rowsToRead, COUNT_CAP + 1);
    const conditions = [filterSql(p, args.filter, { spatialIndex: !walk })];
    for (const k of keyset) conditions.push(keysetCondition(p, order, k.cursor, k.forward));
    // Walking the newest order with a rectangle (and at most a classification): the page's ids come from
    // the covering index alone (migration 080), then only those rows are read.
    const idsFirst = walk && order === ORDERS.newest && precomputable(args.filter);
    const source = idsFirst
      ? `(SELECT l.id FROM listings l WHERE ${conditions.join(' AND ')} ${orderSql} ${window}) AS ids
         JOIN listings l ON l.id = ids.id`
      : `listings l WHERE ${conditions.join(' AND ')}`;
    // Each row as one json value: the driver parses one column instead of 70, a third less time per page
    // on PGlite. The outer SELECT only projects, so the rows keep the inner ORDER BY.
    const sql = `${GENERIC_PLAN} SELECT row_to_json(page) AS row FROM (
      SELECT ${listingColumns(args.fields ?? null)}, (${order.key})::text AS sort_key FROM ${source}
       ${orderSql}
       ${idsFirst ? '' : window}) AS page`;
    rows = limit > 0 ? (await db.query<{ row: Row }>(sql, p.values)).rows.map((r) => r.row) : [];
  }

  // Where the page starts in the whole order.
  let startPosition: number;
  if (request.direction === 'forward') {
    startPosition = (request.after ? request.after.o + 1 : 0) + request.skip;
  } else {
    // The position the page ends before: a cursor's, or one past the last match.
    const end = request.before ? request.before.o : total.count;
    startPosition = Math.max(0, end - request.size);
  }
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (readBackward) page.reverse();

  let hasNextPage: boolean;
  let hasPreviousPage: boolean;
  if (forward) {
    hasNextPage = more;
    hasPreviousPage = startPosition > 0;
  } else {
    const end = request.before ? request.before.o : total.count;
    startPosition = Math.max(0, end - page.length);
    hasPreviousPage = readBackward ? more : startPosition > 0;
    hasNextPage = request.before !== null;
  }

  const edges = page.map((row, index) => new Edge(toPublicListing(row), startPosition + index, row.sort_key));
  return {
    edges,
    totalCount: total.count,
    totalCountCapped: total.capped,
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    pageCursors: pageCursors(startPosition, request.size, total.count),
  };
}
