/**
 * The signed-in user's account (spec §7 me, saveSettings, uploadUserPhoto; the notifications page; removing the
 * photo, changing the password and deleting the account, issue 35).
 * Every field here answers for the viewer only: on /public_graphql/, or without a valid token or
 * session, they fail with UNAUTHENTICATED; ids of other users' things read as NOT_FOUND.
 */
import { z } from 'zod';
import { deleteOwnAccount } from '../../accounts/deletion';
import { changeOwnPassword } from '../../accounts/password-change';
import { removeOwnPhoto, replaceUserPhoto } from '../../accounts/photos';
import { listNotifications, markNotificationsRead, NOTIFICATIONS_PAGE_MAX, type NotificationRecord } from '../../accounts/notifications';
import { saveSettings } from '../../accounts/settings';
import { findUserById, type UserRecord } from '../../accounts/users';
import { idArgument, requireViewer } from '../../accounts/viewer';
import { partnerPhoneCountry } from '../../contact/phone';
import { badFields } from '../../domain-error';
import { publicUrl } from '../../http/public-url';
import { builder } from './builder';
import { parseArgs } from './input';
import { phoneField } from './phone';
import { GraphQLError } from '../graphql-js';
// The rest of the account schema: one import in index.ts brings in all three files.
import './favourites';
import './saved-searches';

// ---------------------------------------------------------------------------------------------------
// Types

builder.scalarType('File', {
  description: 'A file sent with the GraphQL multipart request spec (input only).',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar.');
  },
  parseValue: (value) => {
    // Yoga's multipart parser hands over its own File implementation, so this checks the shape, not the class.
    if (isUploadedFile(value)) return value;
    throw new GraphQLError('Expected a file upload.', { extensions: { code: 'BAD_USER_INPUT' } });
  },
});

function isUploadedFile(value: unknown): value is File {
  const file = value as Partial<File> | null;
  return typeof file === 'object' && file !== null && typeof file.arrayBuffer === 'function' && typeof file.size === 'number';
}

const UserRoleEnum = builder.enumType('UserRole', {
  description: "A user's professional role (spec §6).",
  values: ['ATTORNEY', 'PARALEGAL'] as const,
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const User = builder.objectRef<UserRecord>('User').implement({
  description: 'The signed-in user (spec §3 User).',
  fields: (t) => ({
    id: t.exposeID('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    image: t.string({ nullable: true, description: 'Absolute URL of the photo.', resolve: (u, _a, ctx) => publicUrl(u.image || null, ctx.publicOrigin) }),
    email: t.exposeString('email'),
    emailVerified: t.boolean({ resolve: (u) => u.emailVerifiedAt !== null }),
    phone: phoneField(t, { description: 'Empty when not given.', phone: (u) => u.phone }),
    agent: t.exposeBoolean('agent'),
    legalName: t.exposeString('legalName'),
    hasPassword: t.boolean({
      description: 'Whether the account has a password (false: it signs in with Google only).',
      resolve: (u) => u.passwordHash !== null,
    }),
    googleLinked: t.exposeBoolean('googleLinked', { description: 'Whether a Google account is linked (signing in with Google opens this account).' }),
    notificationSettings: t.field({ type: 'JSON', resolve: (u) => u.notificationSettings }),
    isSuperuser: t.exposeBoolean('isSuperuser'),
    role: t.field({ type: UserRoleEnum, nullable: true, resolve: (u) => u.role }),
    isRepresentative: t.exposeBoolean('isRepresentative'),
    isCompanyManager: t.exposeBoolean('isCompanyManager'),
    isManager: t.exposeBoolean('isManager'),
    hasNewDashboard: t.exposeBoolean('hasNewDashboard'),
    createdAt: t.string({ resolve: (u) => u.createdAt.toISOString() }),
  }),
});

const NotificationRef = builder.objectRef<NotificationRecord>('Notification').implement({
  description: "A message to the user in the app, e.g. a saved search's new matches.",
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', { description: 'e.g. SAVED_SEARCH_ALERT.' }),
    title: t.exposeString('title'),
    body: t.exposeString('body'),
    link: t.exposeString('link', { nullable: true }),
    createdAt: t.string({ resolve: (n) => n.createdAt.toISOString() }),
    read: t.boolean({ resolve: (n) => n.readAt !== null }),
    readAt: t.string({ nullable: true, resolve: (n) => iso(n.readAt) }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('me', (t) =>
  t.field({
    type: User,
    description: 'The signed-in user (account settings). UNAUTHENTICATED without a session or token.',
    resolve: async (_root, _args, ctx) => {
      const viewer = requireViewer(ctx);
      return (await findUserById(ctx.db, viewer.user.id)) ?? viewer.user;
    },
  }),
);

builder.queryField('notifications', (t) =>
  t.field({
    type: [NotificationRef],
    description: `The viewer's notifications, newest first (at most ${NOTIFICATIONS_PAGE_MAX}).`,
    args: { limit: t.arg.int({ description: `Default and maximum ${NOTIFICATIONS_PAGE_MAX}.` }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const limit = Math.min(Math.max(args.limit ?? NOTIFICATIONS_PAGE_MAX, 1), NOTIFICATIONS_PAGE_MAX);
      return listNotifications(ctx.db, viewer.user.id, limit);
    },
  }),
);

// ---------------------------------------------------------------------------------------------------
// Mutations

builder.mutationField('saveSettings', (t) =>
  t.field({
    type: User,
    description: 'Changes the given fields of the viewer. A new email address has to be confirmed again.',
    args: {
      firstName: t.arg.string({ description: 'First name.' }),
      lastName: t.arg.string({ description: 'Last name.' }),
      email: t.arg.string({ description: "Email address; must be free (another account's is refused)." }),
      phone: t.arg.string({ description: 'Phone number.' }),
      agent: t.arg.boolean({ description: 'Whether the user is a real-estate agent.' }),
      legalName: t.arg.string({ description: 'Full legal name, as on documents.' }),
      notificationSettings: t.arg({ type: 'JSON', description: 'Which notifications the user wants, by kind.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const current = (await findUserById(ctx.db, viewer.user.id)) ?? viewer.user;
      const result = await saveSettings(ctx.db, current, args, ctx.publicOrigin, ctx.partner, partnerPhoneCountry(ctx.partner));
      if (!result.ok) throw badFields(result.fields);
      return result.user;
    },
  }),
);

builder.mutationField('uploadUserPhoto', (t) =>
  t.field({
    type: User,
    description: 'Sets the viewer’s photo: JPEG, PNG, WebP or GIF (read from the content), at most 5 MB and 40 megapixels; stored re-encoded as WebP within 800 × 800, without its metadata.',
    args: { file: t.arg({ type: 'File', required: true, description: 'The image, as a GraphQL multipart upload.' }) },
    resolve: async (_root, { file }, ctx) => {
      const viewer = requireViewer(ctx);
      await replaceUserPhoto(ctx.db, viewer.user.id, new Uint8Array(await file.arrayBuffer()), { partnerId: ctx.partner.id, signal: ctx.signal });
      return (await findUserById(ctx.db, viewer.user.id))!;
    },
  }),
);

builder.mutationField('markNotificationsRead', (t) =>
  t.int({
    description: 'Marks the given notifications of the viewer read (all when ids is omitted); returns how many changed.',
    args: { ids: t.arg.idList({ description: "The notifications to mark read; all of the user's when omitted." }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const ids = args.ids ? args.ids.map((id) => idArgument(id, 'Notification')) : null;
      return markNotificationsRead(ctx.db, viewer.user.id, ids);
    },
  }),
);

builder.mutationField('removeUserPhoto', (t) =>
  t.field({
    type: User,
    description: 'Removes the viewer’s photo (and our stored file of it).',
    resolve: async (_root, _args, ctx) => {
      const viewer = requireViewer(ctx);
      await removeOwnPhoto(ctx.db, viewer.user.id);
      return (await findUserById(ctx.db, viewer.user.id))!;
    },
  }),
);

const PASSWORD_ARGUMENT_MAX = 1000;
const passwordText = (name: string) => z.string().max(PASSWORD_ARGUMENT_MAX, `${name} is at most ${PASSWORD_ARGUMENT_MAX} characters.`);
const ChangePasswordArgs = z.object({ currentPassword: passwordText('currentPassword').nullish(), newPassword: passwordText('newPassword') });
const DeleteAccountArgs = z.object({ password: passwordText('password').nullish() });

const ChangePasswordResult = builder.objectRef<{ signedOutDevices: number }>('ChangePasswordResult').implement({
  description: 'A password changed: the other devices were signed out.',
  fields: (t) => ({ signedOutDevices: t.exposeInt('signedOutDevices', { description: 'How many other devices were signed out.' }) }),
});

builder.mutationField('changePassword', (t) =>
  t.field({
    type: ChangePasswordResult,
    description:
      'Sets a new password for the viewer. currentPassword confirms it is them (an account without a password needs a sign-in of the last 10 minutes instead); ' +
      'after 5 wrong ones in 15 minutes it is RATE_LIMITED. The new password must pass the password rules (/v1/api/password-validation-requirements/). ' +
      'Every other device is signed out and every reset link ends; this device stays signed in, and the owner is mailed.',
    args: {
      currentPassword: t.arg.string({ description: 'The password the account has now.' }),
      newPassword: t.arg.string({ required: true, description: 'The new password.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { currentPassword, newPassword } = parseArgs(ChangePasswordArgs, args);
      return changeOwnPassword(ctx.db, viewer, { currentPassword: currentPassword ?? null, newPassword });
    },
  }),
);

const DeleteAccountResult = builder.objectRef<{ deleted: boolean }>('DeleteAccountResult').implement({
  description: 'The account was deleted.',
  fields: (t) => ({ deleted: t.exposeBoolean('deleted', { description: 'Always true: a refusal is an error.' }) }),
});

builder.mutationField('deleteAccount', (t) =>
  t.field({
    type: DeleteAccountResult,
    description:
      'Deletes the viewer’s account: personal data is removed or anonymised table by table (docs/privacy.md), files are removed, ' +
      'every session and token ends and the email address is free again. password confirms it is them (as changePassword). ' +
      'FORBIDDEN while the viewer is the only owner of a partner.',
    args: { password: t.arg.string({ description: 'The password the account has now.' }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { password } = parseArgs(DeleteAccountArgs, args);
      await deleteOwnAccount(ctx.db, viewer, password ?? null);
      return { deleted: true };
    },
  }),
);
