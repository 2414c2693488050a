/**
 * /listing/{slugId}/{listingCodeId}[/gallery/{index}] (spec §2): the listing elements, with the listing's
 * price, address, facts and photos written by the server inside <hearth-listing-detail> (what a crawler
 * or a browser without JavaScript reads), and the page's title, description, canonical URL, Open Graph
 * tags and schema.org JSON-LD (RealEstateListing with its offer and address, BreadcrumbList).
 */
import { isCalendarDate } from '../../core/stays/stay-rules';
import { guestsParam } from '../../core/stays/stay-link';
import { formatMoney } from '../../core/format/money';
import { siteTexts as t } from '../../core/i18n/site';
import { findPublicListingBySlug, type PublicListing } from '../listings/search/listing';
import { dialogPathOf, type DialogName } from '../../core/routing/dialog-paths';
import { escapeHtml, notFoundPage, SLUG, type PageBuilder, type SiteRequest } from './html';
import { listingAddress, listingFacts, listingPath, listingPhotos, listingPrice, listingSummaryHtml } from './listing-summary';
import { DETAIL_FIELDS, type ServedDetail } from '../../core/listings/listing-detail-data';
import { parse } from '../graphql/graphql-js';
import { recordVisit } from '../listings/search/visits';
import { listingSelection, scriptJson } from './card-data';

const detailSelection = parse(`{ ${DETAIL_FIELDS} }`);

/**
 * The listing as the element's own query (ListingDetailBySlug) answers it, written into the element for a visitor
 * (issue 38): the element continues from the page's summary with no request, and the page view is the listing's
 * visit the query would have counted. None for a signed-in visitor (their hearts are their own): the element asks.
 */
async function servedDetailHtml(site: SiteRequest, listing: PublicListing, key: ServedDetail['key']): Promise<string> {
  if (site.viewer) return '';
  const data = await listingSelection(site, listing, detailSelection);
  if (!data) return '';
  recordVisit(site.ctx.services.db, listing.id);
  return `<script type="application/json" data-listing-detail>${scriptJson({ key, listing: data } satisfies ServedDetail)}</script>`;
}

const DESCRIPTION_MAX = 300;

/** The search page around a listing's city: 'Salt Lake City', 'UT' → /search?location=Salt-Lake-City,-UT,-USA. */
const citySearchPath = (listing: PublicListing) =>
  `/search?location=${encodeURIComponent(`${listing.address.city}, ${listing.address.stateProvince}, ${listing.countryCode === 'US' ? 'USA' : listing.countryCode}`.replace(/ /g, '-'))}`;

export function listingDescription(listing: PublicListing): string {
  const overview = (listing.overrideListingOverview && listing.showcaseOverview) || listing.overview || '';
  const text = [listingPrice(listing), listingFacts(listing), listingAddress(listing)].filter(Boolean).join(' · ') + (overview ? `. ${overview}` : '');
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;
}

/** schema.org objects of a listing page. A withheld street stays out, and so do its coordinates. */
export function listingJsonLd(listing: PublicListing, publicOrigin: string): object[] {
  const url = `${publicOrigin}${listingPath(listing)}`;
  const address = listingAddress(listing);
  const photos = listingPhotos(listing, publicOrigin).map((p) => p.url);
  const place = {
    '@type': 'Accommodation',
    name: address,
    address: {
      '@type': 'PostalAddress',
      ...(listing.address.streetLine1 ? { streetAddress: listing.address.streetLine1 } : {}),
      addressLocality: listing.address.city,
      addressRegion: listing.address.stateProvince,
      postalCode: listing.address.postalCode,
      addressCountry: listing.countryCode,
    },
    ...(listing.address.streetLine1 && listing.latitude != null && listing.longitude != null
      ? { geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude } }
      : {}),
    ...(listing.bedrooms != null ? { numberOfBedrooms: listing.bedrooms } : {}),
    ...(listing.bathrooms != null ? { numberOfBathroomsTotal: listing.bathrooms } : {}),
    ...(listing.areaSqFt != null ? { floorSize: { '@type': 'QuantitativeValue', value: listing.areaSqFt, unitCode: 'FTK' } } : {}),
    ...(listing.yearBuilt != null ? { yearBuilt: listing.yearBuilt } : {}),
  };
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: listing.title || address,
      url,
      description: listingDescription(listing),
      ...(listing.listDate ? { datePosted: listing.listDate } : {}),
      ...(photos.length ? { image: photos } : {}),
      about: place,
      offers: {
        '@type': 'Offer',
        price: listing.priceInPennies / 100,
        priceCurrency: listing.priceCurrencyCode,
        availability: listing.sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
        url,
        itemOffered: place,
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${publicOrigin}/` },
        { '@type': 'ListItem', position: 2, name: `${listing.address.city}, ${listing.address.stateProvince}`, item: `${publicOrigin}${citySearchPath(listing)}` },
        { '@type': 'ListItem', position: 3, name: address, item: url },
      ],
    },
  ];
}

const LISTING_DIALOGS: readonly DialogName[] = ['request-tour', 'make-offer', 'gallery', 'showcase', 'seller-edit-open-house'];

/** /listing/{slugId}/{listingCodeId}[/gallery/{index} | /showcase/{tab} | /request-tour | /make-offer | /seller-edit-open-house/{id}]: the page, with a dialog open over it. */
export const listingPage: PageBuilder = async ([slugId, listingCodeId, dialog, index, ...rest], site) => {
  if (!slugId || !listingCodeId || !SLUG.test(slugId) || !SLUG.test(listingCodeId) || rest.length) return notFoundPage();
  // The dialogs over the page (spec §2): core/routing/dialog-paths.ts says which segments each has.
  const route = dialog === undefined ? null : dialogPathOf(['', 'listing', slugId, listingCodeId, dialog, ...(index === undefined ? [] : [index])].join('/'), LISTING_DIALOGS);
  if (dialog !== undefined && (!route || route.page !== `/listing/${slugId}/${listingCodeId}`)) return notFoundPage();
  const galleryRoute = route?.dialog === 'gallery';
  const listing = await findPublicListingBySlug(site.ctx.services.db, slugId, listingCodeId);
  if (!listing) return notFoundPage();
  const id = String(listing.id);
  const gallery = galleryRoute
    ? ` photo-index="${index}" open-dialog="gallery"`
    : route?.dialog === 'showcase'
      ? ` open-dialog="showcase" showcase-tab="${route.param}"`
      : '';
  const photo = listingPhotos(listing, site.publicOrigin)[0];
  // A stay opened from a stay search: its calendar opens with the dates searched (the element checks them).
  const params = site.ctx.url.searchParams;
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  const guests = guestsParam(params);
  const stayDates =
    listing.classification !== 'stay'
      ? ''
      : `${isCalendarDate(checkIn) && isCalendarDate(checkOut) ? ` check-in="${checkIn}" check-out="${checkOut}"` : ''}${guests ? ` guests="${guests}"` : ''}`;
  const served = await servedDetailHtml(site, listing, { slugId, listingCodeId });
  return {
    title: `${listing.title || listingAddress(listing)} · ${formatMoney(listing.priceInPennies, listing.priceCurrencyCode)}`,
    description: listingDescription(listing),
    canonical: `${site.publicOrigin}${listingPath(listing)}`,
    ...(photo ? { image: photo.url } : {}),
    jsonLd: listingJsonLd(listing, site.publicOrigin),
    // One 'Request a Tour' and one 'Make an Offer' a screen: the side panel's (sticky beside the listing; on a phone a
    // bar along the bottom, site.css), so the listing's own are left out (external-actions). Offers are for homes
    // for sale; a stay is booked on its own calendar, inside the listing, so it has no side panel.
    main: `<div class="listing-page">
<hearth-listing-detail slug-id="${escapeHtml(slugId)}" listing-code-id="${escapeHtml(listingCodeId)}" route-sync owns-page external-actions${gallery}${stayDates}>${listingSummaryHtml(listing, site.publicOrigin)}${served}</hearth-listing-detail>
${listing.classification === 'stay' ? '' : sidePanel(id, listing.classification === 'sale')}</div>`,
  };
};

/** The listing page's side panel: a tour, an offer when the home is for sale, the open houses. */
const sidePanel = (id: string, offers: boolean) => `<aside class="listing-side" aria-label="${t.listingSide}">
<div class="listing-actions">
<hearth-request-tour listing-id="${id}" route-sync></hearth-request-tour>
${offers ? `<hearth-make-offer listing-id="${id}" route-sync offer-url="/account/buyer-offer/{offerId}"></hearth-make-offer>
` : ''}</div>
<hearth-open-houses listing-id="${id}" route-sync></hearth-open-houses>
</aside>
`;
