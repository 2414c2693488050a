/**
 * Deleting the account from <hearth-account>: a dialog where the person types DELETE and gives their password
 * (an account without one confirms with a recent sign-in, which the server checks), then deleteAccount. After it:
 * the page signs out (the session cookie and stored token are of no use any more and are cleared), the element
 * says goodbye, and `hearth-account-deleted`, `hearth-logout` and `hearth-forget-me` (the browser's visitor
 * activity is erased: core/analytics/collector.ts) are dispatched.
 */
import { useCallback, useState } from 'react';
import { signOut } from '../auth/api';
import type { ElementHandle } from '../define-element/define-element';
import { accountTexts as t } from '../i18n/account';
import { deletionConfirmed, failedFields, failureText } from './account-form';
import { deleteAccount, type Account } from './account-api';

/** Detail of hearth-account-deleted. */
export interface AccountDeletedDetail {
  userId: string;
}

type Field = 'typed' | 'password';

export function useAccountDeletion(account: Account | null, element: ElementHandle) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ typed: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);

  const start = useCallback(() => {
    setValues({ typed: '', password: '' });
    setErrors({});
    setMessage(null);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen((current) => (busy ? current : false)), [busy]);
  const change = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  const confirm = useCallback(async () => {
    if (!account || busy) return;
    const problems: Partial<Record<Field, string>> = {};
    if (!deletionConfirmed(values.typed)) problems.typed = t.deletion.typeMismatch;
    if (account.hasPassword && !values.password) problems.password = t.password.currentRequired;
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const answer = await deleteAccount(account.hasPassword ? values.password : null);
    if (!answer.ok) {
      setBusy(false);
      const fields = failedFields(answer.failure);
      if (fields.password) return setErrors({ password: fields.password });
      return setMessage(failureText(answer.failure, t.deletion.failed));
    }
    // The server ended every credential: forget them here too (the hosted site's cookies are cleared by /logout/).
    await signOut({ quiet: true });
    setBusy(false);
    setOpen(false);
    setDeleted(true);
    element.emit<AccountDeletedDetail>('account-deleted', { userId: account.id });
    element.emit('logout', {});
    document.dispatchEvent(new CustomEvent('hearth-forget-me'));
  }, [account, busy, values, element]);

  return { open, values, errors, message, busy, deleted, start, close, change, confirm };
}
