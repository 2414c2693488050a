/**
 * @summary The place search box: type a city, ZIP, address or neighbourhood and pick a suggestion, or use
 * 'Current location'. Suggestions are restricted to the partner's countries (default US and Nepal): Google's
 * places dropdown when the partner config holds a maps key, else our own place search (no key needed).
 * @tag hearth-search-box
 * @attr {string} search-page - A URL to go to with the chosen place (`?location=…&lat=…&lng=…`); without it the box only emits `hearth-search-changed`.
 * @attr {string} value - Text to start with.
 * @attr {string} label - The accessible label (default 'Search by City, ZIP, or Address').
 * @event {SearchChangedDetail} hearth-search-changed - A place was chosen; `detail` = `{ description, lat, lng, kind, placeId, location }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed.
 * @csspart base - The box.
 * @csspart field - The input with its icon and clear button.
 * @csspart input - The text input.
 * @csspart clear - The clear (×) button.
 * @csspart options - The suggestion list.
 * @csspart option - Each suggestion; 'Current location' (first on an empty box, after the places found once something is typed, absent on a device without location) is also `current-location`.
 * @csspart no-match - 'No matching places' under the box (in the page's flow, the list closed) when typed text finds no place.
 * @csspart error - The geolocation message.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - The focus ring and the highlighted suggestion.
 * @cssproperty --hearth-color-surface - Background.
 * @cssproperty --hearth-radius - Corner radius.
 */
import { stringAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { startAnalytics } from '../../core/analytics/start';
import css from './search-box.css?inline';
import fieldCss from './search-field.css?inline';
import { SearchBox } from './search-box.view';

export const searchBoxAttributes = {
  searchPage: stringAttr('', 2048),
  value: stringAttr('', 200),
  label: stringAttr('', 200),
};

defineElement({ tag: 'hearth-search-box', attributes: searchBoxAttributes, styles: [css, fieldCss], view: SearchBox });
startAnalytics();

export interface HearthSearchBoxElement extends HTMLElement, ElementProperties<typeof searchBoxAttributes> {}
