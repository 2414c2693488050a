/** What a heart does: sign in first when needed, save on the server, follow the session. */
import * as z from 'zod/mini';
import { requireSignIn } from '../auth/require-sign-in';
import { sessionAtom } from '../auth/session';
import { mutate, query } from '../graphql/call';
import { hearthStore } from '../state/store';
import { lazySchema } from '../validation/lazy-schema';
import { favoritesAtom, setFavorite } from './favorites';
import { CACHE_POLICIES } from '../graphql/cache-policies';

z.config({ jitless: true });

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

const savedSchema = lazySchema(() => z.object({ saved: z.boolean(), favorited: z.boolean() }));
const favoriteIdsSchema = lazySchema(() => z.array(z.object({ listing: z.object({ id: z.string() }) })));

/** Toggles a favourite; null when the visitor did not sign in or the server refused (toasted). */
export async function toggleFavorite(listingId: string): Promise<boolean | null> {
  const user = await requireSignIn();
  if (!user) return null;
  const saved = await mutate(SaveFavoriteMutation, { listingId }, savedSchema);
  if (!saved.ok) return null;
  setFavorite(listingId, saved.value.favorited);
  return saved.value.favorited;
}

let syncing = false;

/** After sign-in, mark the user's favourites on every listing the page shows; after logout, clear the marks. */
export function followSessionForFavorites(): void {
  if (syncing) return;
  syncing = true;
  let wasSignedIn = hearthStore.get(sessionAtom).status === 'authenticated';
  const sync = async () => {
    const favorites = await query(FavoriteListingIdsQuery, {}, favoriteIdsSchema, { requestPolicy: CACHE_POLICIES.favoriteListings, muteError: true });
    const ids = new Set(favorites.ok ? favorites.value.map((f) => f.listing.id) : []);
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
