/** The console's Members tab: the partner's owners and admins (useLoad), adding one by email, removing one. */
import { useState } from 'react';
import { useLoad } from '../graphql/use-load';
import { addPartnerMember, loadPartnerMembers, removePartnerMember, type MemberRole, type PartnerMember } from './members-api';

export type MembersState = { status: 'loading' } | { status: 'failed'; message: string | null } | { status: 'loaded'; members: PartnerMember[] };
export type MembersNotice = { kind: 'added' | 'removed'; email: string } | { kind: 'failed'; message: string | null };

export function usePartnerMembers(partnerId: string) {
  const load = useLoad(`members|${partnerId}`, () => loadPartnerMembers(partnerId));
  /** The list after this tab's own change (the server answers it), until the next load. */
  const [changed, setChanged] = useState<{ partnerId: string; members: PartnerMember[] } | null>(null);
  const [busy, setBusy] = useState<'add' | string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [notice, setNotice] = useState<MembersNotice | null>(null);

  const loaded = load.result?.ok ? load.result.value : null;
  const members = changed && changed.partnerId === partnerId ? changed.members : loaded;
  const state: MembersState = members
    ? { status: 'loaded', members }
    : !load.result || load.loading
      ? { status: 'loading' }
      : { status: 'failed', message: load.result.ok ? null : load.result.failure.message };

  /** Adds a member; true when added (the form then empties). */
  const add = async (email: string, role: MemberRole): Promise<boolean> => {
    setBusy('add');
    setEmailError(null);
    setNotice(null);
    const result = await addPartnerMember(partnerId, email, role);
    setBusy(null);
    if (!result.ok) {
      if (result.failure.argument === 'email' || result.failure.code === 'FORBIDDEN') setEmailError(result.failure.message);
      else setNotice({ kind: 'failed', message: result.failure.message });
      return false;
    }
    setChanged({ partnerId, members: [...(members ?? []), result.value] });
    setNotice({ kind: 'added', email: result.value.email });
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

  return { state, busy, emailError, notice, add, remove, reload: load.reload };
}
