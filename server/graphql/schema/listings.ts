/**
 * Listings (spec §3 Listing; §7 listingInfo, listingFeed, lookup by /listing/{slugId}/{listingCodeId}).
 * Every public read goes through server/listings/search/listing.ts: hidden listings never come back,
 * a withheld street address is null.
 */
import { z } from 'zod';
import { isFavoriteForViewer } from '../../accounts/favorites';
import { listingCurrencies, RATES_DATE, RATES_SOURCE } from '../../listings/currencies';
import {
  findPublicListing,
  findPublicListingBySlug,
  NEW_LISTING_DAYS,
  type Amenity,
  type CurrencyValue,
  type ListingPhoto,
  type OpenHouseEntry,
  type PriceHistoryEntry,
  type PublicListing,
} from '../../listings/search/listing';
import { listingLoaders } from '../../listings/search/batch';
import { loadFeed, MAX_FEED_SIZE, type FeedKind } from '../../listings/search/feed';
import { recordVisit } from '../../listings/search/visits';
import { publicUrl } from '../../http/public-url';
import { absoluteSrcset } from '../../listing-photos/photos';
import { publicOpenHouseIcalLink } from '../../tours/ical-links';
import { relatedPostsLoader, RELATED_POSTS_LIMIT } from '../../content/posts';
import { builder } from './builder';
import { PostRef } from './content';
import { ListingIdArgs, parseArgs } from './input';

const PENNIES =
  'Pennies, always a whole number. Float because GraphQL Int is 32-bit and would stop at $21,474,836.47; ' +
  'a Float holds every whole number of pennies up to 2^53 exactly.';

// ---------------------------------------------------------------------------------------------------
// Enums

export const ListingClassificationEnum = builder.enumType('ListingClassification', {
  description: 'For sale, for rent (long term) or a stay (nights).',
  values: { SALE: { value: 'sale' }, RENT: { value: 'rent' }, STAY: { value: 'stay' } } as const,
});

// ---------------------------------------------------------------------------------------------------
// Nested objects

const ListingLocation = builder.objectRef<{ latitude: number; longitude: number }>('ListingLocation').implement({
  description: "A listing's position on the map.",
  fields: (t) => ({ latitude: t.exposeFloat('latitude'), longitude: t.exposeFloat('longitude') }),
});

const ListingAddress = builder.objectRef<PublicListing['address']>('ListingAddress').implement({
  description: "A listing's address; the street is withheld when the feed says so.",
  fields: (t) => ({
    streetLine1: t.exposeString('streetLine1', {
      nullable: true,
      description: 'Null when the listing may not show its address (RESO InternetAddressDisplayYN = false).',
    }),
    city: t.exposeString('city'),
    stateProvince: t.exposeString('stateProvince'),
    postalCode: t.exposeString('postalCode'),
  }),
});

const ListingPhotoRef = builder.objectRef<ListingPhoto>('ListingPhoto').implement({
  description: "A photo of a listing: an absolute URL on our origin or the feed's.",
  fields: (t) => ({
    photoUrl: t.string({
      description: 'Absolute: a photo stored as a path of ours is on our public origin; a feed’s URL is as the feed gave it.',
      resolve: (p, _args, ctx) => publicUrl(p.photoUrl, ctx.publicOrigin),
    }),
    description: t.exposeString('description', { nullable: true, description: 'Alt text.' }),
    srcset: t.string({
      nullable: true,
      description: "The responsive sizes of a seller's uploaded photo as `<absolute JPEG url> <width>w`, comma separated (for <img srcset>); null for a feed's photo, which has one size.",
      resolve: (p, _args, ctx) => absoluteSrcset(p.srcset, (path) => publicUrl(path, ctx.publicOrigin)),
    }),
    width: t.int({ nullable: true, description: 'The upright width in pixels of an uploaded photo; null when unknown (a feed’s photo).', resolve: (p) => p.width ?? null }),
    height: t.int({ nullable: true, description: 'The upright height in pixels of an uploaded photo; null when unknown.', resolve: (p) => p.height ?? null }),
  }),
});

const LastPriceUpdate = builder
  .objectRef<{ priceDropDate: string; priceDropAmountInPennies: number }>('LastPriceUpdate')
  .implement({
    fields: (t) => ({
      priceDropDate: t.exposeString('priceDropDate', { description: 'YYYY-MM-DD.' }),
      priceDropAmountInPennies: t.exposeFloat('priceDropAmountInPennies', { description: PENNIES }),
    }),
  });

const ListingAgent = builder
  .objectRef<{ name: string; phone: string | null; email: string | null }>('ListingAgent')
  .implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      phone: t.exposeString('phone', { nullable: true }),
      email: t.exposeString('email', { nullable: true }),
    }),
  });

const ListingBrokerage = builder.objectRef<{ name: string; phone: string | null }>('ListingBrokerage').implement({
  description: 'The listing brokerage, as the feed names it.',
  fields: (t) => ({ name: t.exposeString('name'), phone: t.exposeString('phone', { nullable: true }) }),
});

const ListingBy = builder.objectRef<PublicListing>('ListingBy').implement({
  description: 'Attribution shown next to the price, as MLS display rules require.',
  fields: (t) => ({
    brokerage: t.field({
      type: ListingBrokerage,
      nullable: true,
      resolve: (l) => (l.listOfficeName ? { name: l.listOfficeName, phone: l.listOfficePhone } : null),
    }),
    agent: t.field({
      type: ListingAgent,
      nullable: true,
      resolve: (l) =>
        l.listAgentName ? { name: l.listAgentName, phone: l.listAgentPhone, email: l.listAgentEmail } : null,
    }),
    system: t.string({ nullable: true, description: 'The MLS or feed.', resolve: (l) => l.listingSystem }),
  }),
});

const Showcase = builder.objectRef<PublicListing>('ListingShowcase').implement({
  description: 'How the seller showcases the listing: an overview, a video, whether it is featured.',
  fields: (t) => ({
    overview: t.string({ nullable: true, resolve: (l) => l.showcaseOverview }),
    overrideListingOverview: t.boolean({ resolve: (l) => l.overrideListingOverview }),
    videoUrl: t.string({ nullable: true, resolve: (l) => l.showcaseVideoUrl }),
    featured: t.boolean({ resolve: (l) => l.featured }),
  }),
});

const OpenHouse = builder.objectRef<OpenHouseEntry>('OpenHouse').implement({
  description: 'An open house of a listing (spec §3 Open house).',
  fields: (t) => ({
    id: t.exposeID('id'),
    startDateTime: t.exposeString('startDateTime', { description: 'ISO 8601, UTC.' }),
    endDateTime: t.exposeString('endDateTime', { description: 'ISO 8601, UTC.' }),
    isActive: t.exposeBoolean('isActive'),
    isVirtual: t.exposeBoolean('isVirtual'),
    virtualUrl: t.exposeString('virtualUrl', { nullable: true }),
    ical: t.string({
      nullable: true,
      description: 'Public download link of the calendar file while the open house is active and not over; null otherwise.',
      resolve: (o, _args, ctx) =>
        o.isActive && Date.parse(o.endDateTime) > Date.now() ? publicOpenHouseIcalLink(ctx.publicOrigin, o.id) : null,
    }),
  }),
});

const AmenityRef = builder.objectRef<Amenity>('Amenity').implement({
  description: 'An amenity of a listing: its label and icon.',
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label'),
    url: t.string({ nullable: true, resolve: (a, _args, ctx) => publicUrl(a.url, ctx.publicOrigin) }),
  }),
});

const CurrencyRef = builder.objectRef<CurrencyValue>('ListingCurrency').implement({
  description: 'The price in another currency.',
  fields: (t) => ({
    code: t.exposeString('code'),
    value: t.exposeFloat('value', { description: PENNIES }),
    name: t.exposeString('name'),
  }),
});

const PriceHistoryRef = builder.objectRef<PriceHistoryEntry>('PriceHistoryEntry').implement({
  description: "A change of a listing's price or status.",
  fields: (t) => ({
    date: t.exposeString('date', { description: 'ISO 8601, UTC.' }),
    event: t.exposeString('event', { description: 'listed, price_change or status_change.' }),
    status: t.exposeString('status', { description: 'RESO StandardStatus after the event.' }),
    priceInPennies: t.exposeFloat('priceInPennies', { description: PENNIES }),
    previousPriceInPennies: t.exposeFloat('previousPriceInPennies', { nullable: true }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Listing

export const Listing = builder.objectRef<PublicListing>('Listing');

Listing.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    listingCodeId: t.exposeString('listingCodeId'),
    slugId: t.exposeString('slugId'),
    orgCodeId: t.exposeString('orgCodeId', { nullable: true }),
    mlsNumber: t.exposeString('mlsNumber', { nullable: true }),
    location: t.field({
      type: ListingLocation,
      nullable: true,
      resolve: (l) => (l.latitude !== null && l.longitude !== null ? { latitude: l.latitude, longitude: l.longitude } : null),
    }),
    address: t.field({ type: ListingAddress, resolve: (l) => l.address }),
    area: t.exposeFloat('area', { nullable: true, description: 'In the listing’s own unit (areaUnit).' }),
    areaUnit: t.exposeString('areaUnit', { nullable: true, description: 'sqft, sqm, acres, ropani or aana.' }),
    bedrooms: t.exposeInt('bedrooms', { nullable: true }),
    bathrooms: t.exposeInt('bathrooms', { nullable: true }),
    priceInPennies: t.exposeFloat('priceInPennies', { description: PENNIES }),
    priceCurrencyCode: t.exposeString('priceCurrencyCode', { description: 'ISO 4217, e.g. USD.' }),
    photoUri: t.string({
      nullable: true,
      description: 'The first photo (absolute, as photos { photoUrl }), or null when the listing has none (clients show a stock image).',
      resolve: (l, _args, ctx) => publicUrl(l.photos[0]?.photoUrl, ctx.publicOrigin),
    }),
    photoSrcset: t.string({
      nullable: true,
      description: 'The first photo’s responsive sizes (as photos { srcset }): absolute, for <img srcset> beside photoUri; null when it has one size.',
      resolve: (l, _args, ctx) => absoluteSrcset(l.photos[0]?.srcset, (path) => publicUrl(path, ctx.publicOrigin)),
    }),
    photos: t.field({ type: [ListingPhotoRef], resolve: (l) => l.photos }),
    favoriteCount: t.exposeInt('favoriteCount'),
    isFavorite: t.boolean({
      description: 'Whether the signed-in viewer saved it; always false for visitors (/public_graphql/).',
      resolve: (l, _args, ctx) => isFavoriteForViewer(ctx, l.id),
    }),
    newListing: t.exposeBoolean('newListing', {
      description: `Listed within the last ${NEW_LISTING_DAYS} days: list date on or after today minus ${NEW_LISTING_DAYS} days.`,
    }),
    classification: t.field({ type: ListingClassificationEnum, resolve: (l) => l.classification }),
    yearBuilt: t.exposeInt('yearBuilt', { nullable: true }),
    timeZone: t.exposeString('timeZone', { description: 'IANA time zone of the listing, e.g. America/Denver; its open houses and tours are in it.' }),
    garageBays: t.exposeInt('garageBays', { nullable: true }),
    hoaFee: t.exposeFloat('hoaFeeInPennies', { nullable: true, description: `HOA fee. ${PENNIES}` }),
    hoaFeeFrequencyType: t.exposeString('hoaFeeFrequency', { nullable: true, description: 'e.g. Monthly.' }),
    lotSize: t.exposeFloat('lotSize', { nullable: true, description: 'In lotSizeUnit.' }),
    lotSizeUnit: t.exposeString('lotSizeUnit', { nullable: true }),
    propertyType: t.exposeString('propertyType'),
    overview: t.exposeString('overview', { nullable: true, description: 'Plain text (RESO PublicRemarks).' }),
    daysOnHearth: t.exposeInt('daysOnMarket', { description: 'Days on market (spec daysOn{product}).' }),
    enableRequestTour: t.exposeBoolean('enableRequestTour'),
    enableOffer: t.exposeBoolean('enableOffer'),
    underContract: t.exposeBoolean('underContract'),
    sold: t.exposeBoolean('sold'),
    status: t.exposeString('status', { description: 'RESO StandardStatus.' }),
    title: t.exposeString('title', { nullable: true }),
    priceLabel: t.exposeString('priceLabel', { nullable: true }),
    locationData: t.field({ type: 'JSON', resolve: (l) => l.locationData }),
    drivingDirections: t.exposeString('drivingDirections', {
      nullable: true,
      description:
        "How to find the home (RESO Directions, or the seller's intake answer): plain text, line breaks as \\n; null when not given or when the street is withheld (InternetAddressDisplayYN false), as directions may name it.",
    }),
    buildingData: t.field({ type: 'JSON', resolve: (l) => l.buildingData }),
    videoSource: t.exposeString('videoSource', { nullable: true }),
    visitCount: t.exposeFloat('visitCount', { description: 'Counted in batches: may trail by a few seconds.' }),
    tenantType: t.exposeString('tenantType', { nullable: true }),
    tenantGenderPreference: t.exposeString('tenantGenderPreference', { nullable: true }),
    preferredTenant: t.exposeString('preferredTenant', { nullable: true }),
    roomType: t.exposeString('roomType', { nullable: true }),
    foodIncluded: t.exposeBoolean('foodIncluded', { nullable: true }),
    lastPriceUpdate: t.field({
      type: LastPriceUpdate,
      nullable: true,
      resolve: (l) =>
        l.lastPriceDropDate && l.lastPriceDropInPennies !== null
          ? { priceDropDate: l.lastPriceDropDate, priceDropAmountInPennies: l.lastPriceDropInPennies }
          : null,
    }),
    listingBy: t.field({ type: ListingBy, resolve: (l) => l }),
    similarHomes: t.field({
      type: [Listing],
      description: 'Up to 6 nearby homes of the same classification and type, priced within 25 %.',
      resolve: (l, _args, ctx) => listingLoaders(ctx, ctx.db).similarHomes.load(l),
    }),
    showcase: t.field({ type: Showcase, resolve: (l) => l }),
    openHouse: t.field({
      type: [OpenHouse],
      description: 'Active open houses that are not over yet, soonest first.',
      // A search page read them with its rows; otherwise one query for every listing of the request.
      resolve: (l, _args, ctx) => l.openHouses ?? listingLoaders(ctx, ctx.db).openHouses.load(l.id),
    }),
    amenities: t.field({ type: [AmenityRef], resolve: (l) => l.amenities }),
    currencies: t.field({
      type: [CurrencyRef],
      description: `The price in other currencies: the feed's own figures, else converted at the ${RATES_SOURCE} of ${RATES_DATE}.`,
      resolve: (l) => listingCurrencies(l),
    }),
    relatedPosts: t.field({
      type: [PostRef],
      description: `Up to ${RELATED_POSTS_LIMIT} published blog posts: those the feed names, then the newest on the listing's classification (sale: buying, mortgage, market; rent: renting; stay: stays).`,
      resolve: (l, _args, ctx) => relatedPostsLoader(ctx, ctx.db).load(l),
    }),
    priceHistory: t.field({
      type: [PriceHistoryRef],
      description: 'Market events of this listing, newest first (at most 100).',
      resolve: (l, _args, ctx) => listingLoaders(ctx, ctx.db).priceHistory.load(l.id),
    }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('listingInfo', (t) =>
  t.field({
    type: Listing,
    nullable: true,
    description: 'One listing by id; null when there is no such public listing. Counts a visit unless `visit` is false.',
    args: {
      listingId: t.arg.id({ required: true, description: "The listing's id." }),
      visit: t.arg.boolean({
        required: false,
        defaultValue: true,
        description: 'Whether this read is a visit of the listing (visitCount): false for a card in a list, which is not one.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const listing = await findPublicListing(ctx.db, parseArgs(ListingIdArgs, { listingId: args.listingId }).listingId);
      if (listing && args.visit !== false) recordVisit(ctx.db, listing.id);
      return listing;
    },
  }),
);

const SLUG_TEXT = /^[A-Za-z0-9-]{1,200}$/;

const SlugArgs = z.object({
  slugId: z.string().regex(SLUG_TEXT, 'slugId is not a listing slug.'),
  listingCodeId: z.string().regex(SLUG_TEXT, 'listingCodeId is not a listing code.'),
});

builder.queryField('listingBySlug', (t) =>
  t.field({
    type: Listing,
    nullable: true,
    description: 'The listing at /listing/{slugId}/{listingCodeId}; null when none. Counts a visit.',
    args: { slugId: t.arg.string({ required: true, description: 'The slug of its address, as in /listing/{slugId}/{listingCodeId}.' }), listingCodeId: t.arg.string({ required: true, description: 'The listing code, e.g. HRT1001.' }) },
    resolve: async (_root, args, ctx) => {
      const { slugId, listingCodeId } = parseArgs(SlugArgs, args);
      const listing = await findPublicListingBySlug(ctx.db, slugId, listingCodeId);
      if (listing) recordVisit(ctx.db, listing.id);
      return listing;
    },
  }),
);

const FeedKindEnum = builder.enumType('ListingFeedKind', {
  description: "Which listing feed: featured, newest, or a city's.",
  values: { FEATURED: { value: 'featured' }, NEWEST: { value: 'newest' }, CITY: { value: 'city' } } as const,
});

const FeedInput = builder.inputType('FeedInput', {
  description: 'Which listing feed to read, where and how many.',
  fields: (t) => ({
    kind: t.field({ type: FeedKindEnum, required: true }),
    city: t.string({ description: 'With CITY.' }),
    classification: t.field({ type: ListingClassificationEnum }),
    limit: t.int({ description: `Default 12, at most ${MAX_FEED_SIZE}.` }),
  }),
});

builder.queryField('listingFeed', (t) =>
  t.field({
    type: [Listing],
    description: 'A short list for a page section: featured, newest, or newest in a city.',
    args: { feedInput: t.arg({ type: FeedInput, required: true, description: 'Which feed: its kind, where and how many.' }) },
    resolve: (_root, { feedInput }, ctx) =>
      loadFeed(ctx.db, {
        kind: feedInput.kind as FeedKind,
        city: feedInput.city ?? null,
        classification: feedInput.classification ?? null,
        limit: feedInput.limit ?? null,
      }),
  }),
);
