import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWith, calls } from '../testing/graphql-client-double';

vi.mock('../graphql/client', () => import('../testing/graphql-client-double'));

const { loadHousingSentences, loadMarketMetrics } = await import('./market-api');

const metric = {
  label: 'Sale-to-list ratio',
  description: 'Median sold price as a percentage of the last list price.',
  housingMarketSectionType: 'SALE_TO_LIST_RATIO',
  propertyType: null,
  currencyCode: 'USD',
  aggregateData: [{ id: 'SALE_TO_LIST_RATIO:2025-03', date: '2025-03-01', value: 101, yoy: 3.7, homes: 120, yearEarlierHomes: 104 }],
};

beforeEach(() => {
  calls.length = 0;
  answerWith({});
});

describe('market API', () => {
  it('asks marketMetrics for the region, section and property type, errors muted for the element', async () => {
    answerWith({ data: { marketMetrics: [metric] } });
    const result = await loadMarketMetrics({ regionName: 'Millbrook, WY', sectionType: 'SALE_TO_LIST_RATIO', propertyType: null });
    expect(calls[0]).toMatchObject({
      kind: 'query',
      variables: { regionName: 'Millbrook, WY', sectionType: 'SALE_TO_LIST_RATIO', propertyType: null },
      context: { muteError: true },
    });
    expect(result).toEqual({ ok: true, value: [metric] });
  });

  it('refuses an answer of the wrong shape (an unknown section)', async () => {
    answerWith({ data: { marketMetrics: [{ ...metric, housingMarketSectionType: 'RENTS' }] } });
    const result = await loadMarketMetrics({ regionName: 'Millbrook', sectionType: null, propertyType: null });
    expect(result.ok).toBe(false);
  });

  it('loads the sentences', async () => {
    answerWith({ data: { housingSentences: ['Median sold price in Millbrook fell 4.2% year over year to $354,500.'] } });
    expect(await loadHousingSentences('Millbrook')).toEqual({ ok: true, value: ['Median sold price in Millbrook fell 4.2% year over year to $354,500.'] });
    expect(calls[0]!.variables).toEqual({ regionName: 'Millbrook' });
  });
});
