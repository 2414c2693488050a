/**
 * Invitations to manage a partner (issue 16), from the partner console: an owner or admin invites a person
 * who has no Hearth account yet; once they sign up with that address and confirm it, they become an owner
 * or admin. Listed while pending, revoked. Rules, mail, audit and SQL: server/partners/invitations.ts.
 */
import type { EnumRef } from '@pothos/core';
import { z } from 'zod';
import { idArgument, requireViewer } from '../../accounts/viewer';
import { invitePartnerMember, partnerInvitations, revokePartnerInvitation, type PartnerInvitation } from '../../partners/invitations';
import { MEMBERS_MAX, type MemberRole } from '../../partners/members';
import { builder } from './builder';
import { parseArgs } from './input';

/** The role enum partner-members.ts declares (OWNER, ADMIN ↔ 'owner', 'admin'), by its name. */
const PartnerMemberRoleName = 'PartnerMemberRole' as unknown as EnumRef<typeof builder.$inferSchemaTypes, MemberRole>;

const PartnerInvitationRef = builder.objectRef<PartnerInvitation>('PartnerInvitation').implement({
  description: 'An invitation to manage a partner, sent to a person without a Hearth account; pending until they sign up with that address and confirm it.',
  fields: (t) => ({
    id: t.id({ description: 'The invitation.', resolve: (i) => String(i.id) }),
    email: t.exposeString('email', { description: 'The address it was sent to; only an account with this address accepts it.' }),
    role: t.field({ type: PartnerMemberRoleName, description: 'The role it gives: owner or admin.', resolve: (i) => i.role }),
    invitedBy: t.string({
      nullable: true,
      description: 'Who sent it (their name, else their email); null once that account is gone.',
      resolve: (i) => i.invitedBy,
    }),
    createdAt: t.string({ description: 'When it was sent, or last renewed (ISO 8601).', resolve: (i) => i.createdAt.toISOString() }),
    expiresAt: t.string({ description: 'Until when it may be accepted (ISO 8601): 14 days after sending.', resolve: (i) => i.expiresAt.toISOString() }),
  }),
});

const InviteArgs = z.object({ email: z.string().max(320, 'An email has at most 320 characters.') });

builder.queryField('partnerInvitations', (t) =>
  t.field({
    type: [PartnerInvitationRef],
    description: `A partner’s pending, unexpired invitations (at most ${MEMBERS_MAX}), oldest first; NOT_FOUND unless the viewer administers it.`,
    args: { partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }) },
    resolve: (_root, args, ctx) => partnerInvitations(ctx.db, requireViewer(ctx).user, idArgument(args.partnerId, 'Partner')),
  }),
);

builder.mutationField('invitePartnerMember', (t) =>
  t.field({
    type: PartnerInvitationRef,
    description:
      'Invites a person without a Hearth account to become an owner or admin: mails them the invitation (14 days; audited). Refused for an address that has an account (use addPartnerMember); an address already invited gets its invitation renewed. Only owners invite owners.',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      email: t.arg.string({ required: true, description: 'The address to invite; they sign up with it.' }),
      role: t.arg({ type: PartnerMemberRoleName, required: true, description: 'The role they get on accepting.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { email } = parseArgs(InviteArgs, { email: args.email });
      return invitePartnerMember(ctx.db, viewer.user, idArgument(args.partnerId, 'Partner'), email, args.role, ctx.publicOrigin);
    },
  }),
);

builder.mutationField('revokePartnerInvitation', (t) =>
  t.field({
    type: [PartnerInvitationRef],
    description: 'Revokes a pending invitation (audited; an owner’s only by an owner); answers the pending invitations left.',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      invitationId: t.arg.id({ required: true, description: 'The invitation.' }),
    },
    resolve: (_root, args, ctx) =>
      revokePartnerInvitation(ctx.db, requireViewer(ctx).user, idArgument(args.partnerId, 'Partner'), idArgument(args.invitationId, 'Invitation')),
  }),
);
