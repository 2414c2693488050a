/**
 * The nested lists of SellerListing (spec §3 Case sellerListing: tours, openHouses, offers) and Case.media for
 * every seller listing or case of a request at once: myListings and cases answer pages of cases, and one query per listing and
 * field would be the N+1 problem. Each list is read by the batched form of the reader its separate query
 * uses (requestedTourByListing, openHousesByListing, offersByListing), with the same rule for the viewer.
 */
import type { Viewer } from '../accounts/session';
import type { Queryable } from '../db';
import { listingPhotosOfCases, type ListingPhotoRecord } from '../listing-photos/photos';
import { Batcher } from '../listings/search/batch';
import { listOffersByListings, type OfferRecord } from '../offers/offers';
import { listOpenHousesByListings, type SellerOpenHouse } from '../tours/open-houses';
import { listToursByListings, type TourRecord } from '../tours/tours';

export interface SellerListingLoaders {
  tours: Batcher<number, TourRecord[]>;
  openHouses: Batcher<number, SellerOpenHouse[]>;
  offers: Batcher<number, OfferRecord[]>;
  /** By case id: Case.media, the photos listingPhotos(applicationCaseId) shows the same viewer. */
  media: Batcher<number, ListingPhotoRecord[]>;
}

/** Asks once per distinct id, answers every key. */
const distinct =
  <V>(read: (ids: number[]) => Promise<V[]>) =>
  async (keys: number[]): Promise<V[]> => {
    const ids = [...new Set(keys)];
    const values = await read(ids);
    return keys.map((k) => values[ids.indexOf(k)]!);
  };

const loaders = new WeakMap<object, SellerListingLoaders>();

/** The loaders of one request (keyed by its context object) for its one viewer. */
export function sellerListingLoaders(context: object, db: Queryable, viewer: Viewer): SellerListingLoaders {
  let found = loaders.get(context);
  if (!found) {
    const user = viewer.user;
    found = {
      tours: new Batcher(distinct((ids) => listToursByListings(db, ids, user))),
      openHouses: new Batcher(distinct((ids) => listOpenHousesByListings(db, ids, user))),
      offers: new Batcher(distinct((ids) => listOffersByListings(db, ids, user))),
      media: new Batcher(distinct((ids) => listingPhotosOfCases(db, viewer, ids))),
    };
    loaders.set(context, found);
  }
  return found;
}
