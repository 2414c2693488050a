/**
 * A partner's owners and admins (issue 16), managed from the partner console: listed with their roles,
 * added by the email of an existing account, removed (never the last owner). Rules, audit and SQL:
 * server/partners/members.ts.
 */
import { z } from 'zod';
import { idArgument, notFound, requireViewer } from '../../accounts/viewer';
import { addPartnerMember, listPartnerMembers, MEMBERS_MAX, removePartnerMember, type MemberRole, type PartnerMember } from '../../partners/members';
import { builder } from './builder';
import { parseArgs } from './input';

const idOf = (value: string | number, what: string) => {
  try {
    return idArgument(value, what);
  } catch {
    throw notFound(what);
  }
};

const PartnerMemberRoleEnum = builder.enumType('PartnerMemberRole', {
  description: 'What a member is to a partner.',
  values: {
    OWNER: { value: 'owner', description: 'Manages everything, owners included.' },
    ADMIN: { value: 'admin', description: 'Manages the settings, leads, keys and the admins; not the owners.' },
  } as const,
});

const PartnerMemberRef = builder.objectRef<PartnerMember>('PartnerMember').implement({
  description: 'A person who manages a partner.',
  fields: (t) => ({
    userId: t.id({ description: 'Their account.', resolve: (m) => String(m.userId) }),
    email: t.exposeString('email', { description: 'Their email.' }),
    name: t.exposeString('name', { description: 'Their first and last name.' }),
    role: t.field({ type: PartnerMemberRoleEnum, description: 'Owner or admin.', resolve: (m) => m.role }),
    addedAt: t.string({ description: 'When they were added (ISO 8601).', resolve: (m) => m.addedAt.toISOString() }),
  }),
});

const AddArgs = z.object({ email: z.string().max(320, 'An email has at most 320 characters.') });

builder.queryField('partnerMembers', (t) =>
  t.field({
    type: [PartnerMemberRef],
    description: `A partner’s owners and admins (at most ${MEMBERS_MAX}), owners first; NOT_FOUND unless the viewer administers it.`,
    args: { partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }) },
    resolve: (_root, args, ctx) => listPartnerMembers(ctx.db, requireViewer(ctx).user, idOf(args.partnerId, 'Partner')),
  }),
);

builder.mutationField('addPartnerMember', (t) =>
  t.field({
    type: PartnerMemberRef,
    description: 'Adds the person with this email (an existing account) as an owner or admin (audited); only owners add owners.',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      email: t.arg.string({ required: true, description: 'The email of their Hearth account.' }),
      role: t.arg({ type: PartnerMemberRoleEnum, required: true, description: 'The role to give them.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { email } = parseArgs(AddArgs, { email: args.email });
      return addPartnerMember(ctx.db, viewer.user, idOf(args.partnerId, 'Partner'), email, args.role as MemberRole);
    },
  }),
);

builder.mutationField('removePartnerMember', (t) =>
  t.field({
    type: [PartnerMemberRef],
    description: 'Removes an owner or admin (audited; oneself too), never the last owner; answers the members left.',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      userId: t.arg.id({ required: true, description: 'The member’s account.' }),
    },
    resolve: (_root, args, ctx) => removePartnerMember(ctx.db, requireViewer(ctx).user, idOf(args.partnerId, 'Partner'), idOf(args.userId, 'Member')),
  }),
);
