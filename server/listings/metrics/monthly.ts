/**
 * The monthly figures of one region, from its listings' status history (migration 002: one row per
 * 'listed', 'price_change' or 'status_change' event, the price after the event; for Closed, the sold price).
 * Pure: the refresh (refresh.ts) feeds every listing once to the accumulators of the regions it belongs to.
 *
 *   MEDIAN_LIST_PRICE       median price of the listings active at the month's end (their last event
 *                           before the end has an ACTIVE status)
 *   ACTIVE_INVENTORY        how many listings that is
 *   NEW_LISTINGS            'listed' events in the month
 *   MEDIAN_SOLD_PRICE       median price of the Closed events in the month (the sold price)
 *   MEDIAN_DAYS_ON_MARKET   median whole days a sold listing was on the market: from its latest 'listed' event
 *                           to the offer it accepted (its first Pending or Active Under Contract after that),
 *                           or to its close when the history has no such event
 *   PRICE_PER_SQUARE_FOOT   median of sold price / living area (sq ft) of the month's sales with an area
 *   SALE_TO_LIST_RATIO      median of sold price / the last list price before the close, in percent (one decimal)
 *   PRICE_DROPS             listings with at least one price_change to a lower price in the month
 *
 * Money in pennies (rounded to a whole penny); a median of an even count is the mean of the middle two.
 * Each figure comes with how many homes stand behind it (MonthHomes): the count itself for the counts, the
 * listings in the median for the medians. A yearly change needs enough of them (market-metrics.ts).
 */
import { ACTIVE_STATUSES, median, type SectionType } from './market-metrics';

const DAY_MS = 86_400_000;
/** The statuses of an accepted offer: the home is under contract. */
const CONTRACT_STATUSES = new Set(['Pending', 'Active Under Contract']);

export interface HistoryEvent {
  event: string;
  status: string;
  priceInPennies: number;
  /** As stored; when null, the price of the listing's event before. */
  previousPriceInPennies: number | null;
  changedAt: Date;
}

export interface ListingHistory {
  areaSqFt: number | null;
  /** Ordered by time. */
  events: HistoryEvent[];
}

/** A month as a number: year × 12 + month (0-based). */
export const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
export const monthStart = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1);
export const monthDate = (index: number) => new Date(monthStart(index)).toISOString().slice(0, 10);

/** What one listing adds to the months of its regions, worked out once. */
export interface ListingFacts {
  firstMonth: number;
  lastMonth: number;
  /** Month-end list prices while active, from firstMonth to lastMonth (null: not active at that month's end). */
  activeAtMonthEnd: (number | null)[];
  /** The price it stays active at after its last event; null when its last event left it off the market. */
  stillActivePrice: number | null;
  listed: number[];
  sales: { month: number; price: number; days: number | null; perSqFt: number | null; ratio: number | null }[];
  priceDropMonths: number[];
}

export function listingFacts(listing: ListingHistory): ListingFacts | null {
  const { events } = listing;
  if (events.length === 0) return null;
  const firstMonth = monthIndex(events[0]!.changedAt);
  const lastMonth = monthIndex(events.at(-1)!.changedAt);
  const facts: ListingFacts = { firstMonth, lastMonth, activeAtMonthEnd: [], stillActivePrice: null, listed: [], sales: [], priceDropMonths: [] };
  let listedAt: Date | null = null;
  let contractAt: Date | null = null;
  let listPrice: number | null = null;
  let before: HistoryEvent | null = null;
  for (const e of events) {
    const m = monthIndex(e.changedAt);
    if (e.event === 'listed') {
      facts.listed.push(m);
      listedAt = e.changedAt;
      contractAt = null;
    }
    if (listedAt && !contractAt && CONTRACT_STATUSES.has(e.status)) contractAt = e.changedAt;
    if (e.event === 'price_change') {
      const previous = e.previousPriceInPennies ?? before?.priceInPennies ?? null;
      if (previous !== null && e.priceInPennies < previous && facts.priceDropMonths.at(-1) !== m) facts.priceDropMonths.push(m);
    }
    if (e.status === 'Closed') {
      facts.sales.push({
        month: m,
        price: e.priceInPennies,
        days: listedAt ? Math.floor(((contractAt ?? e.changedAt).getTime() - listedAt.getTime()) / DAY_MS) : null,
        perSqFt: listing.areaSqFt && listing.areaSqFt > 0 ? e.priceInPennies / listing.areaSqFt : null,
        ratio: listPrice ? (e.priceInPennies / listPrice) * 100 : null,
      });
    } else {
      listPrice = e.priceInPennies;
    }
    before = e;
  }
  let k = 0;
  for (let m = firstMonth; m <= lastMonth; m++) {
    const end = monthStart(m + 1);
    while (k < events.length && events[k]!.changedAt.getTime() < end) k++;
    const state = k > 0 ? events[k - 1]! : null;
    facts.activeAtMonthEnd.push(state && ACTIVE_STATUSES.has(state.status) ? state.priceInPennies : null);
  }
  const final = events.at(-1)!;
  facts.stillActivePrice = ACTIVE_STATUSES.has(final.status) ? final.priceInPennies : null;
  return facts;
}

interface Bucket {
  active: number[];
  newListings: number;
  sold: number[];
  days: number[];
  perSqFt: number[];
  ratio: number[];
  drops: number;
}

export type MonthFigures = Record<SectionType, number | null>;
/** How many homes stand behind each figure of a month. */
export type MonthHomes = Record<SectionType, number>;

const roundMoney = (v: number | null) => (v === null ? null : Math.round(v));
const oneDecimal = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** The figures of one region (and property type), listing by listing. */
export class RegionAccumulator {
  #months = new Map<number, Bucket>();
  #stillActive: { from: number; price: number }[] = [];
  first = Infinity;
  last = -Infinity;

  #bucket(m: number): Bucket {
    let b = this.#months.get(m);
    if (!b) this.#months.set(m, (b = { active: [], newListings: 0, sold: [], days: [], perSqFt: [], ratio: [], drops: 0 }));
    return b;
  }

  add(facts: ListingFacts): void {
    this.first = Math.min(this.first, facts.firstMonth);
    this.last = Math.max(this.last, facts.lastMonth);
    facts.activeAtMonthEnd.forEach((price, i) => {
      if (price !== null) this.#bucket(facts.firstMonth + i).active.push(price);
    });
    if (facts.stillActivePrice !== null) this.#stillActive.push({ from: facts.lastMonth + 1, price: facts.stillActivePrice });
    for (const m of facts.listed) this.#bucket(m).newListings += 1;
    for (const m of facts.priceDropMonths) this.#bucket(m).drops += 1;
    for (const s of facts.sales) {
      const b = this.#bucket(s.month);
      b.sold.push(s.price);
      if (s.days !== null) b.days.push(s.days);
      if (s.perSqFt !== null) b.perSqFt.push(s.perSqFt);
      if (s.ratio !== null) b.ratio.push(s.ratio);
    }
  }

  /** Every month from the first event to the last, up to `through` (the last month that is over), oldest first. */
  months(through = Infinity): { month: number; figures: MonthFigures; homes: MonthHomes }[] {
    const last = Math.min(this.last, through);
    if (this.first > last) return [];
    // A listing still active after its last event counts at the end of every later month of the region.
    for (const { from, price } of this.#stillActive) {
      for (let m = from; m <= this.last; m++) this.#bucket(m).active.push(price);
    }
    this.#stillActive = [];
    const out: { month: number; figures: MonthFigures; homes: MonthHomes }[] = [];
    for (let m = this.first; m <= last; m++) {
      const b = this.#bucket(m);
      out.push({
        month: m,
        figures: {
          MEDIAN_LIST_PRICE: roundMoney(median(b.active)),
          ACTIVE_INVENTORY: b.active.length,
          NEW_LISTINGS: b.newListings,
          MEDIAN_SOLD_PRICE: roundMoney(median(b.sold)),
          MEDIAN_DAYS_ON_MARKET: median(b.days),
          PRICE_PER_SQUARE_FOOT: roundMoney(median(b.perSqFt)),
          SALE_TO_LIST_RATIO: oneDecimal(median(b.ratio)),
          PRICE_DROPS: b.drops,
        },
        homes: {
          MEDIAN_LIST_PRICE: b.active.length,
          ACTIVE_INVENTORY: b.active.length,
          NEW_LISTINGS: b.newListings,
          MEDIAN_SOLD_PRICE: b.sold.length,
          MEDIAN_DAYS_ON_MARKET: b.days.length,
          PRICE_PER_SQUARE_FOOT: b.perSqFt.length,
          SALE_TO_LIST_RATIO: b.ratio.length,
          PRICE_DROPS: b.drops,
        },
      });
    }
    return out;
  }
}
