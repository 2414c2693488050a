import { describe, expect, it } from 'vitest';
import { resolveContext } from '../../core/config/context';
import { siteTexts as t } from '../../core/i18n/site';
import { agentAppAccountMenu, memberAccountMenu, ownSiteAccountMenu } from '../testing/account-menu';
import { accountMenu, footerHtml, headerHtml, mainMenus, type ShellState } from './shell';

const state = (context: Parameters<typeof resolveContext>[0] = {}, signedIn = false): ShellState => ({
  context: resolveContext(context),
  signedIn,
  path: '/buy',
  year: 2026,
});

/** Link texts in order, tags dropped. */
const texts = (html: string) => [...html.matchAll(/<(?:a|summary)\b[^>]*>([^<]*)</g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('header, logged out (spec §2 Shell)', () => {
  it('Home; Buy > Find a Home; Sell > Sell Your Home; Rent > Find a Rental, Find a Stay, List My Home For Rent; Blog; Contact Me; Sign Up / Log In', () => {
    expect(texts(headerHtml(state()))).toEqual([
      'Hearth',
      t.nav.home,
      t.nav.buy,
      t.nav.findHome,
      t.nav.sell,
      t.nav.sellYourHome,
      t.nav.rent,
      t.nav.findRental,
      t.nav.findStay,
      t.nav.listForRent,
      t.nav.blog,
      t.nav.contactMe,
      'Sign Up / Log In',
    ]);
  });

  it("the Rent menu finds rentals (/renting) and stays (/stays); 'List My Home For Rent' starts a rental listing", () => {
    const rent = mainMenus(resolveContext({})).find((m) => m.label === t.nav.rent)!;
    expect(rent.links).toEqual([
      ['/renting', t.nav.findRental],
      ['/stays', t.nav.findStay],
      ['/selling?for=rent', t.nav.listForRent],
    ]);
  });

  it('drops Sell without sell and Rent without rentals', () => {
    expect(mainMenus(resolveContext({ themeData: { sellEnabled: false } })).map((m) => m.label)).toEqual([t.nav.buy, t.nav.rent]);
    expect(mainMenus(resolveContext({ themeData: { rentalEnabled: false } })).map((m) => m.label)).toEqual([t.nav.buy, t.nav.sell]);
  });

  it('the sign-in link keeps the page to come back to', () => {
    expect(headerHtml(state())).toContain('href="/log-in?next=%2Fbuy" data-sign-in');
  });

  it('the sign-in link on the log-in, log-out and reset pages brings nobody back to them', () => {
    for (const path of ['/log-in', '/log-out', '/reset/abc']) {
      expect(headerHtml({ ...state(), path })).toContain('href="/log-in" data-sign-in');
    }
    expect(headerHtml({ ...state(), path: '/log-inside' })).toContain('href="/log-in?next=%2Flog-inside" data-sign-in');
  });

  it("shows the partner's logo with its website name", () => {
    expect(headerHtml(state({ partner: { logo: 'https://cdn.example/logo.svg' }, websiteName: 'Acme Homes' }))).toContain(
      '<a class="brand" href="/"><img src="https://cdn.example/logo.svg" alt="Acme Homes" height="32"></a>',
    );
  });
});

describe('header, logged in', () => {
  it('Notifications, then the Account menu, and no sign-in', () => {
    const html = headerHtml(state({}, true));
    expect(texts(html).slice(-12)).toEqual([t.nav.notifications, t.nav.account, ...memberAccountMenu]);
    expect(html).not.toContain(t.nav.signIn);
  });

  it("our own site's Account menu leads to the partner console (becoming a partner); a partner's site does not", () => {
    expect(texts(headerHtml({ ...state({}, true), ownSite: true })).slice(-13)).toEqual([t.nav.notifications, t.nav.account, ...ownSiteAccountMenu]);
    expect(accountMenu(resolveContext({}), true)).toContainEqual(['/account/partner', t.nav.partnerConsole]);
    expect(accountMenu(resolveContext({}), false).map(([href]) => href)).not.toContain('/account/partner');
  });

  it('Owner Dashboard only when sell is enabled', () => {
    expect(accountMenu(resolveContext({ themeData: { sellEnabled: false } })).map(([, label]) => label)).not.toContain(t.nav.ownerDashboard);
  });

  it('the agent app hides Mortgage, Your Tours, Your Offers and Your Documents', () => {
    expect(accountMenu(resolveContext({ agentApp: true })).map(([, label]) => label)).toEqual(agentAppAccountMenu);
  });
});

describe('footer', () => {
  it('Privacy Policy, Terms & Conditions, Contact, Resource Center, the state housing market, the copyright line', () => {
    const html = footerHtml(state());
    expect(texts(html)).toEqual([t.footer.privacy, t.footer.terms, t.footer.contact, t.footer.resources, 'Utah Housing Market']);
    expect(html).toContain('href="/housing-market/UT"');
    expect(html).toContain('<p class="copyright">© 2026 Hearth</p>');
    expect(html).not.toContain('powered-by');
  });

  it('no housing market link without a country feed; the powered-by line in white-label mode', () => {
    const html = footerHtml(state({ countryFeed: null, websiteName: 'Acme Homes', showPoweredBy: true, poweredBy: 'Powered by Hearth' }));
    expect(html).not.toContain('Housing Market');
    expect(html).toContain('© 2026 Acme Homes');
    expect(html).toContain('<p class="powered-by">Powered by Hearth</p>');
  });
});
