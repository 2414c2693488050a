/**
 * Visitor activity (spec §7 "Analytics"; issue 16): what a page records when its partner enables analytics,
 * and the rules both sides apply to it — the kinds of event, their limits, and the price band a search is
 * counted in. No personal data: a pseudonymous visitor id (a random UUID the visitor can reset), the kind,
 * a listing id, a place, a price band, a button's or link's label, the page's path without its query.
 */

export const EVENT_KINDS = ['page_view', 'search', 'listing_view', 'listing_open', 'favorite', 'marker_click', 'click'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Events sent in one batch (one sendBeacon), and the longest text of each field. */
export const EVENT_BATCH_MAX = 50;
export const EVENT_PLACE_MAX = 120;
export const EVENT_LABEL_MAX = 80;
export const EVENT_PATH_MAX = 300;
/** A batch is sent after this long, or sooner at this many events, or when the page is hidden. */
export const EVENT_FLUSH_MS = 10_000;
export const EVENT_FLUSH_COUNT = 20;
/** An event may be at most this old when it arrives (a page kept in the background), and never in the future beyond the clock skew. */
export const EVENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const EVENT_CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface VisitorEvent {
  kind: EventKind;
  /** Epoch milliseconds on the visitor's clock. */
  at: number;
  listingId?: number;
  place?: string;
  /** Whole currency units (dollars), as the search's price filter holds them. */
  minPrice?: number | null;
  maxPrice?: number | null;
  label?: string;
  path?: string;
}

/** Price bands of searches, in whole currency units: the lower bound of each. */
export const PRICE_BANDS = [0, 200_000, 400_000, 600_000, 800_000, 1_000_000, 1_500_000, 2_000_000] as const;

const short = (value: number) => (value >= 1_000_000 ? `$${value / 1_000_000}M` : `$${value / 1_000}k`);

/** The band a price filter is counted in: by its lower bound, else its upper one; 'Any price' without either. */
export function priceBand(minPrice: number | null | undefined, maxPrice: number | null | undefined): string {
  const price = minPrice ?? maxPrice;
  if (price === null || price === undefined || !Number.isFinite(price) || price < 0) return 'Any price';
  let index = 0;
  for (let i = 0; i < PRICE_BANDS.length; i += 1) if (price >= PRICE_BANDS[i]!) index = i;
  const low = PRICE_BANDS[index]!;
  const high = PRICE_BANDS[index + 1];
  return high === undefined ? `${short(low)}+` : `${short(low)}–${short(high)}`;
}

/** Do Not Track or Global Privacy Control: record nothing. */
export function visitorOptedOut(nav: Partial<Pick<Navigator, 'doNotTrack'>> & { globalPrivacyControl?: boolean }): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || nav.doNotTrack === 'yes';
}
