/**
 * <hearth-market-metrics>: a region's housing market (spec §3 Market metric, §7 marketMetrics and
 * housingSentences). The summary sentences, then one card per section: label, description, the latest
 * value and its year-over-year change, a hand-drawn SVG line chart whose months are reached with the arrow
 * keys (and by pointer) with a tooltip, and a 'Show table' toggle giving the same numbers as a table.
 * `MarketMetricsView` only renders what it is given; `MarketMetrics` connects it to use-market-metrics.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import type { HearthErrorDetail } from '../../core/define-element/events';
import { marketTexts as t } from '../../core/i18n/market';
import { chartLayout, nearestPoint, stepPoint } from '../../core/market/chart';
import type { MarketMetric } from '../../core/market/market-api';
import { formatMonth, formatSectionValue, formatYoy, MARKET_SECTIONS, SECTION_UNITS, type MarketSection } from '../../core/market/sections';
import { hasData, regionNameOf, useMarketMetrics, type MarketState } from '../../core/market/use-market-metrics';
import { Button } from '../../core/ui/button';
import { AlertPanel, RetryAlert } from '../../core/ui/status-panel';
import { TableHead } from '../../core/ui/table-head';
import { useInTurns } from '../../core/ui/use-in-turns';

// ---- chart ----

const pointText = (metric: MarketMetric, index: number) => {
  const p = metric.aggregateData[index]!;
  return t.pointLabel(
    formatMonth(p.date, { long: true }),
    formatSectionValue(metric.housingMarketSectionType, p.value, metric.currencyCode),
    formatYoy(p).text,
  );
};

/** The chart's text alternative: range, extremes and latest value. */
export function chartSummary(metric: MarketMetric, region: string): string {
  const present = metric.aggregateData.filter((p) => p.value !== null);
  if (present.length === 0) return t.chartEmpty(metric.label, region);
  const format = (v: number | null) => formatSectionValue(metric.housingMarketSectionType, v, metric.currencyCode);
  const values = present.map((p) => p.value!);
  return t.chartSummary(
    metric.label,
    region,
    formatMonth(metric.aggregateData[0]!.date, { long: true }),
    formatMonth(metric.aggregateData.at(-1)!.date, { long: true }),
    format(Math.min(...values)),
    format(Math.max(...values)),
    format(present.at(-1)!.value),
  );
}

function Chart({ metric, region }: { metric: MarketMetric; region: string }) {
  const values = metric.aggregateData.map((p) => p.value);
  const unit = SECTION_UNITS[metric.housingMarketSectionType];
  const layout = chartLayout(values, { integer: unit === 'count' || unit === 'days' });
  const [focused, setFocused] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [current, setCurrent] = useState(() => stepPoint(values, 0, 'last'));
  const points = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const shown = hovered ?? focused;
  const section = metric.housingMarketSectionType;

  const move = (index: number) => {
    setCurrent(index);
    setFocused(index);
    points.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, Home: 'first', End: 'last' } as const;
    const direction = step[event.key as keyof typeof step];
    if (direction === undefined) {
      if (event.key === 'Escape') setFocused(null);
      return;
    }
    event.preventDefault();
    const next = stepPoint(values, current, direction);
    if (next >= 0) move(next);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    setHovered(nearestPoint(layout.points, ((event.clientX - box.left) / box.width) * layout.width));
  };
  const percent = (n: number, of: number) => `${((n / of) * 100).toFixed(2)}%`;
  const tip = shown === null ? null : layout.points[shown];

  return (
    <div className="chart" part="chart" onPointerMove={onPointerMove} onPointerLeave={() => setHovered(null)}>
      <svg className="chart-svg" role="img" aria-label={chartSummary(metric, region)} viewBox={`0 0 ${layout.width} ${layout.height}`} focusable="false">
        <g className="chart-grid" part="chart-axis">
          {layout.yTicks.map((tick) => (
            <g key={tick.value}>
              <line x1={layout.plot.left} x2={layout.plot.right} y1={tick.y} y2={tick.y} />
              <text x={layout.plot.left - 6} y={tick.y} dy="0.32em" textAnchor="end">
                {formatSectionValue(section, tick.value, metric.currencyCode, { short: true })}
              </text>
            </g>
          ))}
          {layout.xTicks.map((tick) => (
            <text key={tick.index} x={tick.x} y={layout.height - 8} textAnchor="middle">
              {formatMonth(metric.aggregateData[tick.index]!.date)}
            </text>
          ))}
        </g>
        <path className="chart-line" part="chart-line" d={layout.path} />
        {layout.points.map((p) =>
          p.y === null ? null : <circle key={p.index} className="chart-marker" data-active={p.index === shown || undefined} cx={p.x} cy={p.y} r={p.index === shown ? 5 : 3} />,
        )}
      </svg>
      <p id={helpId} className="visually-hidden">
        {t.chartHelp}
      </p>
      <div className="chart-points" ref={points} role="group" aria-label={metric.label} aria-describedby={helpId} onKeyDown={onKeyDown}>
        {layout.points.map((p) =>
          p.y === null ? null : (
            <button
              key={p.index}
              type="button"
              className="chart-point"
              part="chart-point"
              data-index={p.index}
              tabIndex={p.index === current ? 0 : -1}
              aria-label={pointText(metric, p.index)}
              style={{ left: percent(p.x, layout.width), top: percent(p.y, layout.height) }}
              onFocus={() => {
                setCurrent(p.index);
                setFocused(p.index);
              }}
              onBlur={() => setFocused(null)}
              onClick={() => move(p.index)}
            />
          ),
        )}
      </div>
      {tip && tip.y !== null && (
        <div
          className="chart-tooltip"
          part="tooltip"
          aria-hidden="true"
          data-side={tip.x > layout.width / 2 ? 'left' : 'right'}
          style={{ left: percent(tip.x, layout.width), top: percent(tip.y, layout.height) }}
        >
          <strong>{formatMonth(metric.aggregateData[tip.index]!.date, { long: true })}</strong>
          <span>{formatSectionValue(section, metric.aggregateData[tip.index]!.value, metric.currencyCode)}</span>
          <span>{formatYoy(metric.aggregateData[tip.index]!).text}</span>
        </div>
      )}
    </div>
  );
}

// ---- card ----

function MetricTable({ metric, region, id }: { metric: MarketMetric; region: string; id: string }) {
  return (
    <table className="metric-table" part="table" id={id}>
      <caption>{t.tableCaption(metric.label, region)}</caption>
      <TableHead columns={[t.month, t.value, t.yoy]} />
      <tbody>
        {metric.aggregateData.map((p) => (
          <tr key={p.id}>
            <th scope="row">{formatMonth(p.date)}</th>
            <td>{formatSectionValue(metric.housingMarketSectionType, p.value, metric.currencyCode)}</td>
            <td>{formatYoy(p).text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MetricCard({ metric, region }: { metric: MarketMetric; region: string }) {
  const [table, setTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const latest = metric.aggregateData.findLast((p) => p.value !== null) ?? null;
  const yoy = formatYoy(latest ?? { yoy: null });
  return (
    <article className="metric" part="metric" data-section={metric.housingMarketSectionType} aria-labelledby={headingId}>
      <h3 className="metric-label" part="label" id={headingId}>
        {metric.label}
      </h3>
      <p className="metric-description" part="description">
        {metric.description}
      </p>
      {latest && (
        <p className="metric-latest" part="latest">
          <span className="metric-value" part="value">
            {formatSectionValue(metric.housingMarketSectionType, latest.value, metric.currencyCode)}
          </span>{' '}
          <span className="metric-yoy" part="yoy" data-direction={yoy.direction}>
            {yoy.text}
          </span>{' '}
          <span className="metric-month">{t.latest(formatMonth(latest.date, { long: true }))}</span>
        </p>
      )}
      {hasData(metric) ? <Chart metric={metric} region={region} /> : <p part="empty">{t.chartEmpty(metric.label, region)}</p>}
      <Button tone="secondary" className="table-toggle" part="table-toggle" aria-expanded={table} aria-controls={tableId} onClick={() => setTable((open) => !open)}>
        {table ? t.hideTable : t.showTable}
      </Button>
      {table ? <MetricTable metric={metric} region={region} id={tableId} /> : <div id={tableId} hidden />}
    </article>
  );
}

/** The two cards of a first screen at once, then a card a task, each in its skeleton's place until drawn. */
function MetricCards({ metrics, region }: { metrics: readonly MarketMetric[]; region: string }) {
  const drawn = useInTurns(metrics.length, 2);
  return (
    <div className="market-cards" part="cards">
      {metrics.map((metric, i) =>
        i < drawn ? <MetricCard key={metric.housingMarketSectionType} metric={metric} region={region} /> : <div key={metric.housingMarketSectionType} className="skeleton-card" aria-hidden="true" />,
      )}
    </div>
  );
}

// ---- view ----

export interface MarketMetricsViewProps {
  /** The region as shown: 'Salt Lake City, UT', a ZIP or a state. Null when neither attribute was set. */
  region: string | null;
  state: MarketState;
  onRetry: () => void;
  /** How many cards the loading state shows: one when a section is chosen, else every section. */
  skeletonCards?: number;
}

export function MarketMetricsView({ region, state, onRetry, skeletonCards = MARKET_SECTIONS.length }: MarketMetricsViewProps) {
  if (region === null) return <AlertPanel block="market" state="missing" message={t.missingRegion} />;
  return (
    // A div, not a labelled section: a page that names the region in its own landmark (the housing-market
    // page) or embeds two of these gets no duplicate landmark.
    <div className="market" part="base" data-state={state.status} aria-busy={state.status === 'loading' || undefined}>
      <h2 className="market-heading" part="heading">
        {t.heading(region)}
      </h2>
      {state.status === 'loading' && (
        <div className="market-skeleton" part="skeleton">
          <p className="visually-hidden" role="status">
            {t.loading}
          </p>
          {/* The final layout's size (issue 38): the summary's lines, then a card for each section that will show. */}
          <div className="skeleton-sentences">
            <div className="skeleton-line" />
            <div className="skeleton-line" />
            <div className="skeleton-line short" />
          </div>
          <div className="market-cards">
            {Array.from({ length: skeletonCards }, (_, i) => (
              <div key={i} className="skeleton-card" />
            ))}
          </div>
        </div>
      )}
      {state.status === 'failed' && <RetryAlert className="market-message" part="message" message={state.message ?? t.failed} retry={t.retry} onRetry={onRetry} />}
      {state.status === 'empty' && (
        <p className="market-message" part="empty" role="status">
          {t.empty(region)}
        </p>
      )}
      {state.status === 'ready' && (
        <>
          {state.sentences.length > 0 && (
            <ul className="market-sentences" part="sentences" aria-label={t.summaryHeading}>
              {state.sentences.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          )}
          <MetricCards metrics={state.metrics} region={region} />
        </>
      )}
    </div>
  );
}

// ---- connected ----

export interface MarketMetricsProps {
  region: string;
  state: string;
  propertyType: string;
  section: MarketSection | null;
  element: ElementHandle;
}

export function MarketMetrics({ region, state, propertyType, section, element }: MarketMetricsProps) {
  const regionName = regionNameOf({ region, state });
  const { state: data, reload } = useMarketMetrics({ region, state, propertyType, section });
  useEffect(() => {
    if (regionName === null) element.emit<HearthErrorDetail>('error', { tag: element.tag, kind: 'attribute', attribute: 'region', value: '', message: t.missingRegion });
  }, [regionName, element]);
  return <MarketMetricsView region={regionName} state={data} onRetry={reload} skeletonCards={section ? 1 : MARKET_SECTIONS.length} />;
}
