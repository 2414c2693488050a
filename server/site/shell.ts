/**
 * The shell of spec §2 "Shell", from the partner's context: the header (logged out: Home, Buy > Find a Home,
 * Sell > Sell Your Home when sell is enabled, Rent > Find a Rental, Find a Stay (ours, issue 35) and List My Home For
 * Rent when rentals are enabled, Blog,
 * Contact Me, Sign Up / Log In; logged in: Notifications, then the Account menu) and the footer. Menus are
 * <details> disclosures, so they open with a keyboard and without JavaScript; site/site.js adds Escape
 * (focus back on the menu's button), closing on a click elsewhere, and the phone menu button.
 */
import { brandName } from '../../core/config/brand';
import type { ResolvedAppContext } from '../../core/config/context';
import { siteTexts as t } from '../../core/i18n/site';
import { escapeHtml, type Chrome } from './html';
import { stateCode } from './us-states';

export interface ShellState {
  context: ResolvedAppContext;
  signedIn: boolean;
  /** The page's path, for aria-current. */
  path: string;
  year: number;
  /** Our own site (the default partner), whose Account menu also offers the partner console. */
  ownSite?: boolean;
}

type Link = readonly [href: string, label: string];

/** What the site calls itself: the partner's brand (core/config/brand.ts), ours on our own site. */
export const websiteName = (context: ResolvedAppContext) => brandName(context);

const isAgentApp = (context: ResolvedAppContext) => Boolean(context.agentApp || context.isAgentApp);

// The resolved context's type is narrowed by the defaults' literal `true`; a partner's context may say false.
const sellEnabled = (context: ResolvedAppContext) => (context.themeData.sellEnabled as boolean | undefined) !== false;
const rentalEnabled = (context: ResolvedAppContext) => (context.themeData.rentalEnabled as boolean | undefined) !== false;

/**
 * The Account menu (spec §2): Mortgage, Tours, Offers and Documents are hidden in the agent app. On our own
 * site it also leads to the partner console, where a signed-in person becomes a partner (a partner's own site
 * does not offer its visitors to become partners of ours).
 */
export function accountMenu(context: ResolvedAppContext, ownSite = false): Link[] {
  const agentApp = isAgentApp(context);
  const links: (Link | false)[] = [
    sellEnabled(context) && ['/account/homes', t.nav.ownerDashboard],
    !agentApp && ['/account/mortgage', t.nav.mortgage],
    !agentApp && ['/account/buying/tours', t.nav.tours],
    !agentApp && ['/account/buying/offers', t.nav.offers],
    !agentApp && ['/account/buying/documents', t.nav.documents],
    ['/account/buying/favorites', t.nav.favorites],
    ['/account/buying/saved-searches', t.nav.savedSearches],
    ['/account/buying/guide', t.nav.guide],
    ['/account/settings', t.nav.settings],
    ownSite && ['/account/partner', t.nav.partnerConsole],
    ['/log-out', t.nav.logOut],
  ];
  return links.filter((link): link is Link => Boolean(link));
}

/** The menus of the main navigation, each a heading with its links (spec §2). */
export function mainMenus(context: ResolvedAppContext): { label: string; links: Link[] }[] {
  return [
    { label: t.nav.buy, links: [['/search', t.nav.findHome]] },
    ...(sellEnabled(context) ? [{ label: t.nav.sell, links: [['/sell', t.nav.sellYourHome] as Link] }] : []),
    ...(rentalEnabled(context)
      ? [
          {
            label: t.nav.rent,
            links: [['/renting', t.nav.findRental], ['/stays', t.nav.findStay], ['/selling?for=rent', t.nav.listForRent]] as Link[],
          },
        ]
      : []),
  ];
}

const link = ([href, label]: Link, path: string, attrs = '') =>
  `<a href="${href}"${href === path ? ' aria-current="page"' : ''}${attrs}>${escapeHtml(label)}</a>`;

const menu = (label: string, links: Link[], path: string, className = 'menu') =>
  `<li class="${className}"><details data-menu><summary>${escapeHtml(label)}</summary><ul>${links.map((l) => `<li>${link(l, path)}</li>`).join('')}</ul></details></li>`;

function brand(context: ResolvedAppContext): string {
  const name = websiteName(context);
  const logo = context.partner.logo || context.appLogo;
  return `<a class="brand" href="/">${logo ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(name)}" height="32">` : escapeHtml(name)}</a>`;
}

/** Pages nobody comes back to after logging in (the log-in page itself, log-out, a reset link): no `next` from them. */
const NO_RETURN = /^\/(log-in|log-out|reset)(\/|$)/;

const signInHref = (path: string) => (NO_RETURN.test(path) ? '/log-in' : `/log-in?next=${encodeURIComponent(path)}`);

export function headerHtml({ context, signedIn, path, ownSite }: ShellState): string {
  const items = [
    `<li>${link(['/', t.nav.home], path)}</li>`,
    ...mainMenus(context).map((m) => menu(m.label, m.links, path)),
    `<li>${link(['/resources', t.nav.blog], path)}</li>`,
    `<li>${link(['/about/contact', t.nav.contactMe], path)}</li>`,
    ...(signedIn
      ? [`<li>${link(['/account/notifications', t.nav.notifications], path)}</li>`, menu(t.nav.account, accountMenu(context, ownSite), path, 'menu account-menu')]
      : [`<li><a class="button sign-in" href="${signInHref(path)}" data-sign-in>${escapeHtml(t.nav.signIn)}</a></li>`]),
  ];
  return `<header class="shell-header">${brand(context)}<button type="button" class="nav-toggle" aria-expanded="false" aria-controls="site-nav">${t.nav.menu}</button><nav id="site-nav" aria-label="Main"><ul class="nav-list">${items.join('')}</ul></nav></header>`;
}

export function footerHtml({ context, year }: ShellState): string {
  const state = context.countryFeed?.state;
  const code = state ? stateCode(state) : null;
  const links: Link[] = [
    ['/about/privacy-policy', t.footer.privacy],
    ['/about/terms-and-conditions', t.footer.terms],
    ['/about/contact', t.footer.contact],
    ['/resources', t.footer.resources],
    ...(state && code ? [[`/housing-market/${code}`, t.footer.housingMarket(state)] as Link] : []),
  ];
  const poweredBy = context.showPoweredBy && context.poweredBy ? `<p class="powered-by">${escapeHtml(context.poweredBy)}</p>` : '';
  return `<footer class="shell-footer"><nav aria-label="Footer"><ul>${links.map((l) => `<li>${link(l, '')}</li>`).join('')}</ul></nav><p class="copyright">© ${year} ${escapeHtml(websiteName(context))}</p>${poweredBy}</footer>`;
}

/** Both parts as a page's chrome asks for them. */
export function shellHtml(state: ShellState, chrome: Chrome): { header: string; footer: string } {
  return { header: chrome.header ? headerHtml(state) : '', footer: chrome.footer ? footerHtml(state) : '' };
}
