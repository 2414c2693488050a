/**
 * The account pages (spec §2 account paths). The server's login guard (guards.ts) lets only a signed-in
 * user of the session cookie reach them; the pages are written from that user's own rows (favourites,
 * saved searches, notifications) or hold the element that manages the area (profile and settings, tours,
 * offers, mortgage, homes, documents).
 */
import { siteTexts as t } from '../../core/i18n/site';
import { dialogPathOf, type DialogName } from '../../core/routing/dialog-paths';
import { favoriteListings } from '../accounts/favorites';
import { listNotifications, NOTIFICATIONS_PAGE_MAX } from '../accounts/notifications';
import { listSavedSearches } from '../accounts/saved-searches';
import { savedSearchTexts } from '../../core/i18n/search';
import type { UserRecord } from '../accounts/users';
import { escapeHtml, ID, notFoundPage, section, UUID, type PageBuilder, type SitePage, type SiteRequest } from './html';
import { listingCardHtml } from './listing-summary';

/** A page of the signed-in user's own: never indexed (it is theirs), described for their browser's history and tabs. */
const accountPage = (title: string, body: string): SitePage => ({ title, description: `${title}: your account.`, noindex: true, main: section(title, body) });

/** The signed-in user; a visitor who got here anyway (the guard sends them to /log-in) is asked to sign in. */
const withViewer =
  (build: (viewer: UserRecord, site: SiteRequest) => SitePage | Promise<SitePage>) =>
  (site: SiteRequest): SitePage | Promise<SitePage> =>
    site.viewer ? build(site.viewer, site) : accountPage('Log in', '<hearth-sign-in></hearth-sign-in>');

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

// ---------------------------------------------------------------------------------------------------
// Buying

const toursPage: PageBuilder = (segments) => {
  // /account/buying/tours, …/edit-tour/{id} (buyer) and the seller's seller-edit-tour/{id}.
  const [kind, id, ...rest] = segments;
  if (rest.length || (kind !== undefined && !((kind === 'edit-tour' || kind === 'seller-edit-tour') && id && ID.test(id)))) return notFoundPage();
  return accountPage(t.nav.tours, `<hearth-tours route-sync${id ? ` tour-id="${id}"` : ''}></hearth-tours>`);
};

const BUYING_GUIDE = [
  ['Get pre-qualified', 'Know your budget before you tour: our pre-qualification takes minutes and does not affect your credit.', '/mortgage/prequalify'],
  ['Find homes and save them', 'Search on the map, save favourites and searches, and get an email when new homes match.', '/search'],
  ['Request tours', 'Pick times that suit you; the showing agent confirms one and you get a calendar file.', '/account/buying/tours'],
  ['Make an offer', 'Tell us the price, financing, contingencies and closing date; once you submit it, it goes to the seller.', '/account/buying/offers'],
  ['Close', 'Upload your documents, sign electronically and get the keys. Up to 5k of closing costs back.', null],
] as const;

const guidePage = () =>
  accountPage(
    t.nav.guide,
    `<ol class="guide">${BUYING_GUIDE.map(
      ([title, text, href]) => `<li><h2>${href ? `<a href="${href}">${escapeHtml(title)}</a>` : escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></li>`,
    ).join('')}</ol>`,
  );

const favoritesPage = withViewer(async (viewer, site) => {
  const favorites = await favoriteListings(site.ctx.services.db, viewer.id);
  const body = favorites.length
    ? `<ul class="card-grid">${favorites.map((f) => `<li>${listingCardHtml(f.listing, site.publicOrigin)}</li>`).join('')}</ul>`
    : '<p>You have no favourites yet. Press the heart on any home to keep it here.</p><p><a class="button" href="/search">Find a Home</a></p>';
  return accountPage(t.nav.favorites, body);
});

/**
 * <hearth-saved-searches> opens, renames, sets the alerts of and deletes them; inside it (what a browser without
 * JavaScript shows) the list as the server reads it.
 */
const savedSearchesPage = withViewer(async (viewer, site) => {
  const searches = await listSavedSearches(site.ctx.services.db, viewer.id);
  const rows = searches.length
    ? `<ul class="saved-searches">${searches
        .map(
          (s) =>
            `<li><strong>${escapeHtml(s.name)}</strong> · ${escapeHtml(savedSearchTexts.alerts)}: ${escapeHtml(savedSearchTexts.frequencies[s.notificationFrequency])} · ${escapeHtml(savedSearchTexts.savedOn(dateFormat.format(s.createdAt)))}</li>`,
        )
        .join('')}</ul>`
    : `<p>${escapeHtml(savedSearchTexts.empty)}</p><p><a class="button" href="/search">${escapeHtml(savedSearchTexts.findHome)}</a></p>`;
  return accountPage(t.nav.savedSearches, `<hearth-saved-searches>${rows}</hearth-saved-searches>`);
});

const documentsPage = withViewer(() => accountPage(t.nav.documents, '<hearth-documents></hearth-documents>'));

// ---------------------------------------------------------------------------------------------------
// The user's own settings, profile and notifications

/**
 * The user's own profile and settings: <hearth-account> edits them (issue 35), the page links the other half. The
 * links come first: below the element they moved down as it loaded (a layout shift, issue 38).
 */
const settingsPage = withViewer(() =>
  accountPage(
    t.nav.settings,
    `<p class="account-links"><a href="/account/profile">Your Profile</a> · <a href="/account/notifications">${t.nav.notifications}</a> · <a href="/log-out">${t.nav.logOut}</a></p><hearth-account section="settings"></hearth-account>`,
  ),
);

const profilePage = withViewer(() =>
  accountPage('Your Profile', `<p class="account-links"><a href="/account/settings">${t.nav.settings}</a></p><hearth-account section="profile"></hearth-account>`),
);

const SAFE_LINK = /^\/(?!\/)[^\s]*$/;

const notificationsPage = withViewer(async (viewer, site) => {
  const notifications = await listNotifications(site.ctx.services.db, viewer.id, NOTIFICATIONS_PAGE_MAX);
  const body = notifications.length
    ? `<ul class="notifications">${notifications
        .map((n) => {
          const title = n.link && SAFE_LINK.test(n.link) ? `<a href="${escapeHtml(n.link)}">${escapeHtml(n.title)}</a>` : escapeHtml(n.title);
          return `<li data-state="${n.readAt ? 'read' : 'unread'}"><strong>${title}</strong> <time datetime="${n.createdAt.toISOString()}">${dateFormat.format(n.createdAt)}</time><p>${escapeHtml(n.body)}</p></li>`;
        })
        .join('')}</ul>`
    : '<p>No notifications yet. Alerts of your saved searches and news about your tours and offers appear here.</p>';
  return accountPage(t.nav.notifications, body);
});

// ---------------------------------------------------------------------------------------------------
// Selling

const homesPage = withViewer(() =>
  accountPage(t.nav.ownerDashboard, '<hearth-seller-dashboard home-detail-url="/account/home-detail/{caseId}"></hearth-seller-dashboard>'),
);

/** The dialogs over a seller case's page (spec §2 route segments): its listing's open house dialog and tour editor. */
const HOME_DETAIL_DIALOGS: readonly DialogName[] = ['seller-edit-open-house', 'seller-edit-tour'];

/** /account/home-detail/{caseId}[/seller-edit-open-house/{id | new} | /seller-edit-tour/{tourId}]: a seller case (spec §2; no footer). */
const homeDetailPage: PageBuilder = ([id, ...more]) => {
  if (!id || !ID.test(id)) return notFoundPage();
  if (more.length && dialogPathOf(['', 'account', 'home-detail', id, ...more].join('/'), HOME_DETAIL_DIALOGS)?.page !== `/account/home-detail/${id}`) return notFoundPage();
  return {
    ...accountPage('Your home', `<hearth-home-detail case-id="${id}" route-sync></hearth-home-detail><p><a href="/account/homes">${t.nav.ownerDashboard}</a></p>`),
    chrome: { footer: false },
  };
};

// ---------------------------------------------------------------------------------------------------
// /account/*

const ACCOUNT_LINKS = [
  ['/account/homes', t.nav.ownerDashboard],
  ['/account/mortgage', t.nav.mortgage],
  ['/account/buying/tours', t.nav.tours],
  ['/account/buying/offers', t.nav.offers],
  ['/account/buying/documents', t.nav.documents],
  ['/account/buying/favorites', t.nav.favorites],
  ['/account/buying/saved-searches', t.nav.savedSearches],
  ['/account/buying/guide', t.nav.guide],
  ['/account/notifications', t.nav.notifications],
  ['/account/profile', 'Your Profile'],
  ['/account/settings', t.nav.settings],
  ['/account/partner', t.nav.partnerConsole],
] as const;

const BUYING: Record<string, PageBuilder> = {
  tours: toursPage,
  offers: (more) => (more.length ? notFoundPage() : accountPage(t.nav.offers, '<hearth-offers></hearth-offers>')),
  guide: (more) => (more.length ? notFoundPage() : guidePage()),
  favorites: (more, site) => (more.length ? notFoundPage() : favoritesPage(site)),
  'saved-searches': (more, site) => (more.length ? notFoundPage() : savedSearchesPage(site)),
  documents: (more, site) => (more.length ? notFoundPage() : documentsPage(site)),
};

const ACCOUNT: Record<string, PageBuilder> = {
  buying: ([area, ...more], site) => (area !== undefined && Object.hasOwn(BUYING, area) ? BUYING[area]!(more, site) : notFoundPage()),
  /** /account/buyer-offer/{offerId}: the offers page with that offer's form open (its questionnaire continues). */
  'buyer-offer': ([id, ...more]) => (!id || !ID.test(id) || more.length ? notFoundPage() : accountPage(t.nav.offers, `<hearth-offers offer-id="${id}"></hearth-offers>`)),
  /** /account/pre-qualification-edit/{caseResponse id} (spec §2 mortgage status 'Edit Request'). */
  'pre-qualification-edit': ([id, ...more]) =>
    !id || !UUID.test(id) || more.length
      ? notFoundPage()
      : accountPage('Edit your pre-qualification', `<hearth-questionnaire response-id="${id.toLowerCase()}" mode="single"></hearth-questionnaire>`),
  /** /account/mortgage[/status/{case id}]: the status dialog is a route over the page (spec §2). */
  mortgage: (more) =>
    more.length && !(more.length === 2 && more[0] === 'status' && ID.test(more[1]!))
      ? notFoundPage()
      : accountPage(t.nav.mortgage, '<hearth-mortgage-prequal route-sync></hearth-mortgage-prequal>'),
  settings: (more, site) => (more.length ? notFoundPage() : settingsPage(site)),
  profile: (more, site) => (more.length ? notFoundPage() : profilePage(site)),
  notifications: (more, site) => (more.length ? notFoundPage() : notificationsPage(site)),
  homes: (more, site) => (more.length ? notFoundPage() : homesPage(site)),
  /** /account/partner: the partner console (issue 16): sign up as a partner, or manage the viewer's partners. */
  // The element's own heading (the partner's name) is the one a reader sees: the page's h1 is for assistive technology.
  partner: (more) =>
    more.length
      ? notFoundPage()
      : { title: t.nav.partnerConsole, noindex: true, main: `<h1 class="visually-hidden">${t.nav.partnerConsole}</h1>\n<hearth-partner-console></hearth-partner-console>` },
  'home-detail': homeDetailPage,
};

export const accountPages: PageBuilder = (segments, site) => {
  const [first, ...rest] = segments;
  if (first === undefined)
    return accountPage('Account', `<ul class="account-links">${ACCOUNT_LINKS.map(([href, label]) => `<li><a href="${href}">${escapeHtml(label)}</a></li>`).join('')}</ul>`);
  return Object.hasOwn(ACCOUNT, first) ? ACCOUNT[first]!(rest, site) : notFoundPage();
};

// ---------------------------------------------------------------------------------------------------
// Top-level pages for signed-in users

/** /briefcase: the documents of the cases a representative or company manager handles (<hearth-documents>: staff see their partner's cases). */
export const briefcasePage: PageBuilder = (segments) =>
  segments.length
    ? notFoundPage()
    : accountPage('Briefcase', '<p>The cases you represent and their documents.</p><hearth-documents></hearth-documents>');
