/**
 * A public listing as server-written HTML: what a search engine or a browser without JavaScript reads
 * (price, address, facts, photos). It sits as light DOM inside the listing element, which renders its
 * shadow root instead once it upgrades (our elements have no slots, so the light DOM is not shown then).
 * Only PublicListing values reach here: hidden listings are never read and a withheld street is null.
 */
import { isGuestCount, stayDatesQuery, type StayDatesChosen } from '../../core/stays/stay-link';
import { formatAddress } from '../../core/format/address';
import { listingDetailTexts } from '../../core/i18n/listing-detail';
import { listingTexts } from '../../core/i18n/listing';
import { factsLine } from '../../core/format/listing-facts';
import { formatMoney } from '../../core/format/money';
import { pricePeriod } from '../../core/listings/price-period';
import { publicUrl } from '../http/public-url';
import type { PublicListing } from '../listings/search/listing';
import { escapeHtml } from './html';

/** The page of a listing (spec §2 /listing/{slugId}/{listingCodeId}). */
export const listingPath = (listing: Pick<PublicListing, 'slugId' | 'listingCodeId'>) =>
  `/listing/${encodeURIComponent(listing.slugId)}/${encodeURIComponent(listing.listingCodeId)}`;

export const listingPrice = (listing: PublicListing) =>
  `${formatMoney(listing.priceInPennies, listing.priceCurrencyCode)}${pricePeriod({ classification: listing.classification.toUpperCase(), priceLabel: listing.priceLabel })}`;

export const listingAddress = (listing: PublicListing) => formatAddress(listing.address);

export const listingFacts = (listing: PublicListing) =>
  factsLine({ bedrooms: listing.bedrooms, bathrooms: listing.bathrooms, area: listing.area, areaUnit: listing.areaUnit });

export const listingPhotos = (listing: PublicListing, publicOrigin: string) =>
  listing.photos.map((photo) => ({ url: publicUrl(photo.photoUrl, publicOrigin), description: photo.description }));

/** How many photos the server-written summary shows (the element's gallery shows them all). */
const SUMMARY_PHOTOS = 6;

/** Plain text as HTML with its line breaks kept (escaped line by line, joined with <br>). */
const linesHtml = (text: string) => text.split('\n').map(escapeHtml).join('<br>');

/** The full summary of a listing page: heading, price, facts, address, overview, photos and driving directions. */
export function listingSummaryHtml(listing: PublicListing, publicOrigin: string): string {
  const address = listingAddress(listing);
  const facts = listingFacts(listing);
  const overview = (listing.overrideListingOverview && listing.showcaseOverview) || listing.overview;
  const photos = listingPhotos(listing, publicOrigin)
    .slice(0, SUMMARY_PHOTOS)
    .map((photo, i) => `<li><img src="${escapeHtml(photo.url)}" alt="${escapeHtml(photo.description || `Photo ${i + 1} of ${address}`)}" width="640" height="427" loading="${i ? 'lazy' : 'eager'}"></li>`)
    .join('');
  return `<article class="listing-summary">
<h1>${escapeHtml(listing.title || address)}</h1>
<p class="price">${escapeHtml(listingPrice(listing))}</p>
${facts ? `<p class="facts">${escapeHtml(facts)}</p>\n` : ''}<p class="address">${escapeHtml(address)}</p>
${photos ? `<ul class="photos">${photos}</ul>\n` : ''}${overview ? `<p class="overview">${escapeHtml(overview)}</p>\n` : ''}${
    listing.drivingDirections
      ? `<section class="driving-directions"><h2>${escapeHtml(listingDetailTexts.drivingDirections)}</h2><p>${linesHtml(listing.drivingDirections)}</p></section>\n`
      : ''
  }</article>`;
}

/**
 * A listing's card for lists (home page, favourites, stays), linking to the listing page; a stay found for dates
 * links to its page with them (core/stays/stay-link.ts), before and after the element takes over. `data`, the
 * card's data as its query would answer (card-data.ts), goes with it for the element to continue from. The `first`
 * card of a page's list is its largest paint: its photo is fetched at once, first (the others when near the screen).
 */
export function listingCardHtml(listing: PublicListing, publicOrigin: string, dates?: StayDatesChosen, data?: string, first = false): string {
  const address = listingAddress(listing);
  const facts = listingFacts(listing);
  const photo = listingPhotos(listing, publicOrigin)[0];
  const query = dates && listing.classification === 'stay' ? stayDatesQuery(dates) : '';
  const dateAttrs = query
    ? `${dates!.checkIn && dates!.checkOut ? ` check-in="${dates!.checkIn}" check-out="${dates!.checkOut}"` : ''}${isGuestCount(dates!.guests) ? ` guests="${dates!.guests}"` : ''}`
    : '';
  // The element's card (elements/listing-card): a 400 × 260 photo, then price, facts, address and the brokerage's
  // attribution, in the same boxes (site.css), so the element takes over without moving anything (issue 38).
  const served = data ? `<script type="application/json" data-card-listing>${data}</script>` : '';
  return `<hearth-listing-card listing-id="${listing.id}"${dateAttrs}>${served}<article class="listing-summary card">
${photo ? `<img src="${escapeHtml(photo.url)}" alt="" width="400" height="260" ${first ? 'fetchpriority="high"' : 'loading="lazy"'}>\n` : ''}<div class="card-body"><p class="price">${escapeHtml(listingPrice(listing))}</p>
${facts ? `<p class="facts">${escapeHtml(facts)}</p>\n` : ''}<h3 class="address"><a href="${listingPath(listing)}${query}">${escapeHtml(address)}</a></h3>
${listing.listOfficeName ? `<p class="attribution">${escapeHtml(listingTexts.courtesyOf(listing.listOfficeName))}</p>\n` : ''}</div></article></hearth-listing-card>`;
}
