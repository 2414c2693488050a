/**
 * What a listing page shows (spec §3 Listing) and how it gets it: a `listing-id` (`listingInfo`), a
 * `slug-id` + `listing-code-id` (`listingBySlug`, the /listing/{slugId}/{listingCodeId} route), or data set on
 * the element. Plain-string operations: urql parses them in the lazily loaded client chunk.
 */
import * as z from 'zod/mini';
import { query, type Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { lazySchema } from '../validation/lazy-schema';
import { POST_IMAGE_FIELDS, postImageSchema } from '../content/post-image';
import { PUBLIC_OPEN_HOUSE_FIELDS, publicOpenHouseShape } from '../tours/open-house-fields';
import { listingBaseShape } from './listing-card-data';
import { LISTING_BASE_FIELDS } from './listing-card-fields';
import { LISTING_ADDRESS_FIELDS, listingAddressSchema } from './listing-address';

z.config({ jitless: true });

const optionalText = () => z.nullable(z.string());
const optionalNumber = () => z.nullable(z.number());

/** What the detail query answers, and what a listing set on the element may hold: the card's fields and more. */
const buildDetailListing = () =>
  z.object({
    ...listingBaseShape(),
    mlsNumber: optionalText(),
    title: optionalText(),
    overview: optionalText(),
    /** Plain text with line breaks; absent from a listing set on the element without it. */
    drivingDirections: z.optional(optionalText()),
    priceLabel: optionalText(),
    classification: z.enum(['SALE', 'RENT', 'STAY']),
    propertyType: z.string(),
    yearBuilt: optionalNumber(),
    garageBays: optionalNumber(),
    hoaFee: optionalNumber(),
    hoaFeeFrequencyType: optionalText(),
    lotSize: optionalNumber(),
    lotSizeUnit: optionalText(),
    daysOnHearth: z.number(),
    enableRequestTour: z.boolean(),
    enableOffer: z.boolean(),
    videoSource: optionalText(),
    location: z.nullable(z.object({ latitude: z.number(), longitude: z.number() })),
    tenantType: optionalText(),
    tenantGenderPreference: optionalText(),
    preferredTenant: optionalText(),
    roomType: optionalText(),
    foodIncluded: z.nullable(z.boolean()),
    photos: z.array(z.object({ photoUrl: z.string(), description: optionalText(), srcset: z.optional(z.nullable(z.string())) })),
    priceHistory: z.array(
      z.object({
        date: z.string(),
        event: z.string(),
        priceInPennies: z.number(),
        previousPriceInPennies: optionalNumber(),
        status: z.string(),
      }),
    ),
    openHouse: z.array(z.object(publicOpenHouseShape())),
    amenities: z.array(z.object({ id: z.string(), label: z.string(), url: optionalText() })),
    listingBy: z.nullable(
      z.object({
        brokerage: z.nullable(z.object({ name: z.string(), phone: z.optional(optionalText()) })),
        agent: z.nullable(z.object({ name: z.string(), phone: z.optional(optionalText()), email: z.optional(optionalText()) })),
        system: optionalText(),
      }),
    ),
    showcase: z.nullable(
      z.object({ overview: optionalText(), overrideListingOverview: z.boolean(), videoUrl: optionalText(), featured: z.boolean() }),
    ),
    similarHomes: z.array(
      z.object({
        id: z.string(),
        slugId: z.string(),
        listingCodeId: z.string(),
        photoUri: optionalText(),
        priceInPennies: optionalNumber(),
        priceCurrencyCode: z.string(),
        bedrooms: optionalNumber(),
        bathrooms: optionalNumber(),
        area: optionalNumber(),
        areaUnit: optionalText(),
        address: listingAddressSchema(),
      }),
    ),
    relatedPosts: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        title: z.string(),
        readingMinutes: z.number(),
        image: postImageSchema(),
      }),
    ),
  });

export type DetailListing = z.infer<ReturnType<typeof buildDetailListing>>;

const detailOrNullSchema = lazySchema(() => z.nullable(buildDetailListing()));

/** The detail's selection of a Listing, as its two queries ask for it (and server/site/listing-page.ts runs it). */
export const DETAIL_FIELDS = /* GraphQL */ `
  ${LISTING_BASE_FIELDS}
  mlsNumber
  title
  overview
  drivingDirections
  photos {
    photoUrl
    description
    srcset
  }
  lotSize
  lotSizeUnit
  yearBuilt
  garageBays
  hoaFee
  hoaFeeFrequencyType
  propertyType
  daysOnHearth
  location {
    latitude
    longitude
  }
  enableRequestTour
  enableOffer
  videoSource
  tenantType
  tenantGenderPreference
  preferredTenant
  roomType
  foodIncluded
  priceHistory {
    date
    event
    priceInPennies
    previousPriceInPennies
    status
  }
  openHouse {
    ${PUBLIC_OPEN_HOUSE_FIELDS}
  }
  amenities {
    id
    label
    url
  }
  listingBy {
    brokerage {
      name
      phone
    }
    agent {
      name
      phone
      email
    }
    system
  }
  showcase {
    overview
    overrideListingOverview
    videoUrl
    featured
  }
  similarHomes {
    id
    slugId
    listingCodeId
    photoUri
    priceInPennies
    priceCurrencyCode
    bedrooms
    bathrooms
    area
    areaUnit
    ${LISTING_ADDRESS_FIELDS}
  }
  relatedPosts {
    id
    slug
    title
    readingMinutes
    ${POST_IMAGE_FIELDS}
  }
`;

export const ListingDetailQuery = /* GraphQL */ `
  query ListingDetail($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      ${DETAIL_FIELDS}
    }
  }
`;

export const ListingDetailBySlugQuery = /* GraphQL */ `
  query ListingDetailBySlug($slugId: String!, $listingCodeId: String!) {
    listingBySlug(slugId: $slugId, listingCodeId: $listingCodeId) {
      ${DETAIL_FIELDS}
    }
  }
`;

/** Which listing to load: by id, or by the slug pair of the listing route. */
export type DetailKey = { listingId: number } | { slugId: string; listingCodeId: string } | null;

export type DetailState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: DetailListing }
  | { status: 'missing' }
  | { status: 'failed' };

/** The listing as given, or loaded by id or slug (errors are shown in the element, not toasted). */
export function useDetailListing(key: DetailKey, given: DetailListing | null | undefined): DetailState {
  // The key is compared by value: a new object with the same id must not reload.
  const { result } = useLoad(given || !key ? null : JSON.stringify(key), () => loadDetailListing(key!));
  if (given) return { status: 'loaded', listing: given };
  if (!key) return { status: 'empty' };
  if (!result) return { status: 'loading' };
  if (!result.ok) return { status: 'failed' };
  return result.value ? { status: 'loaded', listing: result.value } : { status: 'missing' };
}

/** The listing by id or by its route's slug pair; null when there is no such public listing. */
function loadDetailListing(key: NonNullable<DetailKey>): Promise<Result<DetailListing | null>> {
  return 'listingId' in key
    ? query(ListingDetailQuery, { listingId: String(key.listingId) }, detailOrNullSchema, { muteError: true })
    : query(ListingDetailBySlugQuery, key, detailOrNullSchema, { muteError: true });
}

/** What a hosted listing page writes into its element: the listing of the route `key`, as ListingDetailBySlug answers it. */
export interface ServedDetail {
  key: { slugId: string; listingCodeId: string };
  listing: unknown;
}

/** The element of the listing data in a hosted page (below). */
export const servedDetailScript = (host: HTMLElement): Element | null => host.querySelector(':scope > script[type="application/json"][data-listing-detail]');

/**
 * The listing a hosted page wrote into the element (server/site/listing-page.ts: a `<script type="application/json"
 * data-listing-detail>` of its light DOM) when it is the one `key` names, checked as the query's answer is; null when
 * there is none, or another, or it does not check (the element then asks).
 */
export function servedDetailListing(host: HTMLElement, key: DetailKey): DetailListing | null {
  const script = servedDetailScript(host);
  if (!script?.textContent || !key) return null;
  try {
    const served = JSON.parse(script.textContent) as ServedDetail;
    if (JSON.stringify(served.key) !== JSON.stringify(key)) return null;
    const checked = detailOrNullSchema.safeParse(served.listing);
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}
