/** What a heart does: sign in first when needed, save on the server, follow the session. */
import { requireSignIn } from '../auth/require-sign-in';
import { sessionAtom } from '../auth/session';
import { hearthStore } from '../state/store';
import { favoritesAtom, setFavorite } from './favorites';

export const SaveFavoriteMutation = /* GraphQL */ `
  mutation SaveFavorite($listingId: ID!) {
    saveFavorite(listingId: $listingId) {
      saved
      favorited
    }
  }
`;

export const FavoriteListingIdsQuery = /* GraphQL */ `
  query FavoriteListingIds {
    favoriteListings {
      listing {
        id
      }
    }
  }
`;

/** Toggles a favourite; null when the visitor did not sign in or the server refused (toasted). */
export async function toggleFavorite(listingId: string): Promise<boolean | null> {
  const user = await requireSignIn();
  if (!user) return null;
  const { graphqlClient } = await import('../graphql/client');
  const result = await graphqlClient()
    .mutation<{ saveFavorite: { saved: boolean; favorited: boolean } }>(SaveFavoriteMutation, { listingId })
    .toPromise();
  const favorited = result.data?.saveFavorite.favorited;
  if (typeof favorited !== 'boolean') return null;
  setFavorite(listingId, favorited);
  return favorited;
}

let syncing = false;

/** After sign-in, mark the user's favourites on every listing the page shows; after logout, clear the marks. */
export function followSessionForFavorites(): void {
  if (syncing) return;
  syncing = true;
  let wasSignedIn = hearthStore.get(sessionAtom).status === 'authenticated';
  const sync = async () => {
    const { graphqlClient } = await import('../graphql/client');
    const result = await graphqlClient()
      .query<{ favoriteListings: { listing: { id: string } }[] }>(FavoriteListingIdsQuery, {}, { requestPolicy: 'network-only', muteError: true })
      .toPromise();
    const ids = new Set(result.data?.favoriteListings.map((f) => f.listing.id) ?? []);
    hearthStore.set(favoritesAtom, (all) =>
      Object.fromEntries(Object.entries(all).map(([id, state]) => [id, { ...state, favorited: ids.has(id) }])),
    );
  };
  if (wasSignedIn) void sync();
  hearthStore.sub(sessionAtom, () => {
    const signedIn = hearthStore.get(sessionAtom).status === 'authenticated';
    if (signedIn && !wasSignedIn) void sync();
    if (!signedIn && wasSignedIn) {
      hearthStore.set(favoritesAtom, (all) => Object.fromEntries(Object.entries(all).map(([id, s]) => [id, { ...s, favorited: false }])));
    }
    wasSignedIn = signedIn;
  });
}
