/**
 * /housing-market/{state} (spec §2: housing-market takes a state; the footer's '{state} Housing Market'
 * link): the state's market figures with the search for that state. The content is in the HTML without
 * JavaScript — the housingSentences summary and a table of each section's latest month, written inside
 * <hearth-market-metrics> as its light-DOM fallback (the element's shadow root replaces it once it runs) —
 * with title, description, canonical URL and schema.org JSON-LD (Dataset, BreadcrumbList).
 */
import { marketTexts as mt } from '../../core/i18n/market';
import { siteTexts as t } from '../../core/i18n/site';
import { formatMonth, formatSectionValue, formatYoy } from '../../core/market/sections';
import { busiestCity, marketMetrics, type MarketMetric } from '../listings/metrics/market-metrics';
import { housingSentences } from '../listings/metrics/sentences';
import { escapeHtml, notFoundPage, type PageBuilder } from './html';
import { websiteName } from './shell';
import { stateCode, US_STATES } from './us-states';

const latestPoint = (metric: MarketMetric) => metric.aggregateData.findLast((p) => p.value !== null) ?? null;

/** The latest month of every section with data, as a table (th scope for both headers). */
function latestTable(metrics: MarketMetric[], name: string): string {
  const rows = metrics
    .map((metric) => ({ metric, point: latestPoint(metric) }))
    .filter((row) => row.point !== null)
    .map(({ metric, point }) => {
      const value = formatSectionValue(metric.housingMarketSectionType, point!.value, metric.currencyCode);
      return `<tr><th scope="row">${escapeHtml(metric.label)}</th><td>${escapeHtml(value)}</td><td>${escapeHtml(formatMonth(point!.date, { long: true }))}</td><td>${escapeHtml(formatYoy(point!).text)}</td></tr>`;
    });
  if (rows.length === 0) return `<p>${escapeHtml(mt.empty(name))}</p>`;
  return `<table class="market-latest"><caption>${escapeHtml(`Latest market figures for ${name}`)}</caption>
<thead><tr><th scope="col">Measure</th><th scope="col">${mt.value}</th><th scope="col">${mt.month}</th><th scope="col">${mt.yoy}</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>`;
}

/** The search route's spelling of a place: 'New Mexico' → 'New-Mexico,-USA' (the state place's description). */
const searchLocation = (place: string) => `${place}, USA`.replace(/ /g, '-');

/**
 * /housing-market/{state}: a state by postal code (UT) or name (Utah). The search beside the figures covers the
 * whole state (the place search's 'state' places); a state without public listings keeps the partner's default.
 */
export const housingMarketPage: PageBuilder = async ([state, ...rest], site) => {
  const code = state ? stateCode(state) : null;
  if (!code || rest.length) return notFoundPage();
  const name = US_STATES[code]!;
  const db = site.ctx.services.db;
  const [{ metrics }, sentences, city] = await Promise.all([marketMetrics(db, code), housingSentences(db, code), busiestCity(db, code)]);
  const canonical = `${site.publicOrigin}/housing-market/${code}`;
  const heading = t.footer.housingMarket(name);
  const months = metrics.flatMap((m) => m.aggregateData.filter((p) => p.value !== null).map((p) => p.date.slice(0, 7))).sort();
  const summary = sentences.length
    ? `<h2>${mt.summaryHeading}</h2><ul class="market-sentences">${sentences.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`
    : '';
  const dataset = {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: heading,
    description: `Monthly median list and sold prices, homes for sale, new listings, days on market, price per square foot, sale-to-list ratio and price drops in ${name}.`,
    url: canonical,
    isAccessibleForFree: true,
    creator: { '@type': 'Organization', name: websiteName(site.context), url: site.publicOrigin },
    spatialCoverage: { '@type': 'State', name, address: { '@type': 'PostalAddress', addressRegion: code, addressCountry: 'US' } },
    ...(months.length ? { temporalCoverage: `${months[0]}/${months.at(-1)}` } : {}),
    variableMeasured: metrics.map((m) => m.label),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: websiteName(site.context), item: `${site.publicOrigin}/` },
      { '@type': 'ListItem', position: 2, name: heading, item: canonical },
    ],
  };
  return {
    title: heading,
    description: sentences[0] ?? `Prices, inventory and days on market of homes in ${name}.`,
    canonical,
    jsonLd: [dataset, breadcrumbs],
    main: `<section class="housing-market" aria-labelledby="market-title">
<h1 id="market-title">${escapeHtml(heading)}</h1>
<p>How the ${escapeHtml(name)} housing market moves: median prices, homes for sale and how long they take to sell, month by month from our listings.</p>
<hearth-market-metrics state="${escapeHtml(name)}">${summary}
${latestTable(metrics, name)}</hearth-market-metrics>
</section>
<section class="housing-market-homes" aria-labelledby="market-homes">
<h2 id="market-homes">${escapeHtml(mt.homesFor(name))}</h2>
<hearth-search-map${city ? ` location="${escapeHtml(searchLocation(name))}"` : ''}></hearth-search-map>
</section>`,
  };
};
