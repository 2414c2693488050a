/**
 * The page of a listing (spec §2: /listing/{slugId}/{listingCodeId}) and whether the visitor is on it. Pure: shared
 * by the elements that link to a listing's page and leave the link out on that very page.
 */
import { pageOf } from './dialog-paths';

type ListingRoute = { slugId: string; listingCodeId: string };

/** '/listing/{slugId}/{listingCodeId}'. */
export const listingPagePath = (listing: ListingRoute) => `/listing/${encodeURIComponent(listing.slugId)}/${encodeURIComponent(listing.listingCodeId)}`;

/**
 * True when `pathname` is the listing's page, or a dialog over it (…/request-tour, …/gallery/3): on the hosted site,
 * under <hearth-app>'s base path (/homes/listing/…), or a partner's own page of that listing ending the same way.
 */
export function isListingPage(pathname: string, listing: ListingRoute): boolean {
  const page = pageOf(pathname);
  const path = listingPagePath(listing);
  return page === path || page.endsWith(path);
}
