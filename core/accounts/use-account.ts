/**
 * Behaviour of <hearth-account>: the signed-in user's account loaded (a visitor is asked to sign in), and the
 * profile (names, legal name, email, phone, the agent flag), the photo (upload with a preview and progress, remove)
 * and the notification settings, each saved through saveSettings / uploadUserPhoto / removeUserPhoto. Every saved
 * answer becomes the account shown, the page's session (other elements show the new name and photo) and a
 * `hearth-account-updated` event. The password and the deletion are ./use-password-change.ts and
 * ./use-account-deletion.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { googleSignIn } from '../auth/api';
import { phoneAsTyped, usePhoneRules } from '../format/use-phone-rules';
import { sessionAtom, setSignedIn } from '../auth/session';
import type { ElementHandle } from '../define-element/define-element';
import { useLoad } from '../graphql/use-load';
import { useSignedInLoad } from '../graphql/use-signed-in-load';
import { accountTexts as t } from '../i18n/account';
import { hearthStore } from '../state/store';
import { failedFields, failureText, photoProblem, profileChange, profileDraft, profileProblems, type ProfileDraft, type ProfileField } from './account-form';
import { loadAccount, removeUserPhoto, saveSettings, uploadUserPhoto, type Account } from './account-api';
import { notificationSettingValues, type NotificationSettingKey, type NotificationSettingValues } from './notification-settings';

/** What changed, in `hearth-account-updated`. */
export type AccountChange = 'profile' | 'photo' | 'notifications' | 'password';

/** Detail of hearth-account-updated. */
export interface AccountUpdatedDetail {
  userId: string;
  change: AccountChange;
}

export type AccountLoadState =
  | { status: 'checking' | 'signed-out' | 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; account: Account };

/** A saved account becomes the page's signed-in user too (the sign-in panel, the shell's menu). */
function shareWithSession(account: Account): void {
  const session = hearthStore.get(sessionAtom);
  if (!session.user || String(session.user.id) !== account.id) return;
  const { firstName, lastName, legalName, email, phone, agent, image } = account;
  setSignedIn({ ...session.user, firstName, lastName, legalName, email, phone, agent, image });
}

export function useAccountLoad(element: ElementHandle) {
  const { state: load, reload, signIn } = useSignedInLoad('account', loadAccount);
  const [latest, setLatest] = useState<Account | null>(null);
  const loaded = load.status === 'loaded' ? (latest?.id === load.value.id ? latest : load.value) : null;
  const state: AccountLoadState =
    load.status === 'loaded'
      ? { status: 'loaded', account: loaded! }
      : load.status === 'failed'
        ? { status: 'failed', message: load.failure.kind === 'network' ? t.network : t.loadFailed }
        : { status: load.status };
  const apply = useCallback(
    (account: Account, change: AccountChange) => {
      setLatest(account);
      shareWithSession(account);
      element.emit<AccountUpdatedDetail>('account-updated', { userId: account.id, change });
    },
    [element],
  );
  return { state, reload, signIn, apply };
}

type Apply = (account: Account, change: AccountChange) => void;

export type SaveStatus = { status: 'idle' | 'saving' } | { status: 'done' | 'failed'; message: string };

// ---------------------------------------------------------------------------------------------------
// The profile form

/**
 * The profile form. The phone is main's phone rule (core/format/use-phone-rules.ts): reformatted as typed for the
 * partner's country, its rules loaded when the field is first used, read before sending (a number that cannot
 * be stored says what is wrong with it, by the field), and read again by the server.
 */
export function useProfileForm(account: Account, apply: Apply) {
  const [draft, setDraft] = useState<ProfileDraft>(() => profileDraft(account));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [save, setSave] = useState<SaveStatus>({ status: 'idle' });
  const [attempted, setAttempted] = useState(false);
  const phone = usePhoneRules();
  const latestPhone = useRef(phone);
  latestPhone.current = phone;

  // Another account signed in on the page: its own values.
  useEffect(() => {
    setDraft(profileDraft(account));
    setErrors({});
    setSave({ status: 'idle' });
  }, [account.id]);

  /** An edit; the phone is reformatted as typed while digits are added at its end (`caretAtEnd`). */
  const change = useCallback(
    <K extends ProfileField>(field: K, value: ProfileDraft[K], caretAtEnd = true) => {
      const rules = latestPhone.current;
      if (field === 'phone') void rules.load();
      setDraft((current) => {
        const typed = field === 'phone' ? phoneAsTyped(current.phone, value as string, caretAtEnd, rules.rules, rules.country) : value;
        const next = { ...current, [field]: typed };
        if (attempted) setErrors(profileProblems(account, next, rules.check));
        return next;
      });
      setSave((current) => (current.status === 'saving' ? current : { status: 'idle' }));
    },
    [account, attempted],
  );

  /** The phone field is about to be used: its rules start loading. */
  const phoneFocused = useCallback(() => void latestPhone.current.load(), []);

  const submit = useCallback(async () => {
    setAttempted(true);
    // A changed phone is read with the rules (loaded first if need be); they are not waited for otherwise.
    const { country, check, load } = latestPhone.current;
    const rules = draft.phone.trim() !== account.phoneText.trim() ? await load() : null;
    const problems = profileProblems(account, draft, rules ? rules.check(country) : check);
    setErrors(problems);
    if (Object.keys(problems).length) return setSave({ status: 'failed', message: t.fixFields });
    const changes = profileChange(account, draft);
    if (Object.keys(changes).length === 0) return setSave({ status: 'done', message: t.profile.unchanged });
    setSave({ status: 'saving' });
    const answer = await saveSettings(changes);
    if (!answer.ok) {
      const fields = failedFields(answer.failure);
      setErrors(fields as Partial<Record<ProfileField, string>>);
      return setSave({ status: 'failed', message: Object.keys(fields).length ? t.fixFields : failureText(answer.failure, t.profile.failed) });
    }
    apply(answer.value, 'profile');
    setDraft(profileDraft(answer.value));
    setAttempted(false);
    setSave({ status: 'done', message: changes.email !== undefined ? t.profile.savedEmail(answer.value.email) : t.profile.saved });
  }, [account, draft, apply]);

  return { draft, errors, save, change, phoneFocused, submit };
}

// ---------------------------------------------------------------------------------------------------
// The photo

export type PhotoState =
  | { status: 'idle' }
  /** `preview`: the chosen file as a data: URL once read (the hosted site's img-src allows data:, not blob:). */
  | { status: 'uploading'; preview: string | null; percent: number }
  | { status: 'removing' }
  | { status: 'done' | 'failed'; message: string };

/** A chosen picture as a data: URL for its preview; null when it cannot be read. */
function readAsDataUrl(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

export function useAccountPhoto(apply: Apply) {
  const [state, setState] = useState<PhotoState>({ status: 'idle' });
  const upload = useRef<AbortController | null>(null);

  useEffect(() => () => upload.current?.abort(), []);

  const choose = useCallback(
    async (file: File) => {
      const problem = photoProblem(file);
      if (problem) return setState({ status: 'failed', message: problem });
      upload.current?.abort();
      const controller = new AbortController();
      upload.current = controller;
      const current = (s: PhotoState) => s.status === 'uploading' && upload.current === controller;
      setState({ status: 'uploading', preview: null, percent: 0 });
      void readAsDataUrl(file).then((preview) => setState((s) => (current(s) && s.status === 'uploading' ? { ...s, preview } : s)));
      const answer = await uploadUserPhoto(file, {
        signal: controller.signal,
        onProgress: (loaded, total) => setState((s) => (current(s) && s.status === 'uploading' ? { ...s, percent: Math.min(99, Math.round((loaded / total) * 100)) } : s)),
      });
      if (upload.current !== controller) return; // cancelled, or another file chosen meanwhile
      upload.current = null;
      if (answer.ok) {
        apply(answer.value, 'photo');
        return setState({ status: 'done', message: t.photo.uploaded });
      }
      if (answer.failure.code === 'CANCELLED') return setState({ status: 'idle' });
      setState({ status: 'failed', message: answer.failure.code === 'PAYLOAD_TOO_LARGE' ? t.photo.tooLarge(file.name) : failureText(answer.failure, t.photo.failed) });
    },
    [apply],
  );

  const cancel = useCallback(() => {
    upload.current?.abort();
    upload.current = null;
    setState({ status: 'idle' });
  }, []);

  const remove = useCallback(async () => {
    setState({ status: 'removing' });
    const answer = await removeUserPhoto();
    if (!answer.ok) return setState({ status: 'failed', message: failureText(answer.failure, t.photo.failed) });
    apply(answer.value, 'photo');
    setState({ status: 'done', message: t.photo.removed });
  }, [apply]);

  return { state, choose, cancel, remove };
}

// ---------------------------------------------------------------------------------------------------
// Notification settings: each switch saves at once

export function useNotificationSettings(account: Account, apply: Apply) {
  const stored = notificationSettingValues(account.notificationSettings);
  const [pending, setPending] = useState<Partial<NotificationSettingValues>>({});
  const [save, setSave] = useState<SaveStatus>({ status: 'idle' });
  const values = { ...stored, ...pending };

  const toggle = useCallback(
    async (key: NotificationSettingKey, on: boolean) => {
      setPending((p) => ({ ...p, [key]: on }));
      setSave({ status: 'saving' });
      const answer = await saveSettings({ notificationSettings: { [key]: on } });
      setPending((p) => {
        const { [key]: _done, ...rest } = p;
        return rest;
      });
      if (!answer.ok) return setSave({ status: 'failed', message: failureText(answer.failure, t.notifications.failed) });
      apply(answer.value, 'notifications');
      setSave({ status: 'done', message: t.notifications.saved });
    },
    [apply],
  );

  return { values, save, toggle };
}

// ---------------------------------------------------------------------------------------------------
// Google sign-in: whether the server offers it (the account's link is shown when it does, or when one exists)

const googleAvailable = async () => ({ ok: true as const, value: (await googleSignIn()).enabled });

export function useGoogleSignInAvailable(): boolean {
  const { result } = useLoad('google-sign-in', googleAvailable);
  return result?.ok === true && result.value;
}
