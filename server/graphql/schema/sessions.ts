/**
 * Signed-in devices (issue 22): the viewer's live credentials (API tokens and hosted-site sessions) with the
 * device each was issued to, and signing one out or all the others. The viewer's own only: another user's
 * credential id is NOT_FOUND, exactly like an id that does not exist.
 */
import { listCredentials, revokeAllCredentials, revokeOwnCredential, type DeviceSession } from '../../accounts/tokens';
import { idArgument, notFound, requireViewer } from '../../accounts/viewer';
import { builder } from './builder';

interface SessionView extends DeviceSession {
  current: boolean;
}

const SessionKindEnum = builder.enumType('SessionKind', {
  description: 'How a signed-in device calls the API.',
  values: {
    TOKEN: { value: 'token', description: 'An API token sent in the Authorization header (embeds, apps).' },
    SESSION: { value: 'session', description: 'A cookie session of the hosted site.' },
  } as const,
});

const DeviceSessionType = builder.objectRef<SessionView>('DeviceSession').implement({
  description: 'One signed-in device of the viewer: a live API token, or hosted-site session (with the token of the same sign-in).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The credential’s id (never its secret).' }),
    kind: t.field({ type: SessionKindEnum, description: 'Token or cookie session.', resolve: (s) => s.kind }),
    device: t.string({
      nullable: true,
      description: 'The device it was issued to, from its user agent ("Chrome on Linux"); null when unknown.',
      resolve: (s) => s.device,
    }),
    createdAt: t.string({ description: 'When it was issued (ISO 8601).', resolve: (s) => s.createdAt.toISOString() }),
    lastUsedAt: t.string({
      description: 'When it was last used (ISO 8601; recorded at most once a minute).',
      resolve: (s) => s.lastUsedAt.toISOString(),
    }),
    current: t.exposeBoolean('current', { description: 'Whether this request was made with it.' }),
  }),
});

const RevokeSessionResult = builder.objectRef<{ id: number; revoked: boolean }>('RevokeSessionResult').implement({
  description: 'The device that was signed out.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The credential’s id.' }),
    revoked: t.exposeBoolean('revoked', { description: 'Always true: an unknown id is NOT_FOUND.' }),
  }),
});

const RevokeOtherSessionsResult = builder.objectRef<{ revoked: number }>('RevokeOtherSessionsResult').implement({
  description: 'How many other devices were signed out.',
  fields: (t) => ({ revoked: t.exposeInt('revoked', { description: 'The number of credentials revoked.' }) }),
});

builder.queryField('mySessions', (t) =>
  t.field({
    type: [DeviceSessionType],
    description: 'The viewer’s signed-in devices (live tokens and sessions), most recently used first.',
    resolve: async (_root, _args, ctx) => {
      const viewer = requireViewer(ctx);
      return listCredentials(ctx.db, viewer.user.id, viewer.credentialId);
    },
  }),
);

builder.mutationField('revokeSession', (t) =>
  t.field({
    type: RevokeSessionResult,
    description: 'Signs one of the viewer’s devices out: its next request is unauthenticated. NOT_FOUND for any other id.',
    args: { id: t.arg.id({ required: true, description: 'The DeviceSession id.' }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = idArgument(args.id, 'Session');
      if (!(await revokeOwnCredential(ctx.db, viewer.user.id, id))) throw notFound('Session');
      return { id, revoked: true };
    },
  }),
);

builder.mutationField('revokeOtherSessions', (t) =>
  t.field({
    type: RevokeOtherSessionsResult,
    description: 'Signs out every device of the viewer except the one making this request.',
    resolve: async (_root, _args, ctx) => {
      const viewer = requireViewer(ctx);
      return { revoked: await revokeAllCredentials(ctx.db, viewer.user.id, viewer.credentialId) };
    },
  }),
);
