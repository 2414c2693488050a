/** Market data (spec §3 Market metric; §7 marketMetrics, housingSentences). */
import { marketMetrics, SECTION_LABELS, SECTION_TYPES, type AggregatePoint, type MarketMetric, type SectionType } from '../../listings/metrics/market-metrics';
import { MIN_HOMES_FOR_CHANGE } from '../../../core/market/sections';
import { housingSentences } from '../../listings/metrics/sentences';
import { builder } from './builder';

const SectionTypeEnum = builder.enumType('HousingMarketSectionType', {
  description: 'A section of the housing market page: which measure a series holds.',
  values: Object.fromEntries(SECTION_TYPES.map((s) => [s, { description: SECTION_LABELS[s].description }])) as Record<SectionType, { description: string }>,
});

const AggregatePointRef = builder.objectRef<AggregatePoint>('MarketAggregatePoint').implement({
  description: 'One month of a market series.',
  fields: (t) => ({
    date: t.exposeString('date', { description: 'The month, as YYYY-MM-01.' }),
    id: t.exposeID('id', { description: "The section and month, e.g. 'MEDIAN_SOLD_PRICE:2025-03'." }),
    value: t.exposeFloat('value', { nullable: true, description: 'Money in pennies (MEDIAN_*_PRICE, PRICE_PER_SQUARE_FOOT), SALE_TO_LIST_RATIO in percent, days, or a count; null for a month without data.' }),
    yoy: t.exposeFloat('yoy', {
      nullable: true,
      description: `Change from 12 months earlier, in percent (one decimal); null without a figure then, or when either month has fewer than ${MIN_HOMES_FOR_CHANGE} homes behind its figure.`,
    }),
    homes: t.exposeInt('homes', { nullable: true, description: 'How many homes stand behind the value: the count itself, or the homes in the median; null without a value.' }),
    yearEarlierHomes: t.exposeInt('yearEarlierHomes', { nullable: true, description: 'How many homes stood behind the value 12 months earlier; null without a figure then.' }),
  }),
});

const MarketMetricRef = builder.objectRef<MarketMetric>('MarketMetric').implement({
  description: 'A monthly market series of a region (spec §3 Market metric).',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What the section measures, in a sentence.' }),
    label: t.exposeString('label', { description: "The section's name, e.g. 'Median sold price'." }),
    housingMarketSectionType: t.field({ type: SectionTypeEnum, description: 'Which measure the series holds.', resolve: (m) => m.housingMarketSectionType }),
    propertyType: t.exposeString('propertyType', { nullable: true, description: 'The property type asked for; null for every type.' }),
    currencyCode: t.exposeString('currencyCode', { description: "The currency of the money sections' values (ISO 4217, e.g. USD)." }),
    aggregateData: t.field({ type: [AggregatePointRef], description: 'One point per month, oldest first, up to 36.', resolve: (m) => m.aggregateData }),
  }),
});

builder.queryField('marketMetrics', (t) =>
  t.field({
    type: [MarketMetricRef],
    description: 'Monthly series for a ZIP, city or state (up to 36 months), precomputed by the market metrics job after each import; every section unless sectionType is given.',
    args: {
      regionName: t.arg.string({ required: true, description: "A ZIP ('84111'), a city ('Salt Lake City' or 'Salt Lake City, UT') or a state ('UT' or 'Utah')." }),
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
