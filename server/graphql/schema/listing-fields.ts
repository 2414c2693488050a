/**
 * Which fields of each listing a listingLoad / stayLoad request asks for, so the page query reads only
 * their columns (server/listings/search/listing.ts listingColumns). A search page asks for ~15 of the
 * ~70 columns; reading them all made the page query ~3 times dearer on PGlite.
 *
 * Only fields whose resolver reads exactly the PublicListing properties listed here are mapped; any
 * other field (showcase, currencies, similarHomes, fields other files add to Listing, …), a
 * fragment we cannot follow, or no `node` at all means "every column" (null). Over-reading is always
 * safe; listing-fields.test.ts checks every mapped field against a full read.
 */
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from '../graphql-js';
import type { ListingField, ListingFieldSet } from '../../listings/search/listing';

/** GraphQL Listing field → the PublicListing properties its resolver reads. */
export const LISTING_FIELD_PROPERTIES: Readonly<Record<string, readonly ListingField[]>> = {
  __typename: [],
  id: ['id'],
  listingCodeId: ['listingCodeId'],
  slugId: ['slugId'],
  orgCodeId: ['orgCodeId'],
  mlsNumber: ['mlsNumber'],
  location: ['latitude', 'longitude'],
  address: ['address'],
  area: ['area'],
  areaUnit: ['areaUnit'],
  bedrooms: ['bedrooms'],
  bathrooms: ['bathrooms'],
  priceInPennies: ['priceInPennies'],
  priceCurrencyCode: ['priceCurrencyCode'],
  photoUri: ['firstPhoto'],
  photoSrcset: ['firstPhoto'],
  photos: ['photos'],
  favoriteCount: ['favoriteCount'],
  isFavorite: ['id'],
  newListing: ['newListing'],
  classification: ['classification'],
  yearBuilt: ['yearBuilt'],
  timeZone: ['timeZone'],
  garageBays: ['garageBays'],
  hoaFee: ['hoaFeeInPennies'],
  hoaFeeFrequencyType: ['hoaFeeFrequency'],
  lotSize: ['lotSize'],
  lotSizeUnit: ['lotSizeUnit'],
  propertyType: ['propertyType'],
  overview: ['overview'],
  daysOnHearth: ['daysOnMarket'],
  enableRequestTour: ['enableRequestTour'],
  enableOffer: ['enableOffer'],
  underContract: ['underContract'],
  sold: ['sold'],
  status: ['status'],
  title: ['title'],
  priceLabel: ['priceLabel'],
  locationData: ['locationData'],
  drivingDirections: ['drivingDirections'],
  buildingData: ['buildingData'],
  videoSource: ['videoSource'],
  visitCount: ['visitCount'],
  tenantType: ['tenantType'],
  tenantGenderPreference: ['tenantGenderPreference'],
  preferredTenant: ['preferredTenant'],
  roomType: ['roomType'],
  foodIncluded: ['foodIncluded'],
  lastPriceUpdate: ['lastPriceDropDate', 'lastPriceDropInPennies'],
  listingBy: ['listOfficeName', 'listOfficePhone', 'listAgentName', 'listAgentPhone', 'listAgentEmail', 'listingSystem'],
  openHouse: ['id', 'openHouses'],
  priceHistory: ['id'],
};

class EveryField extends Error {}

/**
 * The fields of every selection set at `path` below the resolved field (through fragments), e.g.
 * ['edges', 'node']. Directives (@include, @skip) are ignored: the union of both branches is read.
 */
function collect(info: GraphQLResolveInfo, sets: readonly SelectionSetNode[], path: readonly string[], into: Set<string>): void {
  const visit = (set: SelectionSetNode, depth: number) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet, depth);
      else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = info.fragments[selection.name.value];
        if (!fragment) throw new EveryField();
        visit(fragment.selectionSet, depth);
      } else if (depth === path.length) into.add(selection.name.value);
      else if (selection.name.value === path[depth]) {
        if (!selection.selectionSet) throw new EveryField();
        visit(selection.selectionSet, depth + 1);
      }
    }
  };
  for (const set of sets) visit(set, 0);
}

/** Answers by the field's node in its document: a document run again (graphql-jit) asks about the same node. */
const answered = new WeakMap<object, ListingFieldSet | null>();

/** The PublicListing properties the listings at edges.node need, or null for all of them. */
export function requestedListingFields(info: GraphQLResolveInfo): ListingFieldSet | null {
  // A field node belongs to one parsed document, whose fragments are fixed: its answer never changes.
  // Several field nodes (the field asked twice, merged) are a new array on every run: not remembered.
  const node = info.fieldNodes.length === 1 ? info.fieldNodes[0]! : null;
  if (node && answered.has(node)) return answered.get(node)!;
  const fields = collectListingFields(info);
  if (node) answered.set(node, fields);
  return fields;
}

function collectListingFields(info: GraphQLResolveInfo): ListingFieldSet | null {
  const names = new Set<string>();
  try {
    const sets = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
    collect(info, sets, ['edges', 'node'], names);
  } catch (error) {
    if (error instanceof EveryField) return null;
    throw error;
  }
  return propertiesOf(names);
}

/** The PublicListing properties behind these Listing field names, or null when one is not mapped (read all). */
export function propertiesOf(names: Iterable<string>): ListingFieldSet | null {
  const fields = new Set<ListingField>();
  for (const name of names) {
    const properties = LISTING_FIELD_PROPERTIES[name];
    if (!properties) return null;
    for (const property of properties) fields.add(property);
  }
  return fields;
}
