/**
 * The seller's workspace over GraphQL (spec §7 createSeller, case, myListings, nextQueue, listingDescription;
 * issue 19): the operations, checked against server/schema.graphql by core/graphql/operations.test.ts, and
 * the calls <hearth-seller-dashboard> and <hearth-home-detail> make. Answers are checked with zod here;
 * errors come back as values (the elements show them), never toasted by the client (`muteError`).
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';
import type { SellerHomeAddress } from './home-context';

z.config({ jitless: true });

// ---- operations ----

const QUEUE_FIELDS = /* GraphQL */ `
  name
  displayName
  displayText
  queueType
  doneButtonText
  shortName
  statusName
  status
  dataLocked
`;

const LISTING_FIELDS = /* GraphQL */ `
  id
  slugId
  listingCodeId
  classification
  status
  listingAddress
  city
  shortState
  zipCode
  propertySubType
  bedrooms
  bathrooms
  area
  lotSize
  yearBuilt
  garageBays
  amenities
  priceInPennies
  priceCurrencyCode
  photoCount
  coverPhotoUri
  toursEnabled
  offersEnabled
  visible
  listingUrl
`;

const CASE_FIELDS = /* GraphQL */ `
  id
  listingStatus
  publishNow
  publishAt
  publishedAt
  homeDetailUrl
  photoManagementUrl
  documentsUrl
  caseResponse {
    id
    completedAt
  }
  currentQueue {
    ${QUEUE_FIELDS}
  }
  queues {
    ${QUEUE_FIELDS}
  }
  sellerListing {
    ${LISTING_FIELDS}
  }
`;

export const MyListingsQuery = /* GraphQL */ `
  query MyListings($viewType: SellerListingsView, $statusTypeFilter: SellerListingsStatusFilter, $page: Int, $searchFilter: String) {
    myListings(viewType: $viewType, statusTypeFilter: $statusTypeFilter, page: $page, searchFilter: $searchFilter) {
      page
      numPages
      total
      hasNext
      hasPrev
      items {
        id
        listingStatus
        homeDetailUrl
        currentQueue {
          shortName
          statusName
        }
        sellerListing {
          id
          classification
          listingAddress
          priceInPennies
          priceCurrencyCode
          coverPhotoUri
          bedrooms
          bathrooms
          area
        }
      }
    }
  }
`;

export const SellerCaseQuery = /* GraphQL */ `
  query SellerCase($id: ID!) {
    case(id: $id) {
      ${CASE_FIELDS}
    }
  }
`;

export const CreateSellerMutation = /* GraphQL */ `
  mutation CreateSeller($homeContext: SellerHomeContext!, $classification: SellerClassification!, $latitude: Float, $longitude: Float) {
    createSeller(homeContext: $homeContext, classification: $classification, latitude: $latitude, longitude: $longitude) {
      caseId
      listingId
      caseResponse {
        id
      }
    }
  }
`;

export const NextQueueMutation = /* GraphQL */ `
  mutation NextQueue($appCaseId: ID!, $contextQueue: String) {
    nextQueue(appCaseId: $appCaseId, contextQueue: $contextQueue) {
      name
      displayName
    }
  }
`;

export const PublishListingMutation = /* GraphQL */ `
  mutation PublishListing($caseId: ID!, $publishNow: Boolean!, $publishAt: String, $toursEnabled: Boolean, $offersEnabled: Boolean) {
    publishListing(caseId: $caseId, publishNow: $publishNow, publishAt: $publishAt, toursEnabled: $toursEnabled, offersEnabled: $offersEnabled) {
      ${CASE_FIELDS}
    }
  }
`;

export const UpdateSellerListingMutation = /* GraphQL */ `
  mutation UpdateSellerListing($caseId: ID!, $priceInPennies: Float, $priceConfirmed: Boolean, $toursEnabled: Boolean, $offersEnabled: Boolean) {
    updateSellerListing(caseId: $caseId, priceInPennies: $priceInPennies, priceConfirmed: $priceConfirmed, toursEnabled: $toursEnabled, offersEnabled: $offersEnabled) {
      ${CASE_FIELDS}
    }
  }
`;

export const ListingDescriptionQuery = /* GraphQL */ `
  query ListingDescription($caseId: ID!) {
    listingDescription(caseId: $caseId) {
      description {
        text
        language
        label
      }
      translation {
        text
        language
        label
      }
    }
  }
`;

// ---- shapes ----

const buildQueueSchema = () =>
  z.object({
    name: z.string(),
    displayName: z.string(),
    displayText: z.string(),
    queueType: z.string(),
    doneButtonText: z.string(),
    shortName: z.string(),
    statusName: z.string(),
    status: z.nullable(z.enum(['DONE', 'CURRENT', 'UPCOMING'])),
    dataLocked: z.boolean(),
  });

const LISTING_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED'] as const;

const buildListingSchema = () =>
  z.object({
    id: z.string(),
    slugId: z.string(),
    listingCodeId: z.string(),
    classification: z.string(),
    status: z.string(),
    listingAddress: z.string(),
    city: z.string(),
    shortState: z.string(),
    zipCode: z.string(),
    propertySubType: z.nullable(z.string()),
    bedrooms: z.nullable(z.number()),
    bathrooms: z.nullable(z.number()),
    area: z.nullable(z.number()),
    lotSize: z.nullable(z.number()),
    yearBuilt: z.nullable(z.number()),
    garageBays: z.nullable(z.number()),
    amenities: z.array(z.string()),
    priceInPennies: z.number(),
    priceCurrencyCode: z.string(),
    photoCount: z.number(),
    coverPhotoUri: z.nullable(z.string()),
    toursEnabled: z.boolean(),
    offersEnabled: z.boolean(),
    visible: z.boolean(),
    listingUrl: z.string(),
  });

const buildCaseSchema = () =>
  z.object({
    id: z.string(),
    listingStatus: z.nullable(z.enum(LISTING_STATUSES)),
    publishNow: z.boolean(),
    publishAt: z.nullable(z.string()),
    publishedAt: z.nullable(z.string()),
    homeDetailUrl: z.string(),
    photoManagementUrl: z.string(),
    documentsUrl: z.string(),
    caseResponse: z.object({ id: z.string(), completedAt: z.nullable(z.string()) }),
    currentQueue: z.nullable(buildQueueSchema()),
    queues: z.array(buildQueueSchema()),
    sellerListing: z.nullable(buildListingSchema()),
  });

export type CaseQueue = z.infer<ReturnType<typeof buildQueueSchema>>;
export type SellerListing = z.infer<ReturnType<typeof buildListingSchema>>;
export type SellerCase = z.infer<ReturnType<typeof buildCaseSchema>>;
export type SellerListingStatus = (typeof LISTING_STATUSES)[number];

const buildPageSchema = () =>
  z.object({
    page: z.number(),
    numPages: z.number(),
    total: z.number(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
    items: z.array(
      z.object({
        id: z.string(),
        listingStatus: z.nullable(z.enum(LISTING_STATUSES)),
        homeDetailUrl: z.string(),
        currentQueue: z.nullable(z.object({ shortName: z.string(), statusName: z.string() })),
        sellerListing: z.nullable(
          z.object({
            id: z.string(),
            classification: z.string(),
            listingAddress: z.string(),
            priceInPennies: z.number(),
            priceCurrencyCode: z.string(),
            coverPhotoUri: z.nullable(z.string()),
            bedrooms: z.nullable(z.number()),
            bathrooms: z.nullable(z.number()),
            area: z.nullable(z.number()),
          }),
        ),
      }),
    ),
  });

export type MyListingsPage = z.infer<ReturnType<typeof buildPageSchema>>;
export type MyListingsItem = MyListingsPage['items'][number];

const buildTextSchema = () => z.object({ text: z.string(), language: z.enum(['EN', 'ES', 'NE']), label: z.string() });
const buildDescriptionSchema = () => z.object({ description: buildTextSchema(), translation: z.nullable(buildTextSchema()) });
export type ListingDescription = z.infer<ReturnType<typeof buildDescriptionSchema>>;

const caseSchema = lazySchema(() => z.nullable(buildCaseSchema()));
const caseAnswerSchema = lazySchema(buildCaseSchema);
const pageSchema = lazySchema(buildPageSchema);
const createdSchema = lazySchema(() => z.object({ caseId: z.string(), listingId: z.string(), caseResponse: z.object({ id: z.string() }) }));
const nextSchema = lazySchema(() => z.object({ name: z.string(), displayName: z.string() }));
const descriptionSchema = lazySchema(buildDescriptionSchema);

// ---- calls ----

/**
 * Spec §7 cache policies (core/graphql/cache-policies.ts) name "cases" — the viewer's application cases,
 * `cases(applicationType …)`, read by core/mortgage/cases.ts with CACHE_POLICIES.cases. The seller's reads
 * here are other operations the policy line does not name (myListings, case(id), listingDescription), and
 * each must be fresh: a seller case moves through queues and its listing changes status through the intake
 * questionnaire, scheduled publishing and server jobs — none of them a mutation this page's cache sees — and
 * the AI description is generated on the server after the page asked. A cached answer would show the old
 * queue, status or text, so they go to the network every time (core/graphql/cache-policy-reads.test.ts).
 */
const LIVE = { muteError: true, requestPolicy: 'network-only' } as const;
const MUTED = { muteError: true } as const;

export type ListingsView = 'ALL' | 'SALE' | 'RENT';
export type ListingsStatusFilter = 'ALL' | SellerListingStatus;

export interface MyListingsFilter {
  viewType: ListingsView;
  statusTypeFilter: ListingsStatusFilter;
  page: number;
  searchFilter: string;
}

export function loadMyListings(filter: MyListingsFilter): Promise<Result<MyListingsPage>> {
  return query(MyListingsQuery, { ...filter, searchFilter: filter.searchFilter.trim() || null }, pageSchema, LIVE);
}

/** One case of the viewer; null when it does not exist or is not theirs. */
export function loadSellerCase(caseId: number): Promise<Result<SellerCase | null>> {
  return query(SellerCaseQuery, { id: String(caseId) }, caseSchema, LIVE);
}

export interface CreatedSeller {
  caseId: string;
  listingId: string;
  responseId: string;
}

/** Starts a listing of `home` (its lat/lng: where the address was placed); `pin`: where the seller moved the home's pin, if they did. */
export async function createSeller(home: SellerHomeAddress, classification: 'SALE' | 'RENT', pin: { lat: number; lng: number } | null = null): Promise<Result<CreatedSeller>> {
  const moved = pin ? { latitude: pin.lat, longitude: pin.lng } : {};
  const created = await mutate(CreateSellerMutation, { homeContext: home, classification, ...moved }, createdSchema, MUTED);
  if (!created.ok) return created;
  return { ok: true, value: { caseId: created.value.caseId, listingId: created.value.listingId, responseId: created.value.caseResponse.id } };
}

export function nextQueue(caseId: string, contextQueue: string): Promise<Result<{ name: string; displayName: string }>> {
  return mutate(NextQueueMutation, { appCaseId: caseId, contextQueue }, nextSchema, MUTED);
}

export interface PublishChoice {
  publishNow: boolean;
  /** ISO 8601, or null. */
  publishAt: string | null;
  toursEnabled: boolean;
  offersEnabled: boolean;
}

export function publishListing(caseId: string, choice: PublishChoice): Promise<Result<SellerCase>> {
  return mutate(PublishListingMutation, { caseId, ...choice }, caseAnswerSchema, MUTED);
}

export function updateSellerListing(
  caseId: string,
  change: { priceInPennies?: number; priceConfirmed?: boolean; toursEnabled?: boolean; offersEnabled?: boolean },
): Promise<Result<SellerCase>> {
  return mutate(UpdateSellerListingMutation, { caseId, ...change }, caseAnswerSchema, MUTED);
}

export function loadListingDescription(caseId: string): Promise<Result<ListingDescription>> {
  return query(ListingDescriptionQuery, { caseId }, descriptionSchema, LIVE);
}

// ---- a typed address (the sell page's Start Listing with text nobody chose from the suggestions) ----

export const SellerAddressQuery = /* GraphQL */ `
  query SellerAddress($text: String!) {
    sellerAddress(text: $text) {
      address
      aptSuite
      city
      county
      short_state
      zip_code
      lat
      lng
      located
    }
  }
`;

const buildTypedSchema = () =>
  z.object({
    address: z.string(),
    aptSuite: z.nullable(z.string()),
    city: z.string(),
    county: z.string(),
    short_state: z.string(),
    zip_code: z.string(),
    lat: z.nullable(z.number()),
    lng: z.nullable(z.number()),
    located: z.enum(['ADDRESS', 'ZIP', 'CITY', 'STATE', 'NONE']),
  });
export type TypedAddressAnswer = z.infer<ReturnType<typeof buildTypedSchema>>;
const typedSchema = lazySchema(buildTypedSchema);

/** The typed address in parts with its first pin (server/sellers/address.ts); a refused text comes back as a failure. */
export function loadSellerAddress(text: string): Promise<Result<TypedAddressAnswer>> {
  return query(SellerAddressQuery, { text }, typedSchema, { ...MUTED, requestPolicy: 'cache-first' });
}
