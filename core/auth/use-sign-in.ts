/** Behaviour of the sign-in panel: tabs, the three forms, live password rules, Google popup, logout. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { runtimeSettings } from '../config/config';
import { authTexts as t } from '../i18n/auth';
import { useHearthValue } from '../state/hooks';
import { useSignalEffect, wanted } from '../state/use-signal-effect';
import { completeTokenSignIn, googleSignIn, passwordRules, requestPasswordReset, resetPassword, signIn, signOut, signUp, type AuthOutcome, type PasswordRule } from './api';
import { ensureSession, sessionAtom } from './session';
import type { User } from './user';

export type SignInPanel = 'sign-in' | 'sign-up' | 'forgot' | 'reset';
export type SignInField = 'email' | 'password' | 'firstName' | 'lastName' | 'reEnterPassword';
export type SignInStatus = 'idle' | 'working' | 'sent' | 'changed';

/** Passwords rules are asked for this long after the last keystroke. */
export const PASSWORD_RULES_DEBOUNCE_MS = 300;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Which fields each panel needs, and the first problem of each. */
export function checkSignInFields(panel: SignInPanel, values: Record<SignInField, string>): Partial<Record<SignInField, string>> {
  const errors: Partial<Record<SignInField, string>> = {};
  if (panel === 'reset') {
    if (!values.password) errors.password = t.errors.passwordRequired;
    if (values.reEnterPassword !== values.password) errors.reEnterPassword = t.errors.passwordsDiffer;
    return errors;
  }
  const email = values.email.trim();
  if (!email) errors.email = t.errors.emailRequired;
  else if (!EMAIL.test(email)) errors.email = t.errors.emailInvalid;
  if (panel !== 'forgot' && !values.password) errors.password = t.errors.passwordRequired;
  if (panel === 'sign-up') {
    if (!values.firstName.trim()) errors.firstName = t.errors.firstNameRequired;
    if (!values.lastName.trim()) errors.lastName = t.errors.lastNameRequired;
  }
  return errors;
}

function outcomeMessage(outcome: AuthOutcome, panel: SignInPanel): string | null {
  switch (outcome.kind) {
    case 'ok':
      return null;
    case 'invalid':
      return panel === 'sign-in' ? t.errors.loginFailed : (outcome.message ?? null);
    case 'rate-limited':
      return t.errors.rateLimited;
    case 'failed':
      return outcome.reason === 'network' ? t.errors.network : t.errors.server;
  }
}

export function useSignIn(options: { initialPanel: SignInPanel; resetToken?: string; onLogin: (user: User) => void; onLogout: () => void }) {
  const session = useHearthValue(sessionAtom);
  const [panel, setPanel] = useState<SignInPanel>(options.initialPanel);
  const [values, setValues] = useState<Record<SignInField, string>>({ email: '', password: '', firstName: '', lastName: '', reEnterPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<SignInField, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<SignInStatus>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [rules, setRules] = useState<PasswordRule[] | null>(null);
  const [google, setGoogle] = useState<{ enabled: boolean; loginUrl: string | null }>({ enabled: false, loginUrl: null });
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    void ensureSession();
    void googleSignIn().then(setGoogle);
  }, []);

  useEffect(() => setPanel(options.initialPanel), [options.initialPanel]);

  // Live password rules while signing up (spec §5: the rules come from the server).
  useSignalEffect((signal) => {
    if ((panel !== 'sign-up' && panel !== 'reset') || !values.password) {
      setRules(null);
      return;
    }
    const timer = setTimeout(() => {
      void wanted(signal, passwordRules(values.password, values.email)).then(setRules);
    }, PASSWORD_RULES_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [panel, values.password, values.email]);

  const change = useCallback(
    (field: SignInField, value: string) => {
      setValues((current) => {
        const next = { ...current, [field]: value };
        if (attempted) setErrors(checkSignInFields(panel, next));
        return next;
      });
    },
    [attempted, panel],
  );

  const switchPanel = useCallback((next: SignInPanel) => {
    setPanel(next);
    setErrors({});
    setAttempted(false);
    setMessage(null);
    setStatus('idle');
  }, []);

  const submit = useCallback(async () => {
    if (status === 'working') return;
    setAttempted(true);
    const found = checkSignInFields(panel, values);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    setStatus('working');
    const email = values.email.trim();
    if (panel === 'reset') {
      const result = await resetPassword(latest.current.resetToken ?? '', values.password, values.reEnterPassword);
      if (result.kind === 'ok') {
        setValues({ email: '', password: '', firstName: '', lastName: '', reEnterPassword: '' });
        setPanel('sign-in');
        setStatus('changed');
        return;
      }
      setStatus('idle');
      if (result.kind === 'invalid') {
        if (result.fields) setErrors(result.fields as Partial<Record<SignInField, string>>);
        setMessage(result.fields ? null : (result.message ?? t.errors.resetLinkInvalid));
      } else setMessage(result.kind === 'rate-limited' ? t.errors.rateLimited : result.reason === 'network' ? t.errors.network : t.errors.server);
      return;
    }
    if (panel === 'forgot') {
      const result = await requestPasswordReset(email);
      setStatus(result === 'sent' ? 'sent' : 'idle');
      if (result !== 'sent') setMessage(result === 'rate-limited' ? t.errors.rateLimited : t.errors.server);
      return;
    }
    const outcome =
      panel === 'sign-in'
        ? await signIn(email, values.password)
        : await signUp({ email, password: values.password, firstName: values.firstName.trim(), lastName: values.lastName.trim() });
    setStatus('idle');
    if (outcome.kind === 'ok') {
      setValues({ email: '', password: '', firstName: '', lastName: '', reEnterPassword: '' });
      latest.current.onLogin(outcome.user);
      return;
    }
    if (outcome.kind === 'invalid' && outcome.fields) setErrors(outcome.fields as Partial<Record<SignInField, string>>);
    setMessage(outcomeMessage(outcome, panel));
  }, [panel, status, values]);

  const withGoogle = useCallback(() => {
    if (!google.loginUrl) return;
    const { api, partner } = runtimeSettings();
    const url = new URL(google.loginUrl, api);
    url.searchParams.set('origin', location.origin);
    if (partner) url.searchParams.set('partner', partner);
    const popup = window.open(url.href, 'hearth-google-sign-in', 'popup,width=480,height=640');
    if (!popup) {
      setMessage(t.errors.popupBlocked);
      return;
    }
    const apiOrigin = new URL(api).origin;
    const onMessage = (event: MessageEvent) => {
      // Only our API's popup may hand us a token.
      if (event.origin !== apiOrigin || event.source !== popup) return;
      const data = event.data as { type?: unknown; token?: unknown } | null;
      if (data?.type !== 'hearth-login' || typeof data.token !== 'string') return;
      removeEventListener('message', onMessage);
      void completeTokenSignIn(data.token).then((outcome) => {
        if (outcome.kind === 'ok') latest.current.onLogin(outcome.user);
        else setMessage(outcomeMessage(outcome, 'sign-in'));
      });
    };
    addEventListener('message', onMessage);
  }, [google.loginUrl]);

  const logOut = useCallback(async () => {
    await signOut();
    latest.current.onLogout();
  }, []);

  return { session, panel, values, errors, status, message, rules, google, change, switchPanel, submit, withGoogle, logOut };
}
