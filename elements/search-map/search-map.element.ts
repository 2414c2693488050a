/**
 * @summary Map search and gallery of homes (spec §2 search and gallery routes): a toolbar with the place
 * search, filters (price, beds, baths, home type, sale or rent, more: area, year built, open house, new
 * listings), sort and 'Save this search'; the results 25 per page with numbered pages; and a map panel
 * with a pin per result (clusters when there are many), zoom and pan by buttons and arrow keys,
 * 'Search this area' and draw-a-shape search ('Draw', 'Finish', 'Clear shape'). With a partner maps key the map is Google's; without one, a keyless map panel
 * drawing the basemap tiles of our API's tile route (`/tiles/{z}/{x}/{y}.png`) with their credit line, over a grid that shows
 * wherever tiles cannot be had. Rents and stays show their period on their pins ('$1,450/mo', '$189/night'); a listing is
 * either its own pin or in a cluster, and pins that would cover each other merge into a cluster (or, at the deepest zoom,
 * stack). The results list is the accessible equivalent of the map. Narrower than 640px (a phone, or a narrow column) the
 * search is laid out for one hand: the results first, the filters behind a 'Filters' button in a sheet whose apply button
 * counts what they find ('Show 123 homes'), and a 'Map' / 'List' button showing one pane at a time, each kept where it was
 * left; the keyless map pans with a finger and zooms with two. A search further down a page starts (asks for its results and
 * draws them) as the visitor scrolls to within 600 px of it, keeping its place meanwhile (its base's `data-state` is `waiting`).
 * @tag hearth-search-map
 * @attr {string} location - The place to search, as the search route writes it, e.g. `Salt-Lake-City,-UT,-USA` (default: the partner's `defaultSearchLocation`).
 * @attr {'map' | 'gallery'} view - Map and list side by side, or a gallery of cards without the map (default `map`).
 * @attr {boolean} url-sync - Keep the search in the page's query string (history.pushState), so back/forward and shared links restore it.
 * @attr {number} page-size - Results per page, 1 to 100 (default 25).
 * @attr {'sale' | 'rent' | 'any'} for - Start the search in this classification: homes for sale (the default, as a visitor who looks for a home expects), rentals (`rent`, which also offers the rental filters), or both (`any`). With `url-sync`, the query string's own `for` wins.
 * @event {SearchChangedDetail} hearth-search-changed - The search changed; `detail` = the search model `{ location, bounds, filters, sort, page, after, view }`.
 * @event {ListingSelectedDetail} hearth-listing-selected - A result was opened (from its card, or by activating its pin on the map); `detail` = `{ listingId, slugId, listingCodeId }`.
 * @event {FavoriteChangedDetail} hearth-favorite-changed - A card's heart was toggled.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed.
 * @csspart base - The whole search (`data-layout="wide|compact"`, `data-pane="list|map"`: the pane shown in the compact layout).
 * @csspart toolbar - The place search, filters, sort, view and save buttons.
 * @csspart more - The 'More' filters disclosure.
 * @csspart filters-button - The compact layout's 'Filters' button (with the number of filters set).
 * @csspart filters-sheet - The Filters sheet (a modal dialog): every filter, 'Reset filters' and the apply button.
 * @csspart apply-filters - The sheet's apply button, counting what the chosen filters find, e.g. 'Show 123 homes' (`data-state="counting|ready|failed"`).
 * @csspart pane-toggle - The compact layout's 'Map' / 'List' button.
 * @csspart save-search - The 'Save this search' button.
 * @csspart results - The results column.
 * @csspart total - The number of homes.
 * @csspart list - The list of result cards.
 * @csspart result - Each result (`data-state="highlighted"` while its pin is hovered or focused).
 * @csspart skeleton - The placeholder cards while loading.
 * @csspart empty - The 'No homes match' message.
 * @csspart error - The error message with its retry button.
 * @csspart pager - The numbered pages.
 * @csspart map - The map panel.
 * @csspart map-plane - The area the markers are drawn on (`data-basemap="off|probing|ready|unavailable"`: whether tiles are drawn).
 * @csspart tiles - The basemap's tile images, under the markers.
 * @csspart attribution - The basemap's credit line (e.g. '© OpenStreetMap contributors', linked), while tiles are drawn.
 * @csspart map-controls - The zoom and pan buttons.
 * @csspart pin - Each result's pin (also `pin-highlighted`).
 * @csspart dot - A match that is not on the current page.
 * @csspart cluster - A group of homes; activating it zooms in (`data-state="highlighted"` while it holds the hovered result).
 * @csspart search-this-area - The 'Search this area' button.
 * @csspart draw-controls - Draw-a-shape: 'Draw', then the point count, 'Finish' (from 3 points), 'Undo point' and 'Cancel'; 'Clear shape' after a shape search.
 * @csspart draw - The 'Draw' button: clicks on the map (or Enter at the crosshair) add the corners of a search area (at most 200).
 * @csspart finish-shape - The 'Finish' button: searches inside the drawn shape.
 * @csspart clear-shape - The 'Clear shape' button: back to searching the area in view.
 * @csspart shape - The drawn shape (an SVG overlay).
 * @csspart crosshair - The point Enter adds while drawing (the centre of the map).
 * @csspart save-search-dialog - The 'Save this search' dialog.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Pins, buttons and the current page.
 * @cssproperty --hearth-color-surface - Backgrounds.
 * @cssproperty --hearth-color-surface-alt - The map plane.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-map-height - The least height of the map and the results beside it (default 640px); a height set on the element is filled as well.
 * @slot first-photo - Shown while the search starts, until its first results are drawn: the hosted search page puts the first result's photo here (`<img slot="first-photo">`), where its card will be.
 */
import { booleanAttr, enumAttr, stringAttr } from '../../core/define-element/attributes';
import { numberAttr } from '../../core/define-element/more-attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { startAnalytics } from '../../core/analytics/start';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../core/search/search-model';
import uiCss from '../../core/ui/ui.css?inline';
import tileLayerCss from '../../core/maps/tile-layer.css?inline';
import css from './search-map.css?inline';
import { SearchMap } from './search-map.view';

export const searchMapAttributes = {
  location: stringAttr('', 200),
  view: enumAttr(['map', 'gallery'] as const, 'map'),
  urlSync: booleanAttr(),
  pageSize: numberAttr(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
  for: enumAttr(['sale', 'rent', 'any'] as const, 'sale'),
};

defineElement({ tag: 'hearth-search-map', attributes: searchMapAttributes, styles: [uiCss, tileLayerCss, css], view: SearchMap });
startAnalytics();

export interface HearthSearchMapElement extends HTMLElement, ElementProperties<typeof searchMapAttributes> {}
