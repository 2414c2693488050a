/**
 * "What is my home worth" (issue 18): homeValue (an estimate from comparable sales, for anyone) and
 * requestValuation (a precise valuation: a seller lead for the partner's agent, optionally monthly value
 * updates by mail). The rules are in server/valuation/.
 */
import { z } from 'zod';
import { formatAddress } from '../../../core/format/address';
import { publicUrl } from '../../http/public-url';
import { parseListingId } from '../../listings/search/listing';
import { estimateHomeValue, HOME_TYPES, type HomeInput, type HomeValue } from '../../valuation/estimate';
import { requestValuation, type ValuationRequest } from '../../valuation/requests';
import { builder } from './builder';
import { parseArgs } from './input';

// ---------------------------------------------------------------------------------------------------
// Types

const HomeTypeEnum = builder.enumType('HomeType', {
  description: 'The kind of home; comparables are sales of the same kind.',
  values: {
    SINGLE_FAMILY: {
      description: `A detached house (listings' ${HOME_TYPES.SINGLE_FAMILY}).`,
    },
    TOWNHOUSE: {
      description: `A townhouse (listings' ${HOME_TYPES.TOWNHOUSE}).`,
    },
    CONDOMINIUM: {
      description: `A condominium or apartment (listings' ${HOME_TYPES.CONDOMINIUM}).`,
    },
  } as const,
});

const HomeValueStatus = builder.enumType('HomeValueStatus', {
  description: 'Whether there is an estimate.',
  values: {
    ESTIMATED: {
      description: 'Enough comparable sales: low, estimate and high are set.',
    },
    NOT_ENOUGH_SALES: {
      description: 'Not enough sales nearby: no figures, the method says why.',
    },
  } as const,
});

const ValueConfidence = builder.enumType('ValueConfidence', {
  description: 'How far to trust the estimate: how wide its range is (where 8 in 10 sales like it land) and how many comparables it has.',
  values: {
    HIGH: {
      description: 'At least five comparables, and 8 in 10 sales like it land within about 10 % of the estimate.',
    },
    MEDIUM: { description: '8 in 10 sales like it land within about 20 % of the estimate.' },
    LOW: {
      description: 'A wider range: take the range, not the figure.',
    },
  } as const,
});

type Comparable = HomeValue['comparables'][number];

const ComparableRef = builder.objectRef<Comparable>('HomeValueComparable').implement({
  description: 'A sold home the estimate is based on.',
  fields: (t) => ({
    id: t.id({
      description: 'The listing id of the sold home.',
      resolve: (c) => c.sale.id,
    }),
    slugId: t.string({
      description: 'For its page: /listing/{slugId}/{listingCodeId}.',
      resolve: (c) => c.sale.slugId,
    }),
    listingCodeId: t.string({
      description: 'For its page: /listing/{slugId}/{listingCodeId}.',
      resolve: (c) => c.sale.listingCodeId,
    }),
    listingAddress: t.string({
      description: 'On one line; without the street when the feed withholds it.',
      resolve: (c) => formatAddress(c.sale.address),
    }),
    soldPriceInPennies: t.float({
      description: 'The sold price, in pennies of the estimate’s currency.',
      resolve: (c) => c.sale.soldPriceInPennies,
    }),
    soldDate: t.string({
      description: 'The day it sold, yyyy-mm-dd.',
      resolve: (c) => c.sale.soldAt.toISOString().slice(0, 10),
    }),
    distanceMeters: t.float({
      description: 'From the home valued, in metres.',
      resolve: (c) => Math.round(c.distanceMeters),
    }),
    bedrooms: t.int({
      nullable: true,
      description: 'Bedrooms, when known.',
      resolve: (c) => c.sale.bedrooms,
    }),
    bathrooms: t.int({
      nullable: true,
      description: 'Bathrooms, when known.',
      resolve: (c) => c.sale.bathrooms,
    }),
    livingArea: t.float({
      nullable: true,
      description: 'Living area in sq ft, when known.',
      resolve: (c) => c.sale.livingArea,
    }),
    yearBuilt: t.int({
      nullable: true,
      description: 'Year built, when known.',
      resolve: (c) => c.sale.yearBuilt,
    }),
    weight: t.float({
      description: 'Its share of the comparables’ estimate, 0–1 (the weights of all comparables add up to 1): how near, alike and recent it is.',
      resolve: (c) => Math.round(c.weight * 1000) / 1000,
    }),
    adjustedValueInPennies: t.float({
      description: 'The home’s value from this sale: its sold price adjusted to the home’s facts and to today, in pennies.',
      resolve: (c) => c.adjustedValueInPennies,
    }),
    demo: t.boolean({
      description: 'True when the sale is demo data (a demo listing or the generated demo market), not a sale that happened.',
      resolve: (c) => c.sale.demo,
    }),
    photoUri: t.string({
      nullable: true,
      description: 'Its first photo (absolute), or null when it has none (clients show a stock image).',
      resolve: (c, _a, ctx) => publicUrl(c.sale.photoUrl, ctx.publicOrigin),
    }),
  }),
});

const HomeValueRef = builder.objectRef<HomeValue>('HomeValue').implement({
  description: 'The estimated value of a home from comparable sales nearby.',
  fields: (t) => ({
    status: t.field({
      type: HomeValueStatus,
      description: 'ESTIMATED, or NOT_ENOUGH_SALES (then no figures).',
      resolve: (v) => v.status,
    }),
    address: t.string({
      description: 'The home as we found it, on one line.',
      resolve: (v) => v.home.address,
    }),
    latitude: t.float({
      description: 'Where the home is.',
      resolve: (v) => v.home.latitude,
    }),
    longitude: t.float({
      description: 'Where the home is.',
      resolve: (v) => v.home.longitude,
    }),
    homeType: t.field({
      type: HomeTypeEnum,
      description: 'The kind of home compared (given, else our listing’s, else SINGLE_FAMILY).',
      resolve: (v) => v.home.homeType,
    }),
    bedrooms: t.int({
      nullable: true,
      description: 'Bedrooms used (given, else our listing’s).',
      resolve: (v) => v.home.bedrooms,
    }),
    bathrooms: t.int({
      nullable: true,
      description: 'Bathrooms used (given, else our listing’s).',
      resolve: (v) => v.home.bathrooms,
    }),
    livingArea: t.float({
      nullable: true,
      description: 'Living area in sq ft used (given, else our listing’s).',
      resolve: (v) => v.home.livingArea,
    }),
    yearBuilt: t.int({
      nullable: true,
      description: 'Year built used (given, else our listing’s).',
      resolve: (v) => v.home.yearBuilt,
    }),
    currencyCode: t.string({
      nullable: true,
      description: 'The currency of every amount here; null without sales.',
      resolve: (v) => v.currencyCode,
    }),
    lowInPennies: t.float({
      nullable: true,
      description: 'The low end of the likely range, in pennies.',
      resolve: (v) => v.lowInPennies,
    }),
    estimateInPennies: t.float({
      nullable: true,
      description: 'The estimate, in pennies (rounded to 1,000 of the currency).',
      resolve: (v) => v.estimateInPennies,
    }),
    highInPennies: t.float({
      nullable: true,
      description: 'The high end of the likely range, in pennies.',
      resolve: (v) => v.highInPennies,
    }),
    confidence: t.field({
      type: ValueConfidence,
      nullable: true,
      description: 'How far to trust the estimate; null without one.',
      resolve: (v) => v.confidence,
    }),
    rangeProbability: t.float({
      nullable: true,
      description: 'How likely the sold price is to land between low and high (0.8: 8 in 10 sales like the home’s do, as measured on the sales nearby); null without an estimate.',
      resolve: (v) => v.rangeProbability,
    }),
    listPriceInPennies: t.float({
      nullable: true,
      description: 'The home’s own list price, when it is for sale and the estimate leans on it (the method says how much); else null.',
      resolve: (v) => v.listPriceInPennies,
    }),
    comparables: t.field({
      type: [ComparableRef],
      description: 'The sales used (at most 8), nearest first.',
      resolve: (v) => v.comparables,
    }),
    method: t.string({
      description: 'How the estimate was computed, or why there is none, in one or two plain sentences.',
      resolve: (v) => v.method,
    }),
  }),
});

const ValuationRequestRef = builder.objectRef<ValuationRequest>('ValuationRequest').implement({
  description: 'A precise valuation asked for: the partner’s agent has it as a lead.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The request’s id.' }),
    optIn: t.exposeBoolean('optIn', {
      description: 'Whether monthly value updates by mail were asked for.',
    }),
    homeValue: t.field({
      type: HomeValueRef,
      description: 'Our estimate at the time of the request.',
      resolve: (r) => r.value,
    }),
  }),
});

const HomeValueInputRef = builder.inputType('HomeValueInput', {
  description: 'The home: an address (a place search pick, or free text we look up) and the facts the owner knows.',
  fields: (t) => ({
    address: t.string({
      required: true,
      description: 'The address as typed or picked (up to 300 characters).',
    }),
    placeId: t.string({
      description: 'The picked placeSearch suggestion’s placeId (`address:<id>` is one of our homes).',
    }),
    latitude: t.float({
      description: 'The picked place’s latitude (with longitude).',
    }),
    longitude: t.float({
      description: 'The picked place’s longitude (with latitude).',
    }),
    listingId: t.id({
      description: 'The home is this listing of ours: its facts fill the ones not given.',
    }),
    homeType: t.field({
      type: HomeTypeEnum,
      description: 'Default: our listing’s type, else SINGLE_FAMILY.',
    }),
    bedrooms: t.int({ description: '0 to 50.' }),
    bathrooms: t.int({ description: '0 to 50.' }),
    livingArea: t.float({
      description: 'Living area in sq ft, 100 to 100,000.',
    }),
    yearBuilt: t.int({ description: '1600 to next year.' }),
  }),
});

const ValuationContactInputRef = builder.inputType('ValuationContactInput', {
  description: 'Who asks for the precise valuation; checked by the contact form’s rules (spec §5).',
  fields: (t) => ({
    firstName: t.string({ required: true, description: 'First name.' }),
    lastName: t.string({ required: true, description: 'Last name.' }),
    email: t.string({ required: true, description: 'Email address.' }),
    phone: t.string({ required: true, description: '10 to 15 digits.' }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Arguments

const MAX_YEAR = () => new Date().getUTCFullYear() + 1;
const optionalInt = (min: number, max: number, name: string) =>
  z
    .number()
    .int()
    .min(min, `${name} must be from ${min} to ${max}.`)
    .max(max, `${name} must be from ${min} to ${max}.`)
    .nullish()
    .transform((v) => v ?? null);

const HomeValueInputSchema = z
  .object({
    address: z.string().trim().max(300, 'Keep the address under 300 characters.'),
    placeId: z
      .string()
      .max(200, 'placeId is too long.')
      .nullish()
      .transform((v) => v ?? null),
    latitude: z
      .number()
      .min(-90, 'latitude must be from -90 to 90.')
      .max(90, 'latitude must be from -90 to 90.')
      .nullish()
      .transform((v) => v ?? null),
    longitude: z
      .number()
      .min(-180, 'longitude must be from -180 to 180.')
      .max(180, 'longitude must be from -180 to 180.')
      .nullish()
      .transform((v) => v ?? null),
    listingId: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value == null) return null;
        const id = parseListingId(value);
        if (id !== null) return id;
        ctx.addIssue({
          code: 'custom',
          message: 'listingId must be a positive whole number.',
        });
        return z.NEVER;
      }),
    homeType: z
      .enum(Object.keys(HOME_TYPES) as [keyof typeof HOME_TYPES])
      .nullish()
      .transform((v) => v ?? null),
    bedrooms: optionalInt(0, 50, 'bedrooms'),
    bathrooms: optionalInt(0, 50, 'bathrooms'),
    livingArea: z
      .number()
      .min(100, 'livingArea must be from 100 to 100,000 sq ft.')
      .max(100_000, 'livingArea must be from 100 to 100,000 sq ft.')
      .nullish()
      .transform((v) => v ?? null),
    yearBuilt: z
      .number()
      .int()
      .min(1600, 'yearBuilt must be a year from 1600 to next year.')
      .nullish()
      .transform((v) => v ?? null)
      .refine((v) => v === null || v <= MAX_YEAR(), 'yearBuilt must be a year from 1600 to next year.'),
  })
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    message: 'Give latitude and longitude together.',
    path: ['latitude'],
  })
  .refine((v) => v.address !== '' || v.placeId !== null || v.listingId !== null || v.latitude !== null, {
    message: 'Enter the address of the home.',
    path: ['address'],
  });

const HomeValueArgs = z.object({ input: HomeValueInputSchema });

const RequestValuationArgs = z.object({
  input: HomeValueInputSchema,
  // The contact rules themselves (required, formats) are the contact form's, applied in the domain module.
  contact: z.object({
    firstName: z.string().max(200, 'Keep the first name under 200 characters.'),
    lastName: z.string().max(200, 'Keep the last name under 200 characters.'),
    email: z.string().max(300, 'Keep the email under 300 characters.'),
    phone: z.string().max(40, 'Keep the phone number under 40 characters.'),
  }),
  optIn: z.boolean(),
});

const homeInput = (input: z.output<typeof HomeValueInputSchema>): HomeInput => input;

// ---------------------------------------------------------------------------------------------------
// Root fields

builder.queryField('homeValue', (t) =>
  t.field({
    type: HomeValueRef,
    description:
      'What a home is worth: an estimate from up to 8 comparable sales nearby (same type, similar size and age, sold in the last 24 months, within 3 miles), ' +
      'each adjusted to the home by what the nearest sales show its facts are worth, with a range that holds 8 in 10 sales like it, the comparables ' +
      'and the method; a home for sale leans on its own list price. Status NOT_ENOUGH_SALES instead of a made-up number.',
    args: {
      input: t.arg({
        type: HomeValueInputRef,
        required: true,
        description: 'The home to value.',
      }),
    },
    resolve: (_root, args, ctx) => estimateHomeValue(ctx.db, homeInput(parseArgs(HomeValueArgs, args).input)),
  }),
);

builder.mutationField('requestValuation', (t) =>
  t.field({
    type: ValuationRequestRef,
    description:
      'Asks for a precise valuation of a home: a seller lead for the partner’s agent (mailed to them), a mail to the owner with our estimate, ' +
      'and with optIn a monthly estimate by mail (each with an unsubscribe link). At most 10 a minute per client.',
    args: {
      input: t.arg({
        type: HomeValueInputRef,
        required: true,
        description: 'The home.',
      }),
      contact: t.arg({
        type: ValuationContactInputRef,
        required: true,
        description: 'Who asks.',
      }),
      optIn: t.arg.boolean({
        required: true,
        description: 'Send an updated estimate by mail once a month.',
      }),
    },
    resolve: (_root, args, ctx) => {
      const { input, contact, optIn } = parseArgs(RequestValuationArgs, args);
      return requestValuation(ctx.db, ctx.partner, {
        contact,
        home: homeInput(input),
        optIn,
        clientKey: ctx.payer.key,
        publicOrigin: ctx.publicOrigin,
      });
    },
  }),
);
