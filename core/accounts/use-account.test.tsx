// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ElementHandle } from '../define-element/define-element';
import { loadPhoneRules } from '../format/phone-load';
import type { Result } from '../graphql/call';
import { accountTexts as t } from '../i18n/account';
import { hearthStore } from '../state/store';
import { account } from '../testing/account';
import { testRoot } from '../testing/react-root';
import type { Account } from './account-api';

const api = vi.hoisted(() => ({
  loadAccount: vi.fn<() => Promise<Result<Account>>>(),
  saveSettings: vi.fn<(change: object) => Promise<Result<Account>>>(),
  uploadUserPhoto: vi.fn<(file: File, options: { onProgress?: (l: number, t: number) => void; signal?: AbortSignal }) => Promise<Result<Account>>>(),
  removeUserPhoto: vi.fn<() => Promise<Result<Account>>>(),
  changePassword: vi.fn<(current: string | null, next: string) => Promise<Result<{ signedOutDevices: number }>>>(),
  deleteAccount: vi.fn<(password: string | null) => Promise<Result<{ deleted: boolean }>>>(),
}));
const auth = vi.hoisted(() => ({
  passwordRules: vi.fn(async () => [{ help_text: 'At least 8 characters.', is_valid: true, validation_error: null }]),
  googleSignIn: vi.fn(async () => ({ enabled: false, loginUrl: null })),
  signOut: vi.fn(async () => undefined),
}));
vi.mock('./account-api', () => api);
vi.mock('../auth/api', () => auth);
vi.mock('../auth/session', async (original) => ({ ...(await original<object>()), ensureSession: vi.fn(async () => undefined) }));

const { sessionAtom } = await import('../auth/session');
const { useAccountLoad, useAccountPhoto, useNotificationSettings, useProfileForm } = await import('./use-account');
const { usePasswordChange, PASSWORD_RULES_DELAY_MS } = await import('./use-password-change');
const { useAccountDeletion } = await import('./use-account-deletion');

const dom = testRoot();
const emitted: { name: string; detail: unknown }[] = [];
const element: ElementHandle = { tag: 'hearth-account', host: document.createElement('hearth-account'), emit: (name, detail) => void emitted.push({ name, detail }) };
const flush = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await Promise.resolve();
  });
const ok = <T,>(value: T): Result<T> => ({ ok: true, value });
const refused = (message: string, argument: string | null, fields?: Record<string, string>): Result<never> => ({
  ok: false,
  failure: { kind: 'invalid', message, code: 'BAD_USER_INPUT', argument, ...(fields ? { fields } : {}) },
});

let hooks: {
  load: ReturnType<typeof useAccountLoad>;
  form: ReturnType<typeof useProfileForm> | null;
  photo: ReturnType<typeof useAccountPhoto>;
  notifications: ReturnType<typeof useNotificationSettings> | null;
  password: ReturnType<typeof usePasswordChange> | null;
  deletion: ReturnType<typeof useAccountDeletion>;
};

function Loaded({ shown, load }: { shown: Account; load: ReturnType<typeof useAccountLoad> }) {
  hooks.form = useProfileForm(shown, load.apply);
  hooks.notifications = useNotificationSettings(shown, load.apply);
  hooks.password = usePasswordChange(shown, () => load.apply({ ...shown, hasPassword: true }, 'password'));
  return null;
}

function Probe() {
  const load = useAccountLoad(element);
  const shown = load.state.status === 'loaded' ? load.state.account : null;
  hooks = { load, form: null, photo: useAccountPhoto(load.apply), notifications: null, password: null, deletion: useAccountDeletion(shown, element) };
  return shown ? <Loaded shown={shown} load={load} /> : null;
}

beforeEach(() => {
  vi.clearAllMocks();
  emitted.length = 0;
  api.loadAccount.mockResolvedValue(ok(account()));
  hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 42, firstName: 'Ada', lastName: 'Lovelace', token: 't' }, token: 't' });
});
afterEach(() => vi.useRealTimers());

async function mount() {
  await dom.renderAsync(<Probe />);
  await flush();
  expect(hooks.load.state.status).toBe('loaded');
}

describe('useAccountLoad', () => {
  it('asks a visitor to sign in and loads nothing', async () => {
    hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    await dom.renderAsync(<Probe />);
    expect(hooks.load.state).toEqual({ status: 'signed-out' });
    expect(api.loadAccount).not.toHaveBeenCalled();
  });

  it('says a failed load, and tries again', async () => {
    api.loadAccount.mockResolvedValueOnce({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
    await dom.renderAsync(<Probe />);
    await flush();
    expect(hooks.load.state).toEqual({ status: 'failed', message: t.network });
    await act(async () => hooks.load.reload());
    await flush();
    expect(hooks.load.state.status).toBe('loaded');
  });
});

describe('useProfileForm', () => {
  // The phone rules' chunk, as a page has it once its phone field was first used.
  beforeAll(() => loadPhoneRules());

  it('sends only the changed fields; the answer becomes the account shown, the session’s user and an event', async () => {
    await mount();
    api.saveSettings.mockResolvedValueOnce(ok(account({ firstName: 'Grace', phone: '+18013634127', phoneText: '(801) 363-4127' })));
    act(() => hooks.form!.change('firstName', 'Grace '));
    act(() => hooks.form!.change('phone', '(801) 363-4127'));
    await act(async () => hooks.form!.submit());
    await flush();
    expect(api.saveSettings).toHaveBeenCalledWith({ firstName: 'Grace', phone: '(801) 363-4127' });
    expect(hooks.form!.save).toEqual({ status: 'done', message: t.profile.saved });
    expect(hooks.form!.draft.phone).toBe('(801) 363-4127');
    expect(hooks.load.state).toMatchObject({ status: 'loaded', account: { firstName: 'Grace' } });
    expect(hearthStore.get(sessionAtom).user).toMatchObject({ firstName: 'Grace', phone: '+18013634127', token: 't' });
    expect(emitted).toEqual([{ name: 'account-updated', detail: { userId: '42', change: 'profile' } }]);
  });

  it('shows the server’s refusal at each field and keeps what was typed; nothing changed sends nothing', async () => {
    await mount();
    await act(async () => hooks.form!.submit());
    expect(hooks.form!.save).toEqual({ status: 'done', message: t.profile.unchanged });
    expect(api.saveSettings).not.toHaveBeenCalled();
    // A phone the rule reads, refused by the server all the same (its word is the last).
    api.saveSettings.mockResolvedValueOnce(refused('Phone number is invalid.', 'phone', { phone: 'Phone number is invalid.', email: 'Email is invalid.' }));
    act(() => hooks.form!.change('phone', '(801) 555-0123'));
    act(() => hooks.form!.change('email', 'nope'));
    await act(async () => hooks.form!.submit());
    expect(hooks.form!.errors).toEqual({ phone: 'Phone number is invalid.', email: 'Email is invalid.' });
    expect(hooks.form!.save).toEqual({ status: 'failed', message: t.fixFields });
    expect(hooks.form!.draft).toMatchObject({ phone: '(801) 555-0123', email: 'nope' });
    expect(emitted).toEqual([]);
  });

  it('says a new email must be confirmed', async () => {
    await mount();
    api.saveSettings.mockResolvedValueOnce(ok(account({ email: 'grace@example.com', emailVerified: false })));
    act(() => hooks.form!.change('email', 'grace@example.com'));
    await act(async () => hooks.form!.submit());
    expect(hooks.form!.save).toEqual({ status: 'done', message: t.profile.savedEmail('grace@example.com') });
  });
});

describe('useAccountPhoto', () => {
  it('refuses a wrong file before sending; uploads with a preview and progress; removes', async () => {
    await mount();
    await act(async () => hooks.photo.choose(new File(['x'], 'notes.txt', { type: 'text/plain' })));
    expect(hooks.photo.state).toEqual({ status: 'failed', message: t.photo.wrongType('notes.txt') });
    expect(api.uploadUserPhoto).not.toHaveBeenCalled();

    let finish!: (answer: Result<Account>) => void;
    api.uploadUserPhoto.mockImplementationOnce((_file, options) => {
      options.onProgress?.(50, 200);
      return new Promise((resolve) => (finish = resolve));
    });
    let done!: Promise<void>;
    act(() => {
      done = hooks.photo.choose(new File(['png'], 'me.png', { type: 'image/png' }));
    });
    expect(hooks.photo.state).toEqual({ status: 'uploading', preview: null, percent: 25 });
    // The preview is the file read as a data: URL (the hosted site's CSP allows data: images, not blob:).
    await vi.waitFor(() => expect(hooks.photo.state).toEqual({ status: 'uploading', preview: 'data:image/png;base64,cG5n', percent: 25 }));
    await act(async () => {
      finish(ok(account({ image: 'https://api.test/media/users/42/a.webp' })));
      await done;
    });
    expect(hooks.photo.state).toEqual({ status: 'done', message: t.photo.uploaded });
    expect(hooks.load.state).toMatchObject({ account: { image: 'https://api.test/media/users/42/a.webp' } });

    api.removeUserPhoto.mockResolvedValueOnce(ok(account()));
    await act(async () => hooks.photo.remove());
    expect(hooks.photo.state).toEqual({ status: 'done', message: t.photo.removed });
    expect(emitted.map((e) => e.detail)).toEqual([
      { userId: '42', change: 'photo' },
      { userId: '42', change: 'photo' },
    ]);
  });

  it('cancels an upload under way', async () => {
    await mount();
    api.uploadUserPhoto.mockImplementationOnce(
      (_file, options) => new Promise((resolve) => options.signal?.addEventListener('abort', () => resolve({ ok: false, failure: { kind: 'network', message: null, code: 'CANCELLED', argument: null } }))),
    );
    let done!: Promise<void>;
    act(() => {
      done = hooks.photo.choose(new File(['png'], 'me.png', { type: 'image/png' }));
    });
    act(() => hooks.photo.cancel());
    await act(async () => done);
    expect(hooks.photo.state).toEqual({ status: 'idle' });
    expect(emitted).toEqual([]);
  });
});

describe('useNotificationSettings', () => {
  it('shows each setting (on by default), saves a switch at once, and puts it back when saving fails', async () => {
    await mount();
    expect(hooks.notifications!.values).toEqual({ savedSearchEmails: true });
    api.saveSettings.mockResolvedValueOnce(ok(account({ notificationSettings: { savedSearchEmails: false } })));
    await act(async () => hooks.notifications!.toggle('savedSearchEmails', false));
    expect(api.saveSettings).toHaveBeenCalledWith({ notificationSettings: { savedSearchEmails: false } });
    expect(hooks.notifications!.values).toEqual({ savedSearchEmails: false });
    expect(hooks.notifications!.save).toEqual({ status: 'done', message: t.notifications.saved });
    api.saveSettings.mockResolvedValueOnce({ ok: false, failure: { kind: 'server', message: null, code: null, argument: null } });
    await act(async () => hooks.notifications!.toggle('savedSearchEmails', true));
    expect(hooks.notifications!.values).toEqual({ savedSearchEmails: false });
    expect(hooks.notifications!.save).toEqual({ status: 'failed', message: t.notifications.failed });
  });
});

describe('usePasswordChange', () => {
  it('shows the server’s rules as the new password is typed, asks for both passwords, and says how many devices were signed out', async () => {
    await mount();
    vi.useFakeTimers();
    act(() => hooks.password!.change('newPassword', 'Bonneville-9'));
    await act(async () => vi.advanceTimersByTime(PASSWORD_RULES_DELAY_MS));
    vi.useRealTimers();
    await flush();
    expect(auth.passwordRules).toHaveBeenCalledWith('Bonneville-9', 'ada@example.com');
    expect(hooks.password!.rules).toEqual([{ help_text: 'At least 8 characters.', is_valid: true, validation_error: null }]);

    await act(async () => hooks.password!.submit());
    expect(hooks.password!.errors).toEqual({ currentPassword: t.password.currentRequired });
    expect(api.changePassword).not.toHaveBeenCalled();

    api.changePassword.mockResolvedValueOnce(refused('That is not your current password.', 'currentPassword'));
    act(() => hooks.password!.change('currentPassword', 'wrong-one'));
    await act(async () => hooks.password!.submit());
    expect(hooks.password!.errors).toEqual({ currentPassword: 'That is not your current password.' });

    api.changePassword.mockResolvedValueOnce(ok({ signedOutDevices: 2 }));
    act(() => hooks.password!.change('currentPassword', 'Correct-Horse-9'));
    await act(async () => hooks.password!.submit());
    expect(api.changePassword).toHaveBeenLastCalledWith('Correct-Horse-9', 'Bonneville-9');
    expect(hooks.password!.status).toEqual({ status: 'done', message: t.password.changed(2) });
    expect(hooks.password!.values).toEqual({ currentPassword: '', newPassword: '' });
    expect(emitted).toEqual([{ name: 'account-updated', detail: { userId: '42', change: 'password' } }]);
  });

  it('an account without a password sets one without a current password', async () => {
    api.loadAccount.mockResolvedValue(ok(account({ hasPassword: false, googleLinked: true })));
    await mount();
    api.changePassword.mockResolvedValueOnce(ok({ signedOutDevices: 0 }));
    act(() => hooks.password!.change('newPassword', 'Bonneville-9'));
    await act(async () => hooks.password!.submit());
    expect(api.changePassword).toHaveBeenCalledWith(null, 'Bonneville-9');
    expect(hooks.load.state).toMatchObject({ account: { hasPassword: true } });
  });
});

describe('useAccountDeletion', () => {
  it('needs DELETE typed and the password; a wrong password stays in the dialog; then signs out, says goodbye and tells the page', async () => {
    await mount();
    const forget = vi.fn();
    document.addEventListener('hearth-forget-me', forget);
    act(() => hooks.deletion.start());
    expect(hooks.deletion.open).toBe(true);
    await act(async () => hooks.deletion.confirm());
    expect(hooks.deletion.errors).toEqual({ typed: t.deletion.typeMismatch, password: t.password.currentRequired });
    expect(api.deleteAccount).not.toHaveBeenCalled();

    act(() => hooks.deletion.change('typed', 'DELETE'));
    act(() => hooks.deletion.change('password', 'wrong-one'));
    api.deleteAccount.mockResolvedValueOnce(refused('That is not your current password.', 'password'));
    await act(async () => hooks.deletion.confirm());
    expect(hooks.deletion.errors).toEqual({ password: 'That is not your current password.' });
    expect(hooks.deletion.open).toBe(true);

    api.deleteAccount.mockResolvedValueOnce({ ok: false, failure: { kind: 'server', message: 'You are the only owner of “Acme”.', code: 'FORBIDDEN', argument: null } });
    await act(async () => hooks.deletion.confirm());
    expect(hooks.deletion.message).toBe('You are the only owner of “Acme”.');

    api.deleteAccount.mockResolvedValueOnce(ok({ deleted: true }));
    act(() => hooks.deletion.change('password', 'Correct-Horse-9'));
    await act(async () => hooks.deletion.confirm());
    expect(api.deleteAccount).toHaveBeenLastCalledWith('Correct-Horse-9');
    expect(auth.signOut).toHaveBeenCalledWith({ quiet: true });
    expect(hooks.deletion).toMatchObject({ deleted: true, open: false });
    expect(emitted).toEqual([
      { name: 'account-deleted', detail: { userId: '42' } },
      { name: 'logout', detail: {} },
    ]);
    expect(forget).toHaveBeenCalledTimes(1);
    document.removeEventListener('hearth-forget-me', forget);
  });
});
