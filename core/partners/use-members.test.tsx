// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { partnerTexts } from '../i18n/partners';
import type { Failure, Result } from '../graphql/call';
import { testRoot } from '../testing/react-root';
import type { MemberRole, PartnerInvitation, PartnerMember } from './members-api';

const api = vi.hoisted(() => ({
  loadPartnerMembers: vi.fn<(partnerId: string) => Promise<Result<PartnerMember[]>>>(),
  addPartnerMember: vi.fn<(partnerId: string, email: string, role: MemberRole) => Promise<Result<PartnerMember>>>(),
  removePartnerMember: vi.fn<(partnerId: string, userId: string) => Promise<Result<PartnerMember[]>>>(),
  loadPartnerInvitations: vi.fn<(partnerId: string) => Promise<Result<PartnerInvitation[]>>>(),
  invitePartnerMember: vi.fn<(partnerId: string, email: string, role: MemberRole) => Promise<Result<PartnerInvitation>>>(),
  revokePartnerInvitation: vi.fn<(partnerId: string, invitationId: string) => Promise<Result<PartnerInvitation[]>>>(),
}));
vi.mock('./members-api', () => api);

const { usePartnerMembers } = await import('./use-members');

const dom = testRoot();
let latest: ReturnType<typeof usePartnerMembers>;
function Probe() {
  latest = usePartnerMembers('7');
  return null;
}
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });

const owner: PartnerMember = { userId: '1', email: 'owner@example.com', name: 'Olive Owner', role: 'OWNER', addedAt: '2026-11-01T00:00:00.000Z' };
const invitation = (id: string, email: string, role: MemberRole = 'ADMIN'): PartnerInvitation => ({
  id,
  email,
  role,
  invitedBy: 'Olive Owner',
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-12-11T10:00:00.000Z',
});
const failure = (over: Partial<Failure>): Result<never> => ({ ok: false, failure: { kind: 'invalid', message: null, code: 'BAD_USER_INPUT', argument: null, ...over } });

beforeEach(() => {
  vi.clearAllMocks();
  api.loadPartnerMembers.mockResolvedValue({ ok: true, value: [owner] });
  api.loadPartnerInvitations.mockResolvedValue({ ok: true, value: [invitation('3', 'old@example.com')] });
});

describe('usePartnerMembers: invitations', () => {
  it('loads the pending invitations beside the members', async () => {
    await dom.renderAsync(<Probe />);
    await flush();
    expect(api.loadPartnerInvitations).toHaveBeenCalledWith('7');
    expect(latest.invitationsState).toEqual({ status: 'loaded', invitations: [invitation('3', 'old@example.com')] });
    expect(latest.offer).toBeNull();
  });

  it('offers an invitation when Add answers that nobody has that account, and sends it with the role chosen', async () => {
    await dom.renderAsync(<Probe />);
    await flush();
    api.addPartnerMember.mockResolvedValue(failure({ message: partnerTexts.members.noAccount, argument: 'email' }));
    await act(async () => void (await latest.add('  new@example.com ', 'ADMIN')));
    expect(latest.offer).toEqual({ email: 'new@example.com' });
    expect(latest.emailError).toBe(partnerTexts.members.noAccount);

    api.invitePartnerMember.mockResolvedValue({ ok: true, value: invitation('4', 'new@example.com', 'OWNER') });
    let sent = false;
    await act(async () => void (sent = await latest.invite('OWNER')));
    expect(sent).toBe(true);
    expect(api.invitePartnerMember).toHaveBeenCalledWith('7', 'new@example.com', 'OWNER');
    expect(latest.offer).toBeNull();
    expect(latest.emailError).toBeNull();
    expect(latest.notice).toEqual({ kind: 'invited', email: 'new@example.com' });
    expect(latest.invitationsState).toEqual({ status: 'loaded', invitations: [invitation('3', 'old@example.com'), invitation('4', 'new@example.com', 'OWNER')] });
  });

  it('offers nothing for other refusals, and shows a refused invitation beside the email field', async () => {
    await dom.renderAsync(<Probe />);
    await flush();
    api.addPartnerMember.mockResolvedValue(failure({ message: partnerTexts.members.emailInvalid, argument: 'email' }));
    await act(async () => void (await latest.add('nope', 'ADMIN')));
    expect(latest.offer).toBeNull();
    expect(latest.emailError).toBe(partnerTexts.members.emailInvalid);
    // Without an offer there is nothing to send.
    expect(await latest.invite('ADMIN')).toBe(false);
    expect(api.invitePartnerMember).not.toHaveBeenCalled();

    api.addPartnerMember.mockResolvedValue(failure({ message: partnerTexts.members.noAccount, argument: 'email' }));
    await act(async () => void (await latest.add('boss@example.com', 'OWNER')));
    api.invitePartnerMember.mockResolvedValue(failure({ message: partnerTexts.members.ownersOnly, code: 'FORBIDDEN' }));
    await act(async () => void (await latest.invite('OWNER')));
    expect(latest.emailError).toBe(partnerTexts.members.ownersOnly);
    expect(latest.invitationsState).toEqual({ status: 'loaded', invitations: [invitation('3', 'old@example.com')] });
  });

  it('revokes only after the confirmation, and keeps the list on a refusal', async () => {
    await dom.renderAsync(<Probe />);
    await flush();
    act(() => latest.askRevoke(invitation('3', 'old@example.com')));
    expect(latest.confirming?.id).toBe('3');
    act(() => latest.cancelRevoke());
    expect(latest.confirming).toBeNull();
    expect(api.revokePartnerInvitation).not.toHaveBeenCalled();

    act(() => latest.askRevoke(invitation('3', 'old@example.com')));
    api.revokePartnerInvitation.mockResolvedValue(failure({ kind: 'not-found', code: 'NOT_FOUND', message: partnerTexts.invitations.notFound }));
    await act(async () => latest.revoke());
    expect(latest.confirming).toBeNull();
    expect(latest.notice).toEqual({ kind: 'failed', message: partnerTexts.invitations.notFound });
    expect(latest.invitationsState).toEqual({ status: 'loaded', invitations: [invitation('3', 'old@example.com')] });

    act(() => latest.askRevoke(invitation('3', 'old@example.com')));
    api.revokePartnerInvitation.mockResolvedValue({ ok: true, value: [] });
    await act(async () => latest.revoke());
    expect(api.revokePartnerInvitation).toHaveBeenLastCalledWith('7', '3');
    expect(latest.notice).toEqual({ kind: 'revoked', email: 'old@example.com' });
    expect(latest.invitationsState).toEqual({ status: 'loaded', invitations: [] });
  });

  it('shows a failed load of the invitations on its own', async () => {
    api.loadPartnerInvitations.mockResolvedValue(failure({ kind: 'server', code: null, message: 'Boom.' }));
    await dom.renderAsync(<Probe />);
    await flush();
    expect(latest.state).toEqual({ status: 'loaded', members: [owner] });
    expect(latest.invitationsState).toEqual({ status: 'failed', message: 'Boom.' });
  });
});
