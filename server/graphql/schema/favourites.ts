/**
 * Favourites (spec §3 Favourite, §7 favoriteListings, saveFavorite). The viewer's own only.
 * Listing.isFavorite is answered by `isFavoriteForViewer` (server/accounts/favorites.ts).
 */
import { favoriteListings, forgetViewerFavorites, toggleFavorite, type FavoriteEntry } from '../../accounts/favorites';
import { idArgument, notFound, requireViewer } from '../../accounts/viewer';
import { builder } from './builder';
import { Listing } from './listings';

const FavoriteListing = builder.objectRef<FavoriteEntry>('FavoriteListing').implement({
  description: 'A listing the user saved as a favourite.',
  fields: (t) => ({
    dateSaved: t.string({ description: 'When the viewer saved it (ISO 8601).', resolve: (f) => f.dateSaved.toISOString() }),
    listing: t.field({ type: Listing, resolve: (f) => f.listing }),
  }),
});

const SaveFavoriteResult = builder.objectRef<{ saved: boolean; favorited: boolean }>('SaveFavoriteResult').implement({
  description: 'Whether the listing is a favourite now.',
  fields: (t) => ({
    saved: t.exposeBoolean('saved', { description: 'The change was stored.' }),
    favorited: t.exposeBoolean('favorited', { description: 'The listing is now among the viewer’s favourites.' }),
  }),
});

builder.queryField('favoriteListings', (t) =>
  t.field({
    type: [FavoriteListing],
    description: 'The viewer’s favourite listings, most recently saved first.',
    resolve: (_root, _args, ctx) => favoriteListings(ctx.db, requireViewer(ctx).user.id),
  }),
);

builder.mutationField('saveFavorite', (t) =>
  t.field({
    type: SaveFavoriteResult,
    description: 'Adds the listing to the viewer’s favourites, or removes it when it is there (a toggle).',
    args: { listingId: t.arg.id({ required: true, description: "The listing to add to or remove from the user's favourites." }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const result = await toggleFavorite(ctx.db, viewer.user.id, idArgument(args.listingId, 'Listing'));
      if (!result) throw notFound('Listing');
      forgetViewerFavorites(ctx);
      return { saved: true, favorited: result.favorited };
    },
  }),
);
