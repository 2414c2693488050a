/**
 * @summary The signed-in viewer's saved searches (spec §2 /account/buying/saved-searches, §3 Saved search): each with
 * its name, where it looks and its filters, when it was saved and how often new homes are emailed. Open shows it on
 * the search map with its area and filters; the email alerts change (as homes appear, daily, weekly or off) at once;
 * Rename changes its name; Delete removes it after a confirm step. A change that fails says why on its row and
 * changes nothing. Signed out, it asks the visitor to sign in.
 * @tag hearth-saved-searches
 * @attr {string} search-url - The page Open goes to, with the search in its query string (a page with `<hearth-search-map url-sync>`): an http(s) or relative URL. Default: the hosted site's /search.
 * @event {SavedSearchChangedDetail} hearth-saved-search-changed - A saved search was renamed, its alerts changed, or it was deleted; `detail` = `{ savedSearchId, change: 'renamed' | 'alerts' | 'deleted', name, notificationFrequency }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element; `data-state` is `loading`, `signed-out`, `failed`, `empty` or `loaded`.
 * @csspart heading - The heading.
 * @csspart message - Loading, empty, error and sign-in messages.
 * @csspart sign-in - The sign-in button shown when signed out.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart find-home - The 'Find a Home' link shown when there are none.
 * @csspart list - The list of saved searches.
 * @csspart saved-search - Each saved search (`data-search-id`; `data-alerts` its frequency).
 * @csspart name - Its name.
 * @csspart open - 'Open': the search page with its area and filters.
 * @csspart summary - Where it looks and its filters.
 * @csspart saved-on - When it was saved.
 * @csspart alerts - Its email alerts select.
 * @csspart rename - 'Rename'.
 * @csspart rename-form - The name field with Save and Cancel.
 * @csspart delete - 'Delete' (a confirm step follows).
 * @csspart row-error - Why a change of that row failed (nothing was changed).
 * @csspart confirm-dialog - The confirm step of Delete.
 * @csspart status - What the last change did (read out by screen readers).
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons and links.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text.
 * @cssproperty --hearth-color-surface - Row background.
 * @cssproperty --hearth-color-border - Row borders.
 * @cssproperty --hearth-color-error - Errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { urlAttr } from '../../core/define-element/more-attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './saved-searches.css?inline';
import { SavedSearches } from './saved-searches.view';

export type { SavedSearchChangedDetail } from '../../core/search/use-saved-searches';

export const savedSearchesAttributes = {
  searchUrl: urlAttr(),
};

defineElement<typeof savedSearchesAttributes>({
  tag: 'hearth-saved-searches',
  attributes: savedSearchesAttributes,
  styles: [uiCss, css],
  view: SavedSearches,
});

export interface HearthSavedSearchesElement extends HTMLElement, ElementProperties<typeof savedSearchesAttributes> {}
