/** Market data (spec §3 Market metric; §7 marketMetrics, housingSentences). */
import { marketMetrics, SECTION_TYPES, type AggregatePoint, type MarketMetric, type SectionType } from '../../listings/metrics/market-metrics';
import { housingSentences } from '../../listings/metrics/sentences';
import { builder } from './builder';

const SectionTypeEnum = builder.enumType('HousingMarketSectionType', {
  description: 'A section of the housing market page: which measure a series holds.',
  values: SECTION_TYPES,
});

const AggregatePointRef = builder.objectRef<AggregatePoint>('MarketAggregatePoint').implement({
  description: 'One month of a market series.',
  fields: (t) => ({
    date: t.exposeString('date', { description: 'The month, as YYYY-MM-01.' }),
    id: t.exposeID('id'),
    value: t.exposeFloat('value', { nullable: true, description: 'Prices in pennies; null for a month without data.' }),
    yoy: t.exposeFloat('yoy', { nullable: true, description: 'Change from 12 months earlier, in percent (one decimal).' }),
  }),
});

const MarketMetricRef = builder.objectRef<MarketMetric>('MarketMetric').implement({
  description: 'A monthly market series of a region (spec §3 Market metric).',
  fields: (t) => ({
    description: t.exposeString('description'),
    label: t.exposeString('label'),
    housingMarketSectionType: t.field({ type: SectionTypeEnum, resolve: (m) => m.housingMarketSectionType }),
    propertyType: t.exposeString('propertyType', { nullable: true }),
    aggregateData: t.field({ type: [AggregatePointRef], resolve: (m) => m.aggregateData }),
  }),
});

builder.queryField('marketMetrics', (t) =>
  t.field({
    type: [MarketMetricRef],
    description: 'Monthly series for a city, ZIP or state (up to 36 months); every section unless sectionType is given.',
    args: {
      regionName: t.arg.string({ required: true, description: "A city ('Salt Lake City, UT'), ZIP or state." }),
      sectionType: t.arg({ type: SectionTypeEnum, description: 'One section only; every section when omitted.' }),
      propertyType: t.arg.string({ description: "A property type ('Single Family', 'Condo'…); every type when omitted." }),
    },
    resolve: async (_root, args, ctx) => {
      const result = await marketMetrics(ctx.db, args.regionName, {
        sectionType: (args.sectionType as SectionType | null | undefined) ?? null,
        propertyType: args.propertyType ?? null,
      });
      return result.metrics;
    },
  }),
);

builder.queryField('housingSentences', (t) =>
  t.field({
    type: ['String'],
    description: 'Short summaries of the latest month, e.g. "Median sold price in Salt Lake City rose 4.2% year over year to $512,000."',
    args: { regionName: t.arg.string({ required: true, description: "A city ('Salt Lake City, UT'), ZIP or state." }) },
    resolve: (_root, args, ctx) => housingSentences(ctx.db, args.regionName),
  }),
);
