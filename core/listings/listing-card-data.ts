/** What a listing card shows (spec §3 Listing) and how it gets it: a `listing-id`, or data set on the element. */
import * as z from 'zod/mini';
import { query, type Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { lazySchema } from '../validation/lazy-schema';
import { listingAddressSchema } from './listing-address';
import { LISTING_CARD_FIELDS } from './listing-card-fields';

z.config({ jitless: true });

/** What cards and listing pages share (LISTING_BASE_FIELDS): the card's fields but its photos, open houses and attribution. */
export const listingBaseShape = () => ({
  id: z.string(),
  slugId: z.string(),
  listingCodeId: z.string(),
  photoUri: z.nullable(z.string()),
  /** The first photo's sizes (an uploaded photo), for `srcset`; absent or null: photoUri alone. */
  photoSrcset: z.optional(z.nullable(z.string())),
  priceInPennies: z.nullable(z.number()),
  priceCurrencyCode: z.string(),
  /** With priceLabel: what the price is per ('/mo', '/night'; core/listings/price-period.ts). */
  classification: z.optional(z.nullable(z.string())),
  priceLabel: z.optional(z.nullable(z.string())),
  bedrooms: z.nullable(z.number()),
  bathrooms: z.nullable(z.number()),
  area: z.nullable(z.number()),
  areaUnit: z.nullable(z.string()),
  address: listingAddressSchema(),
  newListing: z.boolean(),
  lastPriceUpdate: z.nullable(z.object({ priceDropDate: z.string(), priceDropAmountInPennies: z.number() })),
  underContract: z.boolean(),
  sold: z.boolean(),
  favoriteCount: z.number(),
  isFavorite: z.boolean(),
  timeZone: z.string(),
});

/** The card's fields: what the card query (and a search's rows) answers, and what a listing set on the element may hold. */
export const cardListingShape = () => ({
  ...listingBaseShape(),
  photos: z.optional(z.array(z.object({ photoUrl: z.string(), description: z.nullable(z.string()) }))),
  openHouse: z.array(z.object({ startDateTime: z.string(), endDateTime: z.string(), isActive: z.boolean() })),
  listingBy: z.nullable(
    z.object({
      brokerage: z.nullable(z.object({ name: z.string() })),
      agent: z.nullable(z.object({ name: z.string() })),
      system: z.nullable(z.string()),
    }),
  ),
});

const cardListingSchema = () => z.object(cardListingShape());

export type CardListing = z.infer<ReturnType<typeof cardListingSchema>>;

const cardOrNullSchema = lazySchema(() => z.nullable(cardListingSchema()));

/** The element of a card's data in a hosted page (below). */
export const servedCardScript = (host: HTMLElement): Element | null => host.querySelector(':scope > script[type="application/json"][data-card-listing]');

/**
 * The card's data a hosted page wrote into it (server/site/card-data.ts: a `<script type="application/json"
 * data-card-listing>` of its light DOM), checked as the card query's answer is; null when there is none, or when it
 * does not check (the card then loads its listing by id).
 */
export function servedCardListing(host: HTMLElement): CardListing | null {
  const script = servedCardScript(host);
  if (!script?.textContent) return null;
  try {
    const checked = cardOrNullSchema.safeParse(JSON.parse(script.textContent));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

export const ListingCardQuery = /* GraphQL */ `
  query ListingCard($listingId: ID!) {
    listingInfo(listingId: $listingId, visit: false) {
      ${LISTING_CARD_FIELDS}
    }
  }
`;

export type CardState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: CardListing }
  | { status: 'missing' }
  | { status: 'failed' };

/** The card's data: as given, or loaded by id (errors are shown in the card, not toasted). */
export function useCardListing(listingId: number | null, given: CardListing | null | undefined): CardState {
  const { result } = useLoad(given || listingId === null ? null : String(listingId), () => loadCardListing(listingId!));
  if (given) return { status: 'loaded', listing: given };
  if (listingId === null) return { status: 'empty' };
  if (!result) return { status: 'loading' };
  if (!result.ok) return { status: 'failed' };
  return result.value ? { status: 'loaded', listing: result.value } : { status: 'missing' };
}

/** One listing's card; null when there is no such public listing. */
function loadCardListing(listingId: number): Promise<Result<CardListing | null>> {
  return query(ListingCardQuery, { listingId: String(listingId) }, cardOrNullSchema, { muteError: true });
}
