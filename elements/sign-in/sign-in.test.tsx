// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { useSignIn } from '../../core/auth/use-sign-in';
import { authTexts as t } from '../../core/i18n/auth';
import { testRoot } from '../../core/testing/react-root';
import { checkSignInFields, SignInView } from './sign-in.view';


type Behaviour = ReturnType<typeof useSignIn>;

const behaviour = (overrides: Partial<Behaviour> = {}): Behaviour => ({
  session: { status: 'anonymous', user: null, token: null },
  panel: 'sign-in',
  values: { email: '', password: '', firstName: '', lastName: '', reEnterPassword: '' },
  errors: {},
  status: 'idle',
  message: null,
  rules: null,
  google: { enabled: false, loginUrl: null },
  change: vi.fn(),
  switchPanel: vi.fn(),
  submit: vi.fn(async () => {}),
  withGoogle: vi.fn(),
  logOut: vi.fn(async () => {}),
  ...overrides,
});

const dom = testRoot();

function render(b: Behaviour, signedIn: Parameters<typeof SignInView>[0]['signedIn'] = null) {
  dom.render(<SignInView behaviour={b} signedIn={signedIn} />);
  return dom.container;
}



describe('sign-in panel (spec §2)', () => {
  it("has the tabs 'Sign In' and 'Sign Up'", () => {
    const tabs = [...render(behaviour()).querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);
    expect(tabs).toEqual(['Sign In', 'Sign Up']);
  });

  it('offers Google only when configured, with the never-post note', () => {
    expect(render(behaviour()).textContent).not.toContain(t.googleSignIn);
    const view = render(behaviour({ google: { enabled: true, loginUrl: '/login/google-oauth2/' } }));
    expect(view.textContent).toContain('Sign in with Google');
    expect(view.textContent).toContain(t.googleNote);
  });

  it("says 'Sign up with Google' on the Sign Up tab", () => {
    const view = render(behaviour({ panel: 'sign-up', google: { enabled: true, loginUrl: '/login/google-oauth2/' } }));
    expect(view.textContent).toContain('Sign up with Google');
  });

  it('shows the login failure exactly', () => {
    const view = render(behaviour({ message: t.errors.loginFailed }));
    expect(view.querySelector('[role="alert"]')!.textContent).toBe('Unable to login with that email/password');
  });

  it('shows the password rules live with their state', () => {
    const view = render(
      behaviour({
        panel: 'sign-up',
        rules: [
          { help_text: 'At least 8 characters.', is_valid: true, validation_error: '' },
          { help_text: 'Not a common password.', is_valid: false, validation_error: 'This password is too common.' },
        ],
      }),
    );
    const items = view.querySelectorAll('[part="password-rules"] li');
    expect([...items].map((li) => li.getAttribute('data-state'))).toEqual(['met', 'unmet']);
  });

  it('shows who is signed in and a Log Out button', () => {
    const view = render(behaviour({ session: { status: 'authenticated', user: { id: 1, firstName: 'Ada', lastName: 'L' }, token: 't' } }), {
      id: 1,
      firstName: 'Ada',
      lastName: 'L',
    });
    expect(view.textContent).toContain('Signed in as Ada L');
    expect(view.querySelector('[part="log-out"]')!.textContent).toBe('Log Out');
  });

  it('moves between tabs with the arrow keys', () => {
    const b = behaviour();
    const view = render(b);
    act(() => {
      view.querySelector('[role="tablist"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(b.switchPanel).toHaveBeenCalledWith('sign-up');
  });

  it('tells when the reset link was sent, whatever the account', () => {
    const view = render(behaviour({ panel: 'forgot', status: 'sent' }));
    expect(view.querySelector('[role="status"]')!.textContent).toBe(t.forgotSent);
  });
});

describe('sign-in field checks', () => {
  const empty = { email: '', password: '', firstName: '', lastName: '', reEnterPassword: '' };

  it('needs email and password to sign in', () => {
    expect(checkSignInFields('sign-in', empty)).toEqual({ email: t.errors.emailRequired, password: t.errors.passwordRequired });
  });

  it('needs names too to sign up', () => {
    expect(Object.keys(checkSignInFields('sign-up', { ...empty, email: 'a@b.co', password: 'x' }))).toEqual(['firstName', 'lastName']);
  });

  it('needs only an email to reset', () => {
    expect(checkSignInFields('forgot', { ...empty, email: 'not-an-email' })).toEqual({ email: t.errors.emailInvalid });
  });
});

describe('choosing a new password from a reset link', () => {
  it('asks for the new password twice', () => {
    const view = render(behaviour({ panel: 'reset' }));
    expect(view.querySelector('h2')!.textContent).toBe(t.resetHeading);
    expect([...view.querySelectorAll('label')].map((l) => l.textContent!.replace(' *', ''))).toEqual(['New password', 'Re-enter new password']);
  });

  it('checks that both match', () => {
    const values = { email: '', password: 'Wasatch-2026!', firstName: '', lastName: '', reEnterPassword: 'other' };
    expect(checkSignInFields('reset', values)).toEqual({ reEnterPassword: 'Passwords do not match.' });
  });

  it('says the password was changed on the sign-in tab', () => {
    const view = render(behaviour({ panel: 'sign-in', status: 'changed' }));
    expect(view.querySelector('[part="reset-done"]')!.textContent).toBe(t.resetDone);
  });
});
