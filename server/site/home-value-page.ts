/**
 * /home-value (issue 36): "What is my home worth" on the hosted site, linked from /sell. The page composes
 * <hearth-home-value>, the element partners embed; `?listing-id=` (one of our listings: its facts fill what the
 * owner leaves empty, and while it is for sale its list price weighs in) and `?address=` start it on a home.
 * Without JavaScript the page still says what the estimate is and how it is made.
 */
import { siteTexts as t } from '../../core/i18n/site';
import { valuationTexts as vt } from '../../core/i18n/valuation';
import { MAX_COMPARABLES, RANGE_PROBABILITY } from '../valuation/comparables';
import { escapeHtml, exactPage, type PageBuilder } from './html';

const LISTING_ID = /^[1-9]\d{0,15}$/;
/** As <hearth-home-value>'s address attribute takes it. */
const MAX_ADDRESS = 200;

export const homeValuePage: PageBuilder = exactPage((site) => {
  const params = site.ctx.url.searchParams;
  const listingId = params.get('listing-id') ?? '';
  const address = (params.get('address') ?? '').trim().slice(0, MAX_ADDRESS);
  const attributes = [
    LISTING_ID.test(listingId) ? ` listing-id="${listingId}"` : '',
    address ? ` address="${escapeHtml(address)}"` : '',
  ].join('');
  const share = `${Math.round(RANGE_PROBABILITY * 10)} in 10`;
  return {
    title: t.homeValue.title,
    description: t.homeValue.description,
    canonical: `${site.publicOrigin}/home-value`,
    main: `<section class="home-value-page" aria-labelledby="home-value-title">
<h1 id="home-value-title">${escapeHtml(t.homeValue.title)}</h1>
<p>${escapeHtml(t.homeValue.intro)}</p>
<hearth-home-value${attributes}><p>${escapeHtml(vt.intro)}</p>
<p>${escapeHtml(`We compare up to ${MAX_COMPARABLES} recent sales of homes like yours nearby, adjust each to your home and to today, and give a range that ${share} homes like yours sell within. A home for sale leans on its own list price.`)}</p></hearth-home-value>
<p class="cta"><a class="button" href="/sell">${escapeHtml(t.homeValue.sell)}</a></p>
</section>`,
  };
});
