/**
 * The data of the hosted pages' listing cards (issue 38). Each server-written `<hearth-listing-card>` carries the
 * answer its own `ListingCard` query would give, in a `<script type="application/json">` of its light DOM
 * (core/listings/listing-card-data.ts `servedCardListing` reads it), so the card continues from the page: no
 * request per card (24 on /stays), nothing drawn twice, and no visit recorded for a listing only shown in a list
 * (`listingInfo` records one).
 *
 * One source of truth: the card's own selection (LISTING_CARD_FIELDS) executed by the API's Listing resolvers,
 * against the listings the page has already read, as a visitor of the public endpoint. A signed-in viewer's
 * hearts are put right by the page (core/favorites: the favourites of the session, one query).
 */
import { LISTING_CARD_FIELDS } from '../../core/listings/listing-card-fields';
import type { GraphqlContext } from '../graphql/context';
import { assertObjectType, execute, GraphQLSchema, parse, type DocumentNode } from '../graphql/graphql-js';
import { schema } from '../graphql/schema';
import { RequestWrites } from '../db/cancellation';
import type { PublicListing } from '../listings/search/listing';
import type { StayDatesChosen } from '../../core/stays/stay-link';
import type { SiteRequest } from './html';
import { listingCardHtml } from './listing-summary';

/** The API's Listing type as the root of a schema of its own: a selection of its fields runs against one listing. */
const listingRoot = new GraphQLSchema({ query: assertObjectType(schema.getType('Listing')) });
const cardSelection = parse(`{ ${LISTING_CARD_FIELDS} }`);

/** The public endpoint's context without a viewer, for reads the page makes itself (its cards, search-data.ts's first results). */
export function visitorContext(site: SiteRequest): GraphqlContext {
  const { services } = site.ctx;
  return {
    db: services.db,
    partner: site.partner,
    endpoint: 'public_graphql',
    viewer: null,
    payer: { key: 'site', signedIn: false },
    costLimits: services.config.graphqlCostLimits,
    signal: new AbortController().signal,
    writes: new RequestWrites(),
    authorization: null,
    // The page's own origin, as its server-written photos: the card shows the same image, not a second copy.
    publicOrigin: site.publicOrigin,
  };
}

/**
 * A selection of a Listing's fields (`{ … }`) run by the API's Listing resolvers on a listing the page has read, as a
 * visitor; null when its fields fail (the element then asks itself). Pages with many listings share one context, so
 * the resolvers' batches (open houses) read them in one query.
 */
export async function listingSelection(
  site: SiteRequest,
  listing: PublicListing,
  document: DocumentNode,
  contextValue: GraphqlContext = visitorContext(site),
): Promise<Record<string, unknown> | null> {
  const result = await execute({ schema: listingRoot, document, rootValue: listing, contextValue });
  if (result.errors?.length || !result.data) {
    site.ctx.services.logger.warn(`[site] the data of listing ${listing.id}: ${result.errors?.[0]?.message ?? 'no data'}`);
    return null;
  }
  return result.data;
}

/** Each listing's card data (by listing id), as the `ListingCard` query would answer it; a listing whose fields fail is left out (its card loads itself). */
async function cardData(site: SiteRequest, listings: readonly PublicListing[]): Promise<Map<number, Record<string, unknown>>> {
  const contextValue = visitorContext(site);
  const results = await Promise.all(listings.map((listing) => listingSelection(site, listing, cardSelection, contextValue)));
  const data = new Map<number, Record<string, unknown>>();
  results.forEach((result, i) => result && data.set(listings[i]!.id, result));
  return data;
}

/**
 * JSON as the text of a `<script type="application/json">`: `<` written `\u003c`, so no `</script>` or `<!--`
 * in the data can end the element; U+2028 and U+2029 escaped too. JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The cards of a list of listings, each with its data (listing-summary.ts listingCardHtml); the first one's photo first. */
export async function listingCardsHtml(site: SiteRequest, listings: readonly PublicListing[], dates?: StayDatesChosen): Promise<string[]> {
  const data = await cardData(site, listings);
  return listings.map((listing, i) => {
    const answer = data.get(listing.id);
    return listingCardHtml(listing, site.publicOrigin, dates, answer ? scriptJson(answer) : undefined, i === 0);
  });
}
