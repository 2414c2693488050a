/**
 * The console's Members tab: the partner's owners and admins (useLoad), adding one by email, removing one;
 * and, for an email without a Hearth account, an invitation: offered when Add answers that there is no
 * account, the pending invitations listed (useLoad) and revoked after a confirmation.
 */
import { useState } from 'react';
import { partnerTexts } from '../i18n/partners';
import { useLoad, type Load } from '../graphql/use-load';
import {
  addPartnerMember,
  invitePartnerMember,
  loadPartnerInvitations,
  loadPartnerMembers,
  removePartnerMember,
  revokePartnerInvitation,
  type MemberRole,
  type PartnerInvitation,
  type PartnerMember,
} from './members-api';

/** A list of the tab as it shows: loading, failed, or loaded with its items under `key`. */
type ListState<K extends string, T> = { status: 'loading' } | { status: 'failed'; message: string | null } | ({ status: 'loaded' } & Record<K, T[]>);
export type MembersState = ListState<'members', PartnerMember>;
export type InvitationsState = ListState<'invitations', PartnerInvitation>;
export type MembersNotice = { kind: 'added' | 'removed' | 'invited' | 'revoked'; email: string } | { kind: 'failed'; message: string | null };
/** Add answered that nobody has an account with this email: an invitation may be sent instead. */
export interface InviteOffer {
  email: string;
}

/** Whether a failed Add means "no account with that email" (the server's text for it, on the email argument). */
const isNoAccount = (failure: { argument?: string | null; message: string | null }) =>
  failure.argument === 'email' && failure.message === partnerTexts.members.noAccount;

/** The list after this tab's own change (`changed`, when it is of this partner), else as loaded. */
function listState<K extends string, T>(key: K, load: Load<T[]>, changed: T[] | null): ListState<K, T> {
  const items = changed ?? (load.result?.ok ? load.result.value : null);
  if (items) return { status: 'loaded', [key]: items } as { status: 'loaded' } & Record<K, T[]>;
  if (!load.result || load.loading) return { status: 'loading' };
  return { status: 'failed', message: load.result.ok ? null : load.result.failure.message };
}

export function usePartnerMembers(partnerId: string) {
  const load = useLoad(`members|${partnerId}`, () => loadPartnerMembers(partnerId));
  const invitationsLoad = useLoad(`invitations|${partnerId}`, () => loadPartnerInvitations(partnerId));
  /** The list after this tab's own change (the server answers it), until the next load. */
  const [changed, setChanged] = useState<{ partnerId: string; members: PartnerMember[] } | null>(null);
  const [changedInvitations, setChangedInvitations] = useState<{ partnerId: string; invitations: PartnerInvitation[] } | null>(null);
  const [busy, setBusy] = useState<'add' | 'invite' | 'revoke' | string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [notice, setNotice] = useState<MembersNotice | null>(null);
  const [offer, setOffer] = useState<InviteOffer | null>(null);
  /** The invitation whose revocation waits for a confirmation. */
  const [confirming, setConfirming] = useState<PartnerInvitation | null>(null);

  const state = listState('members', load, changed?.partnerId === partnerId ? changed.members : null);
  const invitationsState = listState('invitations', invitationsLoad, changedInvitations?.partnerId === partnerId ? changedInvitations.invitations : null);

  /** Adds a member; true when added (the form then empties). No account: offers an invitation instead. */
  const add = async (email: string, role: MemberRole): Promise<boolean> => {
    setBusy('add');
    setEmailError(null);
    setNotice(null);
    setOffer(null);
    const result = await addPartnerMember(partnerId, email, role);
    setBusy(null);
    if (!result.ok) {
      if (isNoAccount(result.failure)) setOffer({ email: email.trim() });
      if (result.failure.argument === 'email' || result.failure.code === 'FORBIDDEN') setEmailError(result.failure.message);
      else setNotice({ kind: 'failed', message: result.failure.message });
      return false;
    }
    setChanged({ partnerId, members: [...(state.status === 'loaded' ? state.members : []), result.value] });
    setNotice({ kind: 'added', email: result.value.email });
    return true;
  };

  /** Sends the offered invitation with `role` (the form's); true when sent (the form then empties). Inviting again renews it. */
  const invite = async (role: MemberRole): Promise<boolean> => {
    if (!offer) return false;
    setBusy('invite');
    setNotice(null);
    const result = await invitePartnerMember(partnerId, offer.email, role);
    setBusy(null);
    setOffer(null);
    setEmailError(null);
    if (!result.ok) {
      if (result.failure.argument === 'email' || result.failure.code === 'FORBIDDEN') setEmailError(result.failure.message);
      else setNotice({ kind: 'failed', message: result.failure.message });
      return false;
    }
    const sent = result.value;
    setChangedInvitations({ partnerId, invitations: [...(invitationsState.status === 'loaded' ? invitationsState.invitations : []).filter((i) => i.id !== sent.id), sent] });
    setNotice({ kind: 'invited', email: sent.email });
    return true;
  };

  const remove = async (member: PartnerMember): Promise<void> => {
    setBusy(member.userId);
    setNotice(null);
    const result = await removePartnerMember(partnerId, member.userId);
    setBusy(null);
    if (!result.ok) return setNotice({ kind: 'failed', message: result.failure.message });
    setChanged({ partnerId, members: result.value });
    setNotice({ kind: 'removed', email: member.email });
  };

  /** Revokes the invitation being confirmed; the confirmation closes either way, a refusal is the notice. */
  const revoke = async (): Promise<void> => {
    if (!confirming) return;
    setBusy('revoke');
    setNotice(null);
    const result = await revokePartnerInvitation(partnerId, confirming.id);
    setBusy(null);
    setConfirming(null);
    if (!result.ok) return setNotice({ kind: 'failed', message: result.failure.message });
    setChangedInvitations({ partnerId, invitations: result.value });
    setNotice({ kind: 'revoked', email: confirming.email });
  };

  const reload = () => {
    load.reload();
    invitationsLoad.reload();
  };

  return {
    state,
    invitationsState,
    busy,
    emailError,
    notice,
    offer,
    confirming,
    add,
    invite,
    remove,
    askRevoke: (invitation: PartnerInvitation) => setConfirming(invitation),
    cancelRevoke: () => setConfirming(null),
    revoke,
    reload,
    reloadInvitations: invitationsLoad.reload,
  };
}
