/**
 * @summary A region's housing market: the summary sentences of its latest month, then one card per market
 * section (median list and sold price, active inventory, new listings, median days on market, price per
 * square foot, sale-to-list ratio, price drops) with the latest value, its year-over-year change (▲/▼ in
 * words), a line chart of up to 36 months — arrow keys, Home and End move between months and a tooltip
 * shows month, value and change, as does pointing at the chart — and a 'Show table' toggle with the same
 * numbers as a table. The figures are precomputed monthly from our listings and their status history.
 * @tag hearth-market-metrics
 * @attr {string} region - A city ('Salt Lake City') or ZIP ('84111'); with `state`, the city in that state. One of `region` and `state` is required.
 * @attr {string} state - A state code ('UT') or name ('Utah'); alone, the whole state.
 * @attr {string} property-type - Only listings of this property type (e.g. 'Residential', 'Condominium'); every type when absent.
 * @attr {'MEDIAN_LIST_PRICE' | 'MEDIAN_SOLD_PRICE' | 'ACTIVE_INVENTORY' | 'NEW_LISTINGS' | 'MEDIAN_DAYS_ON_MARKET' | 'PRICE_PER_SQUARE_FOOT' | 'SALE_TO_LIST_RATIO' | 'PRICE_DROPS'} section - One section only; every section when absent.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed or neither `region` nor `state` was set; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element; `data-state` is `loading`, `failed`, `empty`, `ready` or `missing`.
 * @csspart heading - The '{region} housing market' heading.
 * @csspart skeleton - The placeholder shown while loading.
 * @csspart sentences - The summary sentences.
 * @csspart cards - The grid of section cards.
 * @csspart metric - One section's card; `data-section` is its section type.
 * @csspart label - The section's label.
 * @csspart description - The section's description.
 * @csspart latest - The latest value, its change and its month.
 * @csspart value - The latest value.
 * @csspart yoy - The year-over-year change; `data-direction` is `up`, `down`, `flat` or `none`.
 * @csspart chart - The chart (an SVG with role img and a summary, and a focusable point per month).
 * @csspart chart-axis - The axis ticks and grid lines.
 * @csspart chart-line - The line of the series.
 * @csspart chart-point - A month's point (a button reached with the arrow keys).
 * @csspart tooltip - The month, value and change of the focused or pointed-at month.
 * @csspart table-toggle - The 'Show table' / 'Hide table' button.
 * @csspart table - The table of every month (caption, month, value, change).
 * @csspart empty - The 'No market data for …' text, or a section without data.
 * @csspart message - The loading-failed or missing-region message.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - The chart line and points.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Descriptions and axis labels.
 * @cssproperty --hearth-color-surface - Card and tooltip background.
 * @cssproperty --hearth-color-surface-alt - Skeleton and table stripes.
 * @cssproperty --hearth-color-border - Card borders and grid lines.
 * @cssproperty --hearth-color-success - A rise.
 * @cssproperty --hearth-color-error - A fall and errors.
 * @cssproperty --hearth-color-focus - The focus ring of a month's point.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { stringAttr, type AttributeSpec } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { MARKET_SECTIONS, type MarketSection } from '../../core/market/sections';
import uiCss from '../../core/ui/ui.css?inline';
import css from './market-metrics.css?inline';
import { MarketMetrics } from './market-metrics.view';

/** One of the sections (any case); absent → every section. */
function sectionAttr(): AttributeSpec<MarketSection | null> {
  return {
    type: MARKET_SECTIONS.map((s) => `'${s}'`).join(' | '),
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return { ok: true, value: null };
      const value = raw.trim().toUpperCase();
      return (MARKET_SECTIONS as readonly string[]).includes(value)
        ? { ok: true, value: value as MarketSection }
        : { ok: false, value: null, message: `must be one of ${MARKET_SECTIONS.map((s) => `"${s}"`).join(', ')}` };
    },
  };
}

/** A state code or name: letters, spaces, dots and hyphens. */
function stateAttr(): AttributeSpec<string> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return { ok: true, value: '' };
      return /^[A-Za-z][A-Za-z .'-]{1,39}$/.test(raw.trim())
        ? { ok: true, value: raw.trim() }
        : { ok: false, value: '', message: "must be a state code or name, like \"UT\" or \"Utah\"" };
    },
  };
}

export const marketMetricsAttributes = {
  region: stringAttr('', 100),
  state: stateAttr(),
  propertyType: stringAttr('', 100),
  section: sectionAttr(),
};

defineElement<typeof marketMetricsAttributes>({
  tag: 'hearth-market-metrics',
  attributes: marketMetricsAttributes,
  styles: [uiCss, css],
  view: MarketMetrics,
});

export interface HearthMarketMetricsElement extends HTMLElement, ElementProperties<typeof marketMetricsAttributes> {}
