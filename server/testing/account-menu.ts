/** What the site's Account menu lists, in order: the expectation of the shell's unit test and of its browser spec. */
import { siteTexts as t } from '../../core/i18n/site';

/** The Account menu of a signed-in member on a partner's site with sell enabled. */
export const memberAccountMenu = [
  t.nav.ownerDashboard,
  t.nav.mortgage,
  t.nav.tours,
  t.nav.offers,
  t.nav.documents,
  t.nav.favorites,
  t.nav.savedSearches,
  t.nav.guide,
  t.nav.settings,
  t.nav.logOut,
];

const hiddenInAgentApp: readonly string[] = [t.nav.mortgage, t.nav.tours, t.nav.offers, t.nav.documents];
/** The agent app's Account menu: the member's without Mortgage, Your Tours, Your Offers and Your Documents. */
export const agentAppAccountMenu = memberAccountMenu.filter((label) => !hiddenInAgentApp.includes(label));

/** On our own site (the default partner) the menu also leads to the partner console, before Log Out. */
export const ownSiteAccountMenu = [...memberAccountMenu.slice(0, -1), t.nav.partnerConsole, t.nav.logOut];
