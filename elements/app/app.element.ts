/**
 * @summary The whole marketplace in one element: the hosted site's pages — home, search, listings, buy, sell,
 * rent, stays, mortgage, resources, housing markets, about, log-in, the account pages — with its header
 * menus and footer in the partner's branding, routed in place under a base path of the partner's own site
 * (`/homes/search`, `/homes/listing/…`). Links open in place, back and forward work, a route guard's
 * redirect is followed (sign-in first for account pages), and each page's elements load as it is shown.
 * The partner's web server answers every path under the base with the page holding the element.
 * @tag hearth-app
 * @attr {string} base - The path of the partner's site the app owns, e.g. `/homes` (default `/`: the whole site).
 * @attr {boolean} contained - The app keeps its route to itself: it opens on the home page, and its links and dialogs change what it shows, never the page's URL, history or title (a preview of the site inside another page, like the element gallery).
 * @event {PageChangedDetail} hearth-page-changed - A page was shown; `detail` = `{ path, title, status }` (`path` the site path, e.g. `/search?location=provo-ut`; `status` 404 for the not-found page).
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole app; `data-state` is `loading`, `ready`, `failed` or `redirect-loop`.
 * @csspart main - The page's content (the shell's header and footer are around it).
 * @csspart progress - The bar shown while the next page loads.
 * @csspart loading - The text shown before the first page.
 * @csspart error - The message when a page could not be loaded, with its button.
 * @cssproperty --hearth-font-family - Font of the pages.
 * @cssproperty --hearth-color-primary - The loading bar.
 */
import { booleanAttr, type AttributeSpec } from '../../core/define-element/attributes';
import { isValidBase, normalizeBase } from '../../core/app/app-path';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { startAnalytics } from '../../core/analytics/start';
import uiCss from '../../core/ui/ui.css?inline';
import siteCss from '../../site/site.css?inline';
import css from './app.css?inline';
import { SiteApp } from './app.view';

/** A path of the partner's site: letters, digits, - _ . ~ and slashes. */
function baseAttr(): AttributeSpec<string> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return { ok: true, value: '' };
      return isValidBase(raw)
        ? { ok: true, value: normalizeBase(raw) }
        : { ok: false, value: '', message: 'must be a path of this site, like "/homes"' };
    },
  };
}

/**
 * The site's sheet, its `main` rules on the app's `.site-main` instead: inside a partner's page the app's
 * content is not a second main landmark.
 */
export const scopeSiteMain = (css: string) => css.replace(/(^|[\s,>}])main(?=\s*[{:,])/gm, '$1.site-main');

export const appAttributes = {
  base: baseAttr(),
  contained: booleanAttr(),
};

defineElement<typeof appAttributes>({
  tag: 'hearth-app',
  attributes: appAttributes,
  styles: [uiCss, scopeSiteMain(siteCss), css],
  view: SiteApp,
});
startAnalytics();

export interface HearthAppElement extends HTMLElement, ElementProperties<typeof appAttributes> {}
