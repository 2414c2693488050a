/**
 * The hosted site's rentals and stays (spec §2 routes renting, rent, stays; issue 18): /renting and /rent
 * are the search in rental classification, with the rental filters; /stays lists the stays as cards with
 * their nightly price, server-written so the page reads without JavaScript. A stay's own page
 * (/listing/…) shows its availability calendar.
 */
import { siteTexts as t } from '../../core/i18n/site';

const st = t.stays;
import { isCalendarDate, nightsBetween, todayIn } from '../../core/stays/stay-rules';
import { contextCountries } from '../graphql/schema/places';
import { resolvePlace } from '../listings/places/place-search';
import type { PlaceFilter } from '../listings/search/filters';
import { MAX_STAY_NIGHTS } from '../listings/search/filters';
import { loadListings } from '../listings/search/listing-load';
import { stayRegion } from '../stays/stays';
import { escapeHtml, notFoundPage, section, type PageBuilder } from './html';
import { listingCardsHtml } from './card-data';
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

/** What the /stays form asked for, checked: the values as typed (kept in the form) and what the search uses. */
export interface StaySearchAsked {
  where: string;
  checkIn: string;
  checkOut: string;
  guests: number | null;
  /** Both dates, valid and in order: the search keeps to stays bookable for them. */
  dates: { checkIn: string; checkOut: string } | null;
  /** Why the dates were not used, in the guest's words. */
  problem: string | null;
}

/** Reads ?where=&checkIn=&checkOut=&guests= (the form's own URL); a bad value is kept in the form and named, never used. */
export function staySearchAsked(params: URLSearchParams, today: string): StaySearchAsked {
  const where = (params.get('where') ?? '').trim().slice(0, 200);
  const checkIn = (params.get('checkIn') ?? '').trim().slice(0, 10);
  const checkOut = (params.get('checkOut') ?? '').trim().slice(0, 10);
  const count = Number(params.get('guests'));
  const guests = Number.isInteger(count) && count >= 1 && count <= st.maxGuests ? count : null;
  const asked = { where, checkIn, checkOut, guests };
  if (!checkIn && !checkOut) return { ...asked, dates: null, problem: null };
  const problem =
    !checkIn || !checkOut
      ? st.bothDates
      : !isCalendarDate(checkIn) || !isCalendarDate(checkOut)
        ? st.badDate
        : checkIn < today
          ? st.pastCheckIn
          : nightsBetween(checkIn, checkOut) < 1 || nightsBetween(checkIn, checkOut) > MAX_STAY_NIGHTS
            ? st.nights(MAX_STAY_NIGHTS)
            : null;
  return { ...asked, dates: problem ? null : { checkIn, checkOut }, problem };
}

function staySearchForm(asked: StaySearchAsked, today: string): string {
  const field = (name: string, label: string, input: string) => `<label class="stay-field stay-${name}"><span>${escapeHtml(label)}</span>${input}</label>`;
  const guestOptions = [`<option value="">${escapeHtml(st.guests)}</option>`]
    .concat(
      Array.from({ length: st.maxGuests }, (_, i) => i + 1).map(
        (n) => `<option value="${n}"${asked.guests === n ? ' selected' : ''}>${escapeHtml(st.guestCount(n))}</option>`,
      ),
    )
    .join('');
  return `<form class="stay-search" action="/stays" method="get" role="search" aria-label="${escapeHtml(st.searchLabel)}">
${field('where', st.where, `<input type="search" name="where" value="${escapeHtml(asked.where)}" placeholder="${escapeHtml(st.wherePlaceholder)}" maxlength="200" autocomplete="off">`)}
${field('check-in', st.checkIn, `<input type="date" name="checkIn" value="${escapeHtml(asked.checkIn)}" min="${today}"${asked.problem ? ' aria-invalid="true" aria-describedby="stay-search-problem"' : ''}>`)}
${field('check-out', st.checkOut, `<input type="date" name="checkOut" value="${escapeHtml(asked.checkOut)}" min="${today}"${asked.problem ? ' aria-invalid="true" aria-describedby="stay-search-problem"' : ''}>`)}
${field('guests', st.guests, `<select name="guests">${guestOptions}</select>`)}
<button class="button" type="submit">${escapeHtml(st.search)}</button>
</form>${asked.problem ? `\n<p class="form-problem" id="stay-search-problem" role="alert">${escapeHtml(asked.problem)}</p>` : ''}`;
}

/**
 * /stays: a search of stays by place, dates and guests (issue 35, renters), server-written so it works
 * without JavaScript and its URL keeps the search. Stays bookable for the dates (server/listings/search's
 * stay conditions, as stayLoad), in the place searched or else the partner's country (stayRegion). Each
 * card links to the stay's page with the dates, where its calendar opens with them chosen.
 */
export const staysPage: PageBuilder = async (segments, site) => {
  if (segments.length) return notFoundPage();
  const db = site.ctx.services.db;
  const today = todayIn(undefined);
  const asked = staySearchAsked(site.ctx.url.searchParams, today);
  const place: PlaceFilter | null = asked.where ? ((await resolvePlace(db, asked.where, contextCountries(site.context))) ?? null) : null;
  const searched = Boolean(asked.where || asked.dates || asked.guests);
  let body: string;
  if (asked.where && !place) {
    body = `<p class="stay-results" role="status">${escapeHtml(st.noPlace(asked.where))}</p>`;
  } else {
    const stay = asked.dates ? { ...asked.dates, guests: asked.guests } : null;
    const result = await loadListings(db, {
      first: STAYS_SHOWN,
      filter: {
        classification: 'stay',
        place,
        stay,
        // Guests without dates: the stays that sleep that many.
        guests: stay ? null : asked.guests,
        countries: stayRegion(site.context, { place }),
      },
    });
    const stays = result.edges.map((e) => e.node);
    // The cards link to each stay with the dates and guests searched (core/stays/stay-link.ts).
    const dates = { checkIn: asked.dates?.checkIn ?? null, checkOut: asked.dates?.checkOut ?? null, guests: asked.guests };
    body = stays.length
      ? `<h2 class="stay-results">${escapeHtml(st.found(result.totalCount, stays.length))}</h2>\n<ul class="card-grid">${(await listingCardsHtml(site, stays, dates)).map((card) => `<li>${card}</li>`).join('\n')}</ul>`
      : `<p class="stay-results" role="status">${escapeHtml(searched ? st.noneForSearch : st.none)}</p>`;
  }
  const query = site.ctx.url.search;
  return {
    title: st.title,
    description: st.intro,
    canonical: `${site.publicOrigin}/stays`,
    ...(query ? { noindex: true } : {}),
    main: section(st.title, `<p>${escapeHtml(st.intro)}</p>\n${staySearchForm(asked, today)}\n${body}`),
  };
};
