/**
 * A partner's owners and admins over GraphQL (issue 16; server/graphql/schema/partner-members.ts): list,
 * add by email, remove; and the invitations of people without an account yet (partner-invitations.ts):
 * list the pending ones, invite, revoke. Errors come back as values: the console shows them beside the
 * email field.
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

const MEMBER_FIELDS = /* GraphQL */ `
  userId
  email
  name
  role
  addedAt
`;

export const PartnerMembersQuery = /* GraphQL */ `
  query PartnerMembers($partnerId: ID!) {
    partnerMembers(partnerId: $partnerId) {
      ${MEMBER_FIELDS}
    }
  }
`;

export const AddPartnerMemberMutation = /* GraphQL */ `
  mutation AddPartnerMember($partnerId: ID!, $email: String!, $role: PartnerMemberRole!) {
    addPartnerMember(partnerId: $partnerId, email: $email, role: $role) {
      ${MEMBER_FIELDS}
    }
  }
`;

export const RemovePartnerMemberMutation = /* GraphQL */ `
  mutation RemovePartnerMember($partnerId: ID!, $userId: ID!) {
    removePartnerMember(partnerId: $partnerId, userId: $userId) {
      ${MEMBER_FIELDS}
    }
  }
`;

export const MEMBER_ROLES = ['OWNER', 'ADMIN'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

const memberShape = () => ({ userId: z.string(), email: z.string(), name: z.string(), role: z.enum(MEMBER_ROLES), addedAt: z.string() });
const memberSchema = lazySchema(() => z.object(memberShape()));
const membersSchema = lazySchema(() => z.array(z.object(memberShape())));

export type PartnerMember = z.infer<ReturnType<typeof memberSchema.schema>>;

export function loadPartnerMembers(partnerId: string): Promise<Result<PartnerMember[]>> {
  return query(PartnerMembersQuery, { partnerId }, membersSchema, { muteError: true, requestPolicy: 'network-only' });
}

export function addPartnerMember(partnerId: string, email: string, role: MemberRole): Promise<Result<PartnerMember>> {
  return mutate(AddPartnerMemberMutation, { partnerId, email, role }, memberSchema, { muteError: true });
}

export function removePartnerMember(partnerId: string, userId: string): Promise<Result<PartnerMember[]>> {
  return mutate(RemovePartnerMemberMutation, { partnerId, userId }, membersSchema, { muteError: true });
}

// ---- Invitations of people without a Hearth account (server/graphql/schema/partner-invitations.ts)

const INVITATION_FIELDS = /* GraphQL */ `
  id
  email
  role
  invitedBy
  createdAt
  expiresAt
`;

export const PartnerInvitationsQuery = /* GraphQL */ `
  query PartnerInvitations($partnerId: ID!) {
    partnerInvitations(partnerId: $partnerId) {
      ${INVITATION_FIELDS}
    }
  }
`;

export const InvitePartnerMemberMutation = /* GraphQL */ `
  mutation InvitePartnerMember($partnerId: ID!, $email: String!, $role: PartnerMemberRole!) {
    invitePartnerMember(partnerId: $partnerId, email: $email, role: $role) {
      ${INVITATION_FIELDS}
    }
  }
`;

export const RevokePartnerInvitationMutation = /* GraphQL */ `
  mutation RevokePartnerInvitation($partnerId: ID!, $invitationId: ID!) {
    revokePartnerInvitation(partnerId: $partnerId, invitationId: $invitationId) {
      ${INVITATION_FIELDS}
    }
  }
`;

const invitationShape = () => ({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  invitedBy: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
});
const invitationSchema = lazySchema(() => z.object(invitationShape()));
const invitationsSchema = lazySchema(() => z.array(z.object(invitationShape())));

export type PartnerInvitation = z.infer<ReturnType<typeof invitationSchema.schema>>;

export function loadPartnerInvitations(partnerId: string): Promise<Result<PartnerInvitation[]>> {
  return query(PartnerInvitationsQuery, { partnerId }, invitationsSchema, { muteError: true, requestPolicy: 'network-only' });
}

export function invitePartnerMember(partnerId: string, email: string, role: MemberRole): Promise<Result<PartnerInvitation>> {
  return mutate(InvitePartnerMemberMutation, { partnerId, email, role }, invitationSchema, { muteError: true });
}

export function revokePartnerInvitation(partnerId: string, invitationId: string): Promise<Result<PartnerInvitation[]>> {
  return mutate(RevokePartnerInvitationMutation, { partnerId, invitationId }, invitationsSchema, { muteError: true });
}
