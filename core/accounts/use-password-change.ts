/**
 * The password part of <hearth-account>: the current password (an account that signs in with Google only has
 * none and sets one), the new one with the server's rules shown as it is typed (spec §5: the rules come from the
 * server), and changePassword, which signs every other device out.
 */
import { useCallback, useState } from 'react';
import { passwordRules, type PasswordRule } from '../auth/api';
import type { Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { accountTexts as t } from '../i18n/account';
import { failedFields, failureText } from './account-form';
import { changePassword, type Account } from './account-api';

/** The rules are asked for this long after the last keystroke. */
export const PASSWORD_RULES_DELAY_MS = 300;

type Field = 'currentPassword' | 'newPassword';

export type PasswordStatus = { status: 'idle' | 'saving' } | { status: 'done' | 'failed'; message: string };

const rulesOf = (password: string, email: string) => async (): Promise<Result<PasswordRule[]>> => {
  const rules = await passwordRules(password, email);
  return rules ? { ok: true, value: rules } : { ok: false, failure: { kind: 'server', message: null, code: null, argument: null } };
};

export function usePasswordChange(account: Account, onChanged: () => void) {
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<PasswordStatus>({ status: 'idle' });
  const rules = useLoad(values.newPassword ? `rules|${account.email}|${values.newPassword}` : null, rulesOf(values.newPassword, account.email), {
    delay: PASSWORD_RULES_DELAY_MS,
  });

  const change = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  const submit = useCallback(async () => {
    const problems: Partial<Record<Field, string>> = {};
    if (account.hasPassword && !values.currentPassword) problems.currentPassword = t.password.currentRequired;
    if (!values.newPassword) problems.newPassword = t.password.newRequired;
    setErrors(problems);
    if (Object.keys(problems).length) return setStatus({ status: 'failed', message: t.fixFields });
    setStatus({ status: 'saving' });
    const answer = await changePassword(account.hasPassword ? values.currentPassword : null, values.newPassword);
    if (!answer.ok) {
      const fields = failedFields(answer.failure);
      setErrors(fields);
      return setStatus({ status: 'failed', message: Object.keys(fields).length ? t.fixFields : failureText(answer.failure, t.password.failed) });
    }
    setValues({ currentPassword: '', newPassword: '' });
    setStatus({ status: 'done', message: t.password.changed(answer.value.signedOutDevices) });
    onChanged();
  }, [account.hasPassword, values, onChanged]);

  const shown = rules.result?.ok ? rules.result.value : rules.latest?.ok && values.newPassword ? rules.latest.value : null;
  return { values, errors, status, rules: shown, change, submit };
}
