/** Listings (spec §3 Listing, §7 listingInfo). */
import { GraphQLError } from './graphql-js';
import { findListingById, parseListingId, type ListingPhoto, type ListingRecord } from '../listings/repository';
import { builder } from './builder';

const ListingAddress = builder.objectRef<ListingRecord['address']>('ListingAddress').implement({
  fields: (t) => ({
    streetLine1: t.exposeString('streetLine1'),
    city: t.exposeString('city'),
    stateProvince: t.exposeString('stateProvince'),
    postalCode: t.exposeString('postalCode'),
  }),
});

const ListingPhotoRef = builder.objectRef<ListingPhoto>('ListingPhoto').implement({
  fields: (t) => ({
    photoUrl: t.exposeString('photoUrl'),
    description: t.exposeString('description', { nullable: true }),
  }),
});

const Listing = builder.objectRef<ListingRecord>('Listing').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    listingCodeId: t.exposeString('listingCodeId'),
    slugId: t.exposeString('slugId'),
    address: t.field({ type: ListingAddress, resolve: (listing) => listing.address }),
    priceInPennies: t.exposeFloat('priceInPennies', {
      description:
        'The price in pennies, always a whole number. Float because GraphQL Int is 32-bit and would stop at ' +
        '$21,474,836.47; a Float holds every whole number of pennies up to 2^53 exactly.',
    }),
    priceCurrencyCode: t.exposeString('priceCurrencyCode', { description: 'ISO 4217, e.g. USD.' }),
    photoUri: t.string({
      nullable: true,
      description: 'The first photo, or null when the listing has none (clients show a stock image).',
      resolve: (listing) => listing.photos[0]?.photoUrl ?? null,
    }),
    photos: t.field({ type: [ListingPhotoRef], resolve: (listing) => listing.photos }),
  }),
});

/** An ID that is not a listing id is the caller's mistake, said clearly (not a 500, not a silent null). */
function listingIdArgument(value: string | number): number {
  const id = parseListingId(String(value));
  if (id === null) {
    throw new GraphQLError('listingId must be a positive whole number.', {
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'listingId' },
    });
  }
  return id;
}

builder.queryField('listingInfo', (t) =>
  t.field({
    type: Listing,
    nullable: true,
    description: 'One listing by id; null when there is no such listing.',
    args: { listingId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => findListingById(ctx.db, listingIdArgument(args.listingId)),
  }),
);
