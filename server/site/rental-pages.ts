/**
 * The hosted site's rentals and stays (spec §2 routes renting, rent, stays; issue 18): /renting and /rent
 * are the search in rental classification, with the rental filters; /stays lists the stays as cards with
 * their nightly price, server-written so the page reads without JavaScript. A stay's own page
 * (/listing/…) shows its availability calendar.
 */
import { siteTexts as t } from '../../core/i18n/site';
import { publicStays } from '../stays/stays';
import { escapeHtml, notFoundPage, section, type PageBuilder } from './html';
import { listingCardHtml } from './listing-summary';
import { websiteName } from './shell';

/** How many stays /stays lists. */
const STAYS_SHOWN = 24;

export const rentingPage: PageBuilder = (segments, site) => {
  if (segments.length) return notFoundPage();
  const heading = 'Homes for rent';
  const intro = `Find a home to rent, or list yours for rent with ${websiteName(site.context)}.`;
  return {
    title: heading,
    description: intro,
    canonical: `${site.publicOrigin}${site.ctx.url.pathname.replace(/\/+$/, '')}`,
    main: section(
      heading,
      `<p>${escapeHtml(intro)}</p>\n<p class="cta"><a class="button" href="/selling?for=rent">${t.nav.listForRent}</a></p>\n<hearth-search-map for="rent" url-sync></hearth-search-map>`,
    ),
  };
};

export const staysPage: PageBuilder = async (segments, site) => {
  if (segments.length) return notFoundPage();
  const heading = 'Stays';
  const intro = 'Short stays in homes near you, by the night.';
  const stays = await publicStays(site.ctx.services.db, STAYS_SHOWN);
  const cards = stays.length
    ? `<ul class="card-grid">${stays.map((stay) => `<li>${listingCardHtml(stay, site.publicOrigin)}</li>`).join('\n')}</ul>`
    : '<p>No stays are open for booking right now.</p>';
  return {
    title: heading,
    description: intro,
    canonical: `${site.publicOrigin}/stays`,
    main: section(heading, `<p>${escapeHtml(intro)}</p>\n${cards}`),
  };
};
