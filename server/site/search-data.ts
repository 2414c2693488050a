/**
 * The first results of the hosted search pages (issue 38: `/search`'s largest paint). The page runs the search
 * its `<hearth-search-map>` is about to ask for and writes the answer into the element (a `<script
 * type="application/json" data-search-page>` of its light DOM, read by core/search/api.ts `servedSearchPage`), and
 * preloads the first result's photo: the element's first results need no request, and their first photo is on its
 * way while the element's code loads.
 *
 * One source of truth: the element's own first search (where it starts, `initialSearch`, the URL's search read by
 * `fromQueryString`, `listingLoadVariables`) and its own query (`SearchListingsQuery`), executed by the API's
 * schema as a visitor of the public endpoint. The element uses the answer only when its variables are the ones it
 * asks with, so a page and an element that disagree cost a request, never a wrong result. A signed-in visitor's
 * page carries none (their hearts are their own).
 */
import { STOCK_PHOTO } from '../../core/config/context';
import { SearchListingsQuery, type ServedSearch } from '../../core/search/api';
import { DEFAULT_PAGE_SIZE, initialSearch, listingLoadVariables, startClassification, startLocation, type SearchView } from '../../core/search/search-model';
import { fromQueryString } from '../../core/search/url-sync';
import { CARD_PHOTO_SIZES } from '../../core/listings/listing-card-fields';
import { execute, parse } from '../graphql/graphql-js';
import { schema } from '../graphql/schema';
import { escapeHtml, type SiteRequest } from './html';
import { scriptJson, visitorContext } from './card-data';

const searchDocument = parse(SearchListingsQuery);

interface FirstPhoto {
  photoUri: string | null;
  photoSrcset?: string | null;
}

export interface ServedSearchHtml {
  /**
   * Inside the element: the data block, and the first result's picture where its card will be, which a phone shows
   * until the element draws the card (site.css; the element's status shows it in its `first-photo` slot): the page's
   * largest paint no longer waits for the element's code.
   */
  data: string;
  /** The first result's picture preloaded, for the page's `<head>` ('' when nothing was found). */
  preload: string;
}

/**
 * The first results of a `<hearth-search-map url-sync>` with no `location` or `page-size` (the hosted pages'), in
 * `view`, for sale; null for a signed-in visitor, or when the search fails (the element then asks itself).
 */
export async function servedSearchHtml(site: SiteRequest, view: SearchView): Promise<ServedSearchHtml | null> {
  if (site.viewer) return null;
  const initial = initialSearch(startLocation('', site.context.partner.defaultSearchLocation), view, startClassification('sale'));
  const variables = listingLoadVariables(fromQueryString(site.ctx.url.search, initial), DEFAULT_PAGE_SIZE);
  const result = await execute({ schema, document: searchDocument, variableValues: variables, contextValue: visitorContext(site) });
  const listingLoad = (result.data as { listingLoad?: { edges: { node: FirstPhoto }[] } } | null | undefined)?.listingLoad;
  if (result.errors?.length || !listingLoad) {
    site.ctx.services.logger.warn(`[site] the search page's first results: ${result.errors?.[0]?.message ?? 'no data'}`);
    return null;
  }
  const served: ServedSearch = { variables, listingLoad };
  const first = listingLoad.edges[0]?.node;
  const picture = first ? firstPicture(first, site) : null;
  const set = (names: [string, string]) => (picture?.srcset ? ` ${names[0]}="${escapeHtml(picture.srcset)}" ${names[1]}="${CARD_PHOTO_SIZES}"` : '');
  return {
    data:
      `<script type="application/json" data-search-page>${scriptJson(served)}</script>` +
      (picture ? `<img class="search-first-photo" slot="first-photo" src="${escapeHtml(picture.src)}"${set(['srcset', 'sizes'])} alt="" width="400" height="260">` : ''),
    preload: picture ? `<link rel="preload" as="image" href="${escapeHtml(picture.src)}"${set(['imagesrcset', 'imagesizes'])} fetchpriority="high">` : '',
  };
}

/**
 * The first card's picture as the card asks for it (the same URL, `srcset` and `sizes`: one download for the page's
 * picture, its preload and the card): its photo, else the build's stock picture (the hosted pages' loader is this
 * server's `/cdn/v1/`, whose assets are the current version's: core/config/context.ts assetUrl).
 */
function firstPicture(photo: FirstPhoto, site: SiteRequest): { src: string; srcset: string | null } {
  if (!photo.photoUri) return { src: `/cdn/v${site.ctx.services.config.cdnVersion}/assets/${STOCK_PHOTO}`, srcset: null };
  return { src: photo.photoUri, srcset: photo.photoSrcset ?? null };
}
