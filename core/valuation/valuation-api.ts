/**
 * "What is my home worth" over GraphQL (issue 18): homeValue (an estimate from comparable sales) and
 * requestValuation (a precise valuation: a seller lead, optionally monthly updates by mail). Answers are
 * checked with zod at this boundary; errors come back as values (the element shows them), never toasted.
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

// ---- operations ----

const HOME_VALUE_FIELDS = /* GraphQL */ `
  status
  address
  homeType
  bedrooms
  bathrooms
  livingArea
  yearBuilt
  currencyCode
  lowInPennies
  estimateInPennies
  highInPennies
  confidence
  rangeProbability
  listPriceInPennies
  method
  comparables {
    id
    slugId
    listingCodeId
    listingAddress
    soldPriceInPennies
    soldDate
    distanceMeters
    bedrooms
    bathrooms
    livingArea
    yearBuilt
    adjustedValueInPennies
    demo
    photoUri
  }
`;

export const HomeValueQuery = /* GraphQL */ `
  query HomeValue($input: HomeValueInput!) {
    homeValue(input: $input) {
      ${HOME_VALUE_FIELDS}
    }
  }
`;

export const RequestValuationMutation = /* GraphQL */ `
  mutation RequestValuation($input: HomeValueInput!, $contact: ValuationContactInput!, $optIn: Boolean!) {
    requestValuation(input: $input, contact: $contact, optIn: $optIn) {
      id
      optIn
      homeValue {
        ${HOME_VALUE_FIELDS}
      }
    }
  }
`;

// ---- shapes ----

export const HOME_TYPES = ['SINGLE_FAMILY', 'TOWNHOUSE', 'CONDOMINIUM'] as const;
export type HomeType = (typeof HOME_TYPES)[number];

const buildHomeValueSchema = () =>
  z.object({
    status: z.enum(['ESTIMATED', 'NOT_ENOUGH_SALES']),
    address: z.string(),
    homeType: z.enum(HOME_TYPES),
    bedrooms: z.nullable(z.number()),
    bathrooms: z.nullable(z.number()),
    livingArea: z.nullable(z.number()),
    yearBuilt: z.nullable(z.number()),
    currencyCode: z.nullable(z.string()),
    lowInPennies: z.nullable(z.number()),
    estimateInPennies: z.nullable(z.number()),
    highInPennies: z.nullable(z.number()),
    confidence: z.nullable(z.enum(['HIGH', 'MEDIUM', 'LOW'])),
    rangeProbability: z.nullable(z.number()),
    listPriceInPennies: z.nullable(z.number()),
    method: z.string(),
    comparables: z.array(
      z.object({
        id: z.string(),
        slugId: z.string(),
        listingCodeId: z.string(),
        listingAddress: z.string(),
        soldPriceInPennies: z.number(),
        soldDate: z.string(),
        distanceMeters: z.number(),
        bedrooms: z.nullable(z.number()),
        bathrooms: z.nullable(z.number()),
        livingArea: z.nullable(z.number()),
        yearBuilt: z.nullable(z.number()),
        adjustedValueInPennies: z.number(),
        demo: z.boolean(),
        photoUri: z.nullable(z.string()),
      }),
    ),
  });

export type HomeValue = z.infer<ReturnType<typeof buildHomeValueSchema>>;
export type HomeValueComparable = HomeValue['comparables'][number];

const homeValueSchema = lazySchema(buildHomeValueSchema);
const requestSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    optIn: z.boolean(),
    homeValue: buildHomeValueSchema(),
  }),
);

// ---- calls ----

/** The home as the API takes it (HomeValueInput): what was picked or typed, and the facts given. */
export interface HomeValueInput {
  address: string;
  placeId: string | null;
  latitude: number | null;
  longitude: number | null;
  listingId: string | null;
  homeType: HomeType | null;
  bedrooms: number | null;
  bathrooms: number | null;
  livingArea: number | null;
  yearBuilt: number | null;
}

export interface ValuationContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export function loadHomeValue(input: HomeValueInput): Promise<Result<HomeValue>> {
  return query(HomeValueQuery, { input }, homeValueSchema, {
    muteError: true,
    requestPolicy: 'network-only',
  });
}

export function requestValuation(
  input: HomeValueInput,
  contact: ValuationContact,
  optIn: boolean,
): Promise<Result<{ id: string; optIn: boolean; homeValue: HomeValue }>> {
  return mutate(RequestValuationMutation, { input, contact, optIn }, requestSchema, { muteError: true });
}
