// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ElementHandle } from '../../core/define-element/define-element';
import { marketTexts as t } from '../../core/i18n/market';
import * as api from '../../core/market/market-api';
import type { MarketMetric } from '../../core/market/market-api';
import { parseAttributes } from '../../core/define-element/attributes';
import { testRoot } from '../../core/testing/react-root';
import { marketMetricsAttributes } from './market-metrics.element';
import { chartSummary, MarketMetrics, MarketMetricsView } from './market-metrics.view';

vi.mock('../../core/market/market-api', () => ({ loadMarketMetrics: vi.fn(), loadHousingSentences: vi.fn() }));

const sold: MarketMetric = {
  label: 'Median sold price',
  description: 'Median price of the homes sold in the month.',
  housingMarketSectionType: 'MEDIAN_SOLD_PRICE',
  propertyType: null,
  currencyCode: 'USD',
  aggregateData: [
    { id: 'a', date: '2025-01-01', value: 30_000_000, yoy: null, homes: 80, yearEarlierHomes: null },
    { id: 'b', date: '2025-02-01', value: null, yoy: null, homes: null, yearEarlierHomes: null },
    { id: 'c', date: '2025-03-01', value: 35_450_000, yoy: -4.2, homes: 95, yearEarlierHomes: 88 },
  ],
};

const dom = testRoot();
afterEach(() => {
  vi.mocked(api.loadMarketMetrics).mockReset();
  vi.mocked(api.loadHousingSentences).mockReset();
});

const render = (node: React.ReactNode) => dom.render(node);
const $ = (selector: string) => dom.container.querySelector<HTMLElement>(selector);

describe('MarketMetricsView', () => {
  it('shows the sentences, the latest value with its change in words, a chart and its summary', () => {
    render(<MarketMetricsView region="Millbrook" state={{ status: 'ready', metrics: [sold], sentences: ['Median sold price in Millbrook fell 4.2%.'] }} onRetry={() => undefined} />);
    expect($('[part="sentences"]')!.textContent).toContain('fell 4.2%');
    expect($('[part="value"]')!.textContent).toBe('$354,500');
    expect($('[part="yoy"]')!.textContent).toBe('▼ 4.2% year over year');
    expect($('[part="yoy"]')!.dataset.direction).toBe('down');
    const svg = dom.container.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe(chartSummary(sold, 'Millbrook'));
    expect(chartSummary(sold, 'Millbrook')).toBe('Median sold price in Millbrook from January 2025 to March 2025: lowest $300,000, highest $354,500, latest $354,500.');
    // Two months with a value: two points; the latest is the one in the tab order.
    const points = dom.container.querySelectorAll<HTMLButtonElement>('[part="chart-point"]');
    expect(points).toHaveLength(2);
    expect([...points].map((p) => p.tabIndex)).toEqual([-1, 0]);
  });

  it('moves between months with the arrow keys and shows the tooltip', () => {
    render(<MarketMetricsView region="Millbrook" state={{ status: 'ready', metrics: [sold], sentences: [] }} onRetry={() => undefined} />);
    const latest = $('[data-index="2"]')!;
    act(() => latest.focus());
    expect($('[part="tooltip"]')!.textContent).toContain('March 2025');
    act(() => latest.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    // The month without a value is skipped.
    expect(dom.container.ownerDocument.activeElement).toBe($('[data-index="0"]'));
    expect($('[part="tooltip"]')!.textContent).toContain('January 2025');
    expect($('[part="tooltip"]')!.textContent).toContain('$300,000');
    expect($('[data-index="0"]')!.getAttribute('aria-label')).toBe('January 2025: $300,000, No data a year earlier');
  });

  it('toggles the table with the same numbers', () => {
    render(<MarketMetricsView region="Millbrook" state={{ status: 'ready', metrics: [sold], sentences: [] }} onRetry={() => undefined} />);
    const toggle = $('[part="table-toggle"]')!;
    expect(toggle.textContent).toBe(t.showTable);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect($('table')).toBeNull();
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect($('caption')!.textContent).toBe(t.tableCaption('Median sold price', 'Millbrook'));
    const rows = [...dom.container.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Jan 2025', '$300,000', t.yoyNone],
      ['Feb 2025', t.noValue, t.yoyNone],
      ['Mar 2025', '$354,500', '▼ 4.2% year over year'],
    ]);
    expect(dom.container.querySelectorAll('th[scope="col"]')).toHaveLength(3);
    expect(dom.container.querySelectorAll('th[scope="row"]')).toHaveLength(3);
  });

  it('says a yearly change is left out when too few homes stand behind the figure', () => {
    const few: MarketMetric = {
      ...sold,
      aggregateData: [{ id: 'd', date: '2025-04-01', value: 41_000_000, yoy: null, homes: 12, yearEarlierHomes: 9 }],
    };
    render(<MarketMetricsView region="Park City" state={{ status: 'ready', metrics: [few], sentences: [] }} onRetry={() => undefined} />);
    expect($('[part="yoy"]')!.textContent).toBe(t.yoyTooFew);
    expect($('[part="yoy"]')!.dataset.direction).toBe('none');
    act(() => $('[part="table-toggle"]')!.click());
    expect([...dom.container.querySelectorAll('tbody td')].map((c) => c.textContent)).toEqual(['$410,000', t.yoyTooFew]);
  });

  it('has loading, empty, failed and missing-region states', () => {
    const onRetry = vi.fn();
    render(<MarketMetricsView region="Atlantis" state={{ status: 'loading' }} onRetry={onRetry} />);
    expect($('[part="base"]')!.dataset.state).toBe('loading');
    expect($('[role="status"]')!.textContent).toBe(t.loading);
    render(<MarketMetricsView region="Atlantis" state={{ status: 'empty' }} onRetry={onRetry} />);
    expect($('[part="empty"]')!.textContent).toBe('No market data for Atlantis.');
    render(<MarketMetricsView region="Atlantis" state={{ status: 'failed', message: null }} onRetry={onRetry} />);
    expect($('[part="message"]')!.textContent).toContain(t.failed);
    act(() => $('[part="retry"]')!.click());
    expect(onRetry).toHaveBeenCalledOnce();
    render(<MarketMetricsView region={null} state={{ status: 'loading' }} onRetry={onRetry} />);
    expect($('[part="base"]')!.dataset.state).toBe('missing');
    expect($('[role="alert"]')!.textContent).toBe(t.missingRegion);
  });
});

describe('MarketMetrics', () => {
  const element = (): ElementHandle => ({ tag: 'hearth-market-metrics', host: dom.container, emit: vi.fn() });

  it('asks for the city in its state and one section, and shows the answer', async () => {
    vi.mocked(api.loadMarketMetrics).mockResolvedValue({ ok: true, value: [sold] });
    vi.mocked(api.loadHousingSentences).mockResolvedValue({ ok: true, value: ['One sentence.'] });
    await dom.renderAsync(<MarketMetrics region="Millbrook" state="WY" propertyType="" section="MEDIAN_SOLD_PRICE" element={element()} />);
    expect(api.loadMarketMetrics).toHaveBeenCalledWith({ regionName: 'Millbrook, WY', sectionType: 'MEDIAN_SOLD_PRICE', propertyType: null });
    expect(api.loadHousingSentences).toHaveBeenCalledWith('Millbrook, WY');
    expect($('[part="base"]')!.dataset.state).toBe('ready');
  });

  it('shows the empty state when no month has a value', async () => {
    vi.mocked(api.loadMarketMetrics).mockResolvedValue({ ok: true, value: [{ ...sold, aggregateData: [] }] });
    vi.mocked(api.loadHousingSentences).mockResolvedValue({ ok: true, value: [] });
    await dom.renderAsync(<MarketMetrics region="" state="Utah" propertyType="" section={null} element={element()} />);
    expect($('[part="empty"]')!.textContent).toBe('No market data for Utah.');
  });

  it('reports a missing region with hearth-error and loads nothing', async () => {
    const handle = element();
    await dom.renderAsync(<MarketMetrics region="" state="" propertyType="" section={null} element={handle} />);
    expect(handle.emit).toHaveBeenCalledWith('error', expect.objectContaining({ attribute: 'region', message: t.missingRegion }));
    expect(api.loadMarketMetrics).not.toHaveBeenCalled();
  });
});

describe('attributes', () => {
  const parse = (raw: Record<string, string>) => parseAttributes(marketMetricsAttributes, (name) => raw[name] ?? null);

  it('reads a region, a state, a property type and a section in any case', () => {
    const { values, problems } = parse({ region: 'Salt Lake City', state: ' Utah ', propertyType: 'Condominium', section: 'sale_to_list_ratio' });
    expect(problems).toEqual([]);
    expect(values).toEqual({ region: 'Salt Lake City', state: 'Utah', propertyType: 'Condominium', section: 'SALE_TO_LIST_RATIO' });
    expect(parse({}).values.section).toBeNull();
  });

  it('names a malformed section or state and falls back', () => {
    const { values, problems } = parse({ state: '<script>', section: 'EVERYTHING' });
    expect(values.state).toBe('');
    expect(values.section).toBeNull();
    expect(problems.map((p) => p.attribute)).toEqual(['state', 'section']);
    expect(problems[1]!.message).toContain('The section attribute must be one of "MEDIAN_LIST_PRICE"');
  });

  it('refuses a region longer than 100 characters', () => {
    expect(parse({ region: 'x'.repeat(101) }).problems[0]!.attribute).toBe('region');
  });
});
