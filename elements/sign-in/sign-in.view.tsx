/**
 * <hearth-sign-in>: the sign-in panel of spec §2 — tabs 'Sign In' and 'Sign Up', Google (when configured)
 * with the note that nothing is posted on the user's behalf, email/password forms with the server's
 * password rules shown live, a forgotten-password flow; signed in, who and a Log Out button.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { checkSignInFields, useSignIn, type SignInField, type SignInPanel } from '../../core/auth/use-sign-in';
import { displayName, type User } from '../../core/auth/user';
import type { ElementHandle } from '../../core/define-element/define-element';
import { authTexts as t } from '../../core/i18n/auth';
import { Button } from '../../core/ui/button';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { Tabs } from '../../core/ui/tabs';
import { SignedInDevices } from './signed-in-devices';
import { useDialogRoute } from '../../core/routing/dialog-route';

export interface SignInClosedDetail {
  signedIn: boolean;
}

export interface LoginDetail {
  userId: string;
  email: string | null;
}

type Behaviour = ReturnType<typeof useSignIn>;

const FIELD_PROPS: Record<SignInField, { type: string; autoComplete: string }> = {
  email: { type: 'email', autoComplete: 'email' },
  password: { type: 'password', autoComplete: 'current-password' },
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  reEnterPassword: { type: 'password', autoComplete: 'new-password' },
};

const FIELD_LABELS: Record<SignInField, string> = { ...t.labels };

function GoogleButton({ behaviour, label }: { behaviour: Behaviour; label: string }) {
  if (!behaviour.google.enabled) return null;
  return (
    <div className="google">
      <Button tone="secondary" part="google" onClick={behaviour.withGoogle}>
        {label}
      </Button>
      <p className="google-note">{t.googleNote}</p>
      <p className="divider">{t.orEmail}</p>
    </div>
  );
}

export function SignInView({ behaviour, signedIn }: { behaviour: Behaviour; signedIn: User | null }) {
  const { panel, values, errors, status, message, rules } = behaviour;
  const messageRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  if (behaviour.session.status === 'checking') {
    return <p className="checking" role="status" aria-busy="true" />;
  }

  if (signedIn) {
    return (
      <section className="signed-in" part="signed-in" data-state="authenticated">
        <p>{t.signedInAs(displayName(signedIn))}</p>
        <Button tone="secondary" part="log-out" onClick={() => void behaviour.logOut()}>
          {t.logOut}
        </Button>
        <SignedInDevices viewerId={String(signedIn.id)} />
      </section>
    );
  }

  const field = (name: SignInField) => (
    <Field
      key={`${panel}-${name}`}
      {...FIELD_PROPS[name]}
      {...(name === 'password' && (panel === 'sign-up' || panel === 'reset') ? { autoComplete: 'new-password' } : {})}
      name={name}
      label={panel === 'reset' && name === 'password' ? t.labels.newPassword : FIELD_LABELS[name]}
      required
      value={values[name]}
      error={errors[name]}
      onChange={(event) => behaviour.change(name, event.currentTarget.value)}
    />
  );

  const form = (fields: SignInField[], submitLabel: string, extra?: ReactNode) => (
    <Form className="form" part="form" aria-busy={status === 'working' || undefined} onSubmit={() => void behaviour.submit()}>
      {fields.map(field)}
      {extra}
      {message && (
        <p className="message" part="message" role="alert" tabIndex={-1} ref={messageRef}>
          {message}
        </p>
      )}
      <Button type="submit" part="submit" busy={status === 'working'}>
        {status === 'working' ? t.working : submitLabel}
      </Button>
    </Form>
  );

  const rulesList = rules && rules.length > 0 && (
    <div className="rules" part="password-rules">
      <p id="password-rules-heading">{t.passwordRulesHeading}</p>
      <ul aria-labelledby="password-rules-heading">
        {rules.map((rule) => (
          <li key={rule.help_text} data-state={rule.is_valid ? 'met' : 'unmet'}>
            <span aria-hidden="true">{rule.is_valid ? '✓' : '•'}</span> {rule.help_text}
            <span className="visually-hidden"> ({rule.is_valid ? t.ruleMet : t.ruleNotMet})</span>
          </li>
        ))}
      </ul>
    </div>
  );

  if (panel === 'reset') {
    return (
      <section className="forgot" part="reset">
        <h2>{t.resetHeading}</h2>
        {form(['password', 'reEnterPassword'], t.resetButton, rulesList)}
      </section>
    );
  }

  if (panel === 'forgot') {
    return (
      <section className="forgot" part="forgot" data-state={status === 'sent' ? 'sent' : 'editing'}>
        <h2>{t.forgotHeading}</h2>
        {status === 'sent' ? (
          <p role="status">{t.forgotSent}</p>
        ) : (
          <>
            <p>{t.forgotText}</p>
            {form(['email'], t.forgotButton)}
          </>
        )}
        <button type="button" className="link" onClick={() => behaviour.switchPanel('sign-in')}>
          {t.backToSignIn}
        </button>
      </section>
    );
  }

  return (
    <Tabs
      label={`${t.tabSignIn} / ${t.tabSignUp}`}
      tabs={[
        { key: 'sign-in', label: t.tabSignIn },
        { key: 'sign-up', label: t.tabSignUp },
      ]}
      selected={panel as 'sign-in' | 'sign-up'}
      onSelect={behaviour.switchPanel}
    >
      {panel === 'sign-in' ? (
        <>
          {status === 'changed' && (
            <p className="changed" part="reset-done" role="status">
              {t.resetDone}
            </p>
          )}
          <GoogleButton behaviour={behaviour} label={t.googleSignIn} />
          {form(['email', 'password'], t.signInButton)}
          <button type="button" className="link" part="forgot-link" onClick={() => behaviour.switchPanel('forgot')}>
            {t.forgotLink}
          </button>
        </>
      ) : (
        <>
          <GoogleButton behaviour={behaviour} label={t.googleSignUp} />
          {form(['firstName', 'lastName', 'email', 'password'], t.signUpButton, rulesList)}
        </>
      )}
    </Tabs>
  );
}

export interface SignInProps {
  tab: 'sign-in' | 'sign-up';
  dialog: boolean;
  resetToken: string;
  /** In dialog mode: the open dialog is the page's path plus `/log-in` (spec §2 login dialog). */
  routeSync?: boolean;
  element: ElementHandle;
}

export function SignIn({ tab, dialog, resetToken, routeSync = false, element }: SignInProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Dialog mode opens at once; with route-sync the element stays after closing, and its URL opens it again.
  const [shown, setShown] = useState(true);
  // Once signed in the page goes on to the post-login redirect: the dialog's URL is no longer ours to change.
  const [loggedIn, setLoggedIn] = useState(false);
  const behaviour = useSignIn({
    initialPanel: resetToken ? 'reset' : tab,
    resetToken,
    onLogin: (user) => {
      setLoggedIn(true);
      element.emit<LoginDetail>('login', { userId: String(user.id), email: user.email ?? null });
      dialogRef.current?.close();
    },
    onLogout: () => element.emit('logout', {}),
  });
  const signedIn = behaviour.session.status === 'authenticated' ? behaviour.session.user : null;

  useDialogRoute({ enabled: dialog && routeSync && !loggedIn, segment: 'login', open: shown, onOpen: () => setShown(true), onClose: () => setShown(false) });

  useEffect(() => {
    const node = dialogRef.current;
    if (dialog && shown && node && !node.open) node.showModal();
    else if (!shown && node?.open) node.close();
  }, [dialog, shown]);

  if (!dialog) {
    return (
      <div className="panel" part="base">
        <SignInView behaviour={behaviour} signedIn={signedIn} />
      </div>
    );
  }
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      part="dialog"
      aria-labelledby="sign-in-dialog-title"
      onClose={() => {
        setShown(false);
        element.emit<SignInClosedDetail>('sign-in-closed', { signedIn: Boolean(signedIn) });
      }}
    >
      {/* Not a <header>: inside a dialog at the page's top level that would be a second banner landmark. */}
      <div className="dialog-header">
        <h2 id="sign-in-dialog-title">{t.dialogTitle}</h2>
        <button type="button" className="close dialog-close" aria-label={t.close} onClick={() => dialogRef.current?.close()}>
          ×
        </button>
      </div>
      <SignInView behaviour={behaviour} signedIn={signedIn} />
    </dialog>
  );
}

export { checkSignInFields };
