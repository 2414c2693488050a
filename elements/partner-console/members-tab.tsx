/**
 * The console's Members tab (issue 16): the partner's owners and admins with their roles, a form adding a
 * person by the email of their Hearth account, and a remove button per member (the server refuses to remove
 * the last owner, and an admin's removing an owner). When nobody has an account with the email, 'Send an
 * invitation' mails one; pending invitations are listed under the members with their role and expiry, each
 * revoked after a confirmation. State: core/partners/use-members.ts.
 */
import { useId, useState } from 'react';
import { partnerTexts } from '../../core/i18n/partners';
import { MEMBER_ROLES, type MemberRole } from '../../core/partners/members-api';
import { usePartnerMembers, type MembersNotice } from '../../core/partners/use-members';
import { Button } from '../../core/ui/button';
import { ConfirmDialog } from '../../core/ui/confirm-dialog';
import { ControlField } from '../../core/ui/control-field';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';

const t = partnerTexts.members;
const ti = partnerTexts.invitations;

const NOTICE_TEXTS = { added: t.added, removed: t.removed, invited: ti.sent, revoked: ti.revoked };
const noticeText = (notice: MembersNotice) => (notice.kind === 'failed' ? (notice.message ?? t.failed) : NOTICE_TEXTS[notice.kind](notice.email));

const addedOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

type Behaviour = ReturnType<typeof usePartnerMembers>;

/** The pending invitations under the members: email, role, expiry, who invited, and Revoke. */
function PendingInvitations({ behaviour }: { behaviour: Behaviour }) {
  const labelId = useId();
  const { invitationsState: state } = behaviour;
  if (state.status === 'loading') return <p role="status">{ti.loading}</p>;
  if (state.status === 'failed')
    return (
      <div part="invitations-failed">
        <p role="alert">{state.message ?? ti.failed}</p>
        <Button tone="secondary" onClick={behaviour.reloadInvitations}>
          {partnerTexts.retry}
        </Button>
      </div>
    );
  if (state.invitations.length === 0) return null;
  return (
    <div className="console-invitations">
      <p className="console-subheading" id={labelId}>
        {ti.listLabel}
      </p>
      <ul className="console-list" part="invitations" aria-labelledby={labelId}>
        {state.invitations.map((invitation) => (
          <li key={invitation.id} className="console-list-item split-row" part="invitation" data-role={invitation.role.toLowerCase()}>
            <div>
              <strong>{invitation.email}</strong>
              <br />
              <span part="invitation-role">{t.roles[invitation.role]}</span>
              <span className="console-muted">
                {' '}
                · {ti.expires} {addedOn(invitation.expiresAt)}
                {invitation.invitedBy ? ` · ${ti.invitedBy(invitation.invitedBy)}` : ''}
              </span>
            </div>
            <Button tone="secondary" part="revoke-invitation" aria-label={ti.revoke(invitation.email)} onClick={() => behaviour.askRevoke(invitation)}>
              {ti.revokeShort}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MembersTab({ partnerId }: { partnerId: string }) {
  const behaviour = usePartnerMembers(partnerId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('ADMIN');
  const roleId = useId();
  const { state } = behaviour;
  const onSubmit = async () => {
    if (await behaviour.add(email, role)) setEmail('');
  };
  const onInvite = async () => {
    if (await behaviour.invite(role)) setEmail('');
  };
  return (
    <section className="console-members" part="members" data-state={state.status} aria-busy={state.status === 'loading' || undefined}>
      <p className="console-muted">{t.intro}</p>
      {state.status === 'loading' ? (
        <p role="status">{t.loading}</p>
      ) : state.status === 'failed' ? (
        <div>
          <p role="alert">{state.message ?? t.failed}</p>
          <Button tone="secondary" onClick={behaviour.reload}>
            {partnerTexts.retry}
          </Button>
        </div>
      ) : (
        <ul className="console-list" part="member-list" aria-label={t.listLabel}>
          {state.members.map((member) => (
            <li key={member.userId} className="console-list-item split-row" part="member" data-role={member.role.toLowerCase()}>
              <div>
                <strong>{member.name || member.email}</strong> <span className="console-muted">{member.email}</span>
                <br />
                <span part="member-role">{t.roles[member.role]}</span>
                <span className="console-muted">
                  {' '}
                  · {t.addedOn} {addedOn(member.addedAt)}
                </span>
              </div>
              <Button tone="secondary" part="remove-member" busy={behaviour.busy === member.userId} onClick={() => void behaviour.remove(member)}>
                {t.remove(member.name || member.email)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PendingInvitations behaviour={behaviour} />
      <p className="console-save-status" role="status" part="members-status" data-state={behaviour.notice?.kind ?? 'idle'}>
        {behaviour.notice ? noticeText(behaviour.notice) : ''}
      </p>
      <Form className="console-form" part="add-member" onSubmit={() => void onSubmit()}>
        <Field label={t.email} type="email" autoComplete="off" value={email} error={behaviour.emailError ?? undefined} onChange={(e) => setEmail(e.currentTarget.value)} />
        <ControlField id={roleId} label={t.role}>
          <select id={roleId} className="field-control" value={role} onChange={(e) => setRole(e.currentTarget.value as MemberRole)}>
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {t.roles[r]}
              </option>
            ))}
          </select>
        </ControlField>
        <Button type="submit" part="add-member-submit" busy={behaviour.busy === 'add'}>
          {t.add}
        </Button>
      </Form>
      {behaviour.offer && behaviour.offer.email === email.trim() ? (
        <div className="console-invite-offer" part="invite-offer">
          <p>{ti.offer(behaviour.offer.email)}</p>
          <Button part="send-invitation" busy={behaviour.busy === 'invite'} onClick={() => void onInvite()}>
            {ti.send}
          </Button>
        </div>
      ) : null}
      {behaviour.confirming ? (
        <ConfirmDialog
          title={ti.confirmTitle}
          subTitle={ti.confirmText(behaviour.confirming.email)}
          confirmText={ti.revokeShort}
          busy={behaviour.busy === 'revoke'}
          onConfirm={() => void behaviour.revoke()}
          onCancel={behaviour.cancelRevoke}
        />
      ) : null}
    </section>
  );
}
