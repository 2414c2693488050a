// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account as AccountRecord } from '../../core/accounts/account-api';
import type { ElementHandle } from '../../core/define-element/define-element';
import type { Result } from '../../core/graphql/call';
import { loadPhoneRules } from '../../core/format/phone-load';
import { accountTexts as t } from '../../core/i18n/account';
import { phoneTexts } from '../../core/i18n/phone';
import { hearthStore } from '../../core/state/store';
import { account } from '../../core/testing/account';
import { testRoot } from '../../core/testing/react-root';

const api = vi.hoisted(() => ({
  loadAccount: vi.fn<() => Promise<Result<AccountRecord>>>(),
  saveSettings: vi.fn<(change: object) => Promise<Result<AccountRecord>>>(),
  uploadUserPhoto: vi.fn(),
  removeUserPhoto: vi.fn(),
  changePassword: vi.fn(),
  deleteAccount: vi.fn<(password: string | null) => Promise<Result<{ deleted: boolean }>>>(),
}));
const auth = vi.hoisted(() => ({
  passwordRules: vi.fn(async () => null),
  googleSignIn: vi.fn(async () => ({ enabled: true, loginUrl: '/login/google-oauth2/' })),
  signOut: vi.fn(async () => undefined),
}));
vi.mock('../../core/accounts/account-api', () => api);
vi.mock('../../core/auth/api', () => auth);
vi.mock('../../core/auth/session', async (original) => ({ ...(await original<object>()), ensureSession: vi.fn(async () => undefined) }));

const { sessionAtom } = await import('../../core/auth/session');
const { Account } = await import('./account.view');

const dom = testRoot();
const events: string[] = [];
const element: ElementHandle = { tag: 'hearth-account', host: document.createElement('hearth-account'), emit: (name) => void events.push(name) };
const flush = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await Promise.resolve();
  });
const signedIn = () => hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 42, token: 't' }, token: 't' });

async function mount(section: 'all' | 'profile' | 'settings' = 'all') {
  await dom.renderAsync(<Account section={section} element={element} />);
  await flush();
  return dom.container;
}
const base = () => dom.container.querySelector('[part="base"]')!;
const input = (label: string) => [...dom.container.querySelectorAll<HTMLInputElement>('input')].find((i) => i.labels?.[0]?.textContent?.replace(' *', '').trim() === label)!;
const type = (label: string, value: string) =>
  act(() => {
    const field = input(label);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
const click = (selector: string) => act(() => dom.container.querySelector<HTMLElement>(selector)!.click());

// The phone rules' chunk, as a page has it once its phone field was first used.
beforeAll(() => loadPhoneRules());

beforeEach(() => {
  vi.clearAllMocks();
  events.length = 0;
  api.loadAccount.mockResolvedValue({ ok: true, value: account({ phone: '+18013634127', phoneText: '(801) 363-4127', legalName: 'Augusta Ada King' }) });
  signedIn();
});

describe('<hearth-account>', () => {
  it('asks a visitor to sign in, and says a failed load with a retry', async () => {
    hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    await mount();
    expect(base().getAttribute('data-state')).toBe('signed-out');
    expect(dom.container.querySelector('[part="message"]')!.textContent).toBe(t.signedOut);
    signedIn();
    api.loadAccount.mockResolvedValueOnce({ ok: false, failure: { kind: 'server', message: null, code: null, argument: null } });
    await flush();
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.loadFailed);
    click('[part="retry"]');
    await flush();
    expect(base().getAttribute('data-state')).toBe('loaded');
  });

  it('shows the profile and the settings under tabs; arrow keys move between them', async () => {
    await mount();
    const tabs = [...dom.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      [t.tabs.profile, 'true'],
      [t.tabs.settings, 'false'],
    ]);
    expect(input(t.profile.firstName).value).toBe('Ada');
    expect(input(t.profile.phone).value).toBe('(801) 363-4127');
    expect(input(t.profile.legalName).value).toBe('Augusta Ada King');
    expect(dom.container.querySelector('[part="photo-image"]')!.textContent).toBe('AL');
    act(() => tabs[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(dom.container.querySelector('[part="settings"]')).not.toBeNull();
    expect(dom.container.querySelector('[part="profile"]')).toBeNull();
  });

  it('saves the profile from its form and says so', async () => {
    await mount('profile');
    expect(dom.container.querySelector('[role="tablist"]')).toBeNull();
    api.saveSettings.mockResolvedValueOnce({ ok: true, value: account({ firstName: 'Grace', phone: '+18013634127', phoneText: '(801) 363-4127' }) });
    type(t.profile.firstName, 'Grace');
    await act(async () => dom.container.querySelector<HTMLFormElement>('[part="form"]')!.requestSubmit());
    await flush();
    expect(api.saveSettings).toHaveBeenCalledWith({ firstName: 'Grace' });
    expect(dom.container.querySelector('[part="save-status"]')!.textContent).toBe(t.profile.saved);
    expect(events).toEqual(['account-updated']);
  });

  const submitProfile = async () => {
    await act(async () => dom.container.querySelector<HTMLFormElement>('[part="form"]')!.requestSubmit());
    await flush();
  };
  const described = (field: HTMLInputElement) => dom.container.querySelector(`#${field.getAttribute('aria-describedby')}`)!.textContent;

  it('reads the phone with the phone rule before sending: what is wrong is said under the field, and nothing is sent', async () => {
    await mount('profile');
    type(t.profile.phone, '12');
    await submitProfile();
    const phone = input(t.profile.phone);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(described(phone)).toBe(phoneTexts.tooShort('the United States'));
    expect(dom.container.querySelector('[part="save-status"][role="alert"]')!.textContent).toBe(t.fixFields);
    expect(api.saveSettings).not.toHaveBeenCalled();
    // Corrected, the message goes as the number is typed (formatted as typed); the server reads it again and stores E.164.
    type(t.profile.phone, '801-555-0123');
    await flush();
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    api.saveSettings.mockResolvedValueOnce({ ok: true, value: account({ phone: '+18015550123', phoneText: '(801) 555-0123' }) });
    await submitProfile();
    expect(phone.value).toBe('(801) 555-0123');
    expect(api.saveSettings).toHaveBeenCalledWith({ phone: '(801) 555-0123' });
    expect(input(t.profile.phone).value).toBe('(801) 555-0123');
  });

  it('formats the phone as digits are typed at its end', async () => {
    api.loadAccount.mockResolvedValue({ ok: true, value: account() });
    await mount('profile');
    for (const typed of ['8', '80', '801', '8013', '80136', '801363', '8013634']) {
      const field = input(t.profile.phone);
      type(t.profile.phone, field.value + typed.at(-1));
      await flush();
    }
    expect(input(t.profile.phone).value).toBe('(801) 363-4');
  });

  it('shows the server’s refusal under its field, described for assistive technology', async () => {
    await mount('profile');
    api.saveSettings.mockResolvedValueOnce({
      ok: false,
      failure: { kind: 'invalid', message: 'That email is taken.', code: 'BAD_USER_INPUT', argument: 'email', fields: { email: 'That email is taken.' } },
    });
    type(t.profile.email, 'grace@example.com');
    await submitProfile();
    const email = input(t.profile.email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(described(email)).toBe('That email is taken.');
    expect(dom.container.querySelector('[part="save-status"][role="alert"]')!.textContent).toBe(t.fixFields);
  });

  it('settings: notifications, password, the Google link, and a danger zone that says what is removed and kept', async () => {
    await mount('settings');
    const toggle = dom.container.querySelector<HTMLInputElement>('[part="notification-toggle"][data-setting="savedSearchEmails"]')!;
    expect(toggle.checked).toBe(true);
    expect(input(t.password.current)).toBeTruthy();
    expect(dom.container.querySelector('[part="google"]')!.textContent).toContain(t.google.notLinked('ada@example.com'));
    const danger = dom.container.querySelector('[part="danger-zone"]')!;
    expect(danger.textContent).toContain(t.deletion.removed);
    expect(danger.textContent).toContain(t.deletion.kept);
  });

  it('deletes after DELETE and the password, then says goodbye with focus on it', async () => {
    await mount('settings');
    click('[part="delete-open"]');
    const dialog = dom.container.querySelector('[part="delete-dialog"]')!;
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    api.deleteAccount.mockResolvedValueOnce({ ok: true, value: { deleted: true } });
    type(t.deletion.typeLabel, 'DELETE');
    type(t.deletion.password, 'Correct-Horse-9');
    await act(async () => dom.container.querySelector<HTMLFormElement>('[part="delete-form"]')!.requestSubmit());
    await flush();
    expect(api.deleteAccount).toHaveBeenCalledWith('Correct-Horse-9');
    expect(base().getAttribute('data-state')).toBe('deleted');
    expect(dom.container.querySelector('[part="goodbye"] h2')!.textContent).toBe(t.deletion.goodbyeHeading);
    expect(document.activeElement).toBe(dom.container.querySelector('[part="goodbye"] h2'));
    expect(events).toEqual(['account-deleted', 'logout']);
  });

  it('an account without a password is told how to confirm, and sets a password without the current one', async () => {
    api.loadAccount.mockResolvedValue({ ok: true, value: account({ hasPassword: false, googleLinked: true }) });
    await mount('settings');
    expect(dom.container.textContent).toContain(t.password.noPassword);
    expect(dom.container.querySelector('[part="google"]')!.getAttribute('data-state')).toBe('linked');
    expect(dom.container.querySelector('[part="change-password"]')!.textContent).toBe(t.password.set);
    click('[part="delete-open"]');
    expect(dom.container.querySelector('[part="delete-dialog"]')!.textContent).toContain(t.deletion.googleOnly);
  });
});
