/** Saved searches (spec §3 Saved search, §7 saveSearch, savedSearches, savedSearch, deleteSaved; updateSavedSearch renames and sets the alerts). The viewer's own only. */
import { z } from 'zod';
import {
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  NOTIFICATION_FREQUENCIES,
  parseSearchModel,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_PER_USER,
  updateSavedSearch,
  type SavedSearchRecord,
} from '../../accounts/saved-searches';
import { idArgument, notFound, requireViewer } from '../../accounts/viewer';
import { badInput } from '../../domain-error';
import { builder } from './builder';
import { parseArgs } from './input';

const NotificationFrequencyEnum = builder.enumType('NotificationFrequency', {
  description: 'How often the viewer is emailed new listings that match: INSTANT checks every 10 minutes.',
  values: NOTIFICATION_FREQUENCIES,
});

const SavedSearch = builder.objectRef<SavedSearchRecord>('SavedSearch').implement({
  description: 'A search the user saved, with how often new matches are mailed.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    searchModel: t.string({
      description: 'The saved search as JSON text: { geoInput, searchInput, … } as listingLoad takes them.',
      resolve: (s) => JSON.stringify(s.searchModel),
    }),
    notificationFrequency: t.field({ type: NotificationFrequencyEnum, resolve: (s) => s.notificationFrequency }),
    createdAt: t.string({ resolve: (s) => s.createdAt.toISOString() }),
  }),
});

const DeleteSavedResult = builder.objectRef<{ id: number; deleted: boolean }>('DeleteSavedResult').implement({
  description: 'Whether the saved search was deleted.',
  fields: (t) => ({ id: t.exposeID('id'), deleted: t.exposeBoolean('deleted') }),
});

const searchName = z
  .string()
  .trim()
  .min(1, 'Please name the search.')
  .max(SAVED_SEARCH_NAME_MAX, `Keep the name under ${SAVED_SEARCH_NAME_MAX} characters.`);

const SaveSearchArgs = z.object({
  name: searchName,
  searchModal: z.unknown().transform((value, ctx) => {
    const parsed = parseSearchModel(value);
    if (parsed.ok) return parsed.model;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
});

builder.queryField('savedSearches', (t) =>
  t.field({
    type: [SavedSearch],
    description: 'The viewer’s saved searches, newest first.',
    resolve: (_root, _args, ctx) => listSavedSearches(ctx.db, requireViewer(ctx).user.id),
  }),
);

builder.queryField('savedSearch', (t) =>
  t.field({
    type: SavedSearch,
    description: 'One of the viewer’s saved searches; NOT_FOUND for any other id.',
    args: { id: t.arg.id({ required: true, description: "The saved search's id." }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const search = await findSavedSearch(ctx.db, viewer.user.id, idArgument(args.id, 'Saved search'));
      if (!search) throw notFound('Saved search');
      return search;
    },
  }),
);

builder.mutationField('saveSearch', (t) =>
  t.field({
    type: SavedSearch,
    description: `Saves a search under a name (at most ${SAVED_SEARCHES_PER_USER} per user).`,
    args: {
      name: t.arg.string({ required: true, description: 'The name the user gives the search.' }),
      notificationFrequency: t.arg({ type: NotificationFrequencyEnum, required: true, description: 'How often new matches are mailed.' }),
      searchModal: t.arg({ type: 'JSON', required: true, description: 'The search: an object or its JSON text.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { name, searchModal } = parseArgs(SaveSearchArgs, args);
      const saved = await insertSavedSearch(ctx.db, viewer.user.id, { name, model: searchModal, frequency: args.notificationFrequency });
      if (!saved) throw badInput(`You can keep at most ${SAVED_SEARCHES_PER_USER} saved searches.`, 'name');
      return saved;
    },
  }),
);

builder.mutationField('deleteSaved', (t) =>
  t.field({
    type: DeleteSavedResult,
    description: 'Deletes one of the viewer’s saved searches; NOT_FOUND for any other id.',
    args: { id: t.arg.id({ required: true, description: "The saved search's id." }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = idArgument(args.id, 'Saved search');
      if (!(await deleteSavedSearch(ctx.db, viewer.user.id, id))) throw notFound('Saved search');
      return { id, deleted: true };
    },
  }),
);

const UpdateSavedSearchArgs = z.object({ name: searchName.nullish() });

builder.mutationField('updateSavedSearch', (t) =>
  t.field({
    type: SavedSearch,
    description:
      'Renames one of the viewer’s saved searches and/or changes how often new matches are mailed (NEVER: alerts off; turned on again, only listings added from then on count). NOT_FOUND for any other id.',
    args: {
      id: t.arg.id({ required: true, description: "The saved search's id." }),
      name: t.arg.string({ description: 'The new name (1 to 200 characters); absent: unchanged.' }),
      notificationFrequency: t.arg({ type: NotificationFrequencyEnum, description: 'How often new matches are mailed; absent: unchanged.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = idArgument(args.id, 'Saved search');
      const { name } = parseArgs(UpdateSavedSearchArgs, args);
      if (name == null && args.notificationFrequency == null) throw badInput('Say what to change: name or notificationFrequency.', 'name');
      const updated = await updateSavedSearch(ctx.db, viewer.user.id, id, { name: name ?? null, frequency: args.notificationFrequency ?? null });
      if (!updated) throw notFound('Saved search');
      return updated;
    },
  }),
);
