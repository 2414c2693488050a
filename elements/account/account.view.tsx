/**
 * <hearth-account section>: the signed-in user's own account (issue 35). Profile: the photo (upload with a preview
 * and progress, remove), names, legal name, email, phone and the agent flag. Settings: notification settings, the
 * password, the Google link and deleting the account (typed confirmation and the password, then a goodbye).
 * The views only render what they are given; `Account` connects them to core/accounts.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { PasswordRule } from '../../core/auth/api';
import type { ElementHandle } from '../../core/define-element/define-element';
import { accountTexts as t } from '../../core/i18n/account';
import { USER_PHOTO_ACCEPT } from '../../core/accounts/account-form';
import type { Account as AccountRecord } from '../../core/accounts/account-api';
import { NOTIFICATION_SETTING_KEYS } from '../../core/accounts/notification-settings';
import {
  useAccountLoad,
  useAccountPhoto,
  useGoogleSignInAvailable,
  useNotificationSettings,
  useProfileForm,
  type SaveStatus,
} from '../../core/accounts/use-account';
import { useAccountDeletion } from '../../core/accounts/use-account-deletion';
import { usePasswordChange } from '../../core/accounts/use-password-change';
import { Button } from '../../core/ui/button';
import { Dialog } from '../../core/ui/dialog';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { InlineAlert } from '../../core/ui/inline-alert';
import { StatusPanel } from '../../core/ui/status-panel';
import { Tabs } from '../../core/ui/tabs';

export type AccountSection = 'all' | 'profile' | 'settings';

type ProfileForm = ReturnType<typeof useProfileForm>;
type Photo = ReturnType<typeof useAccountPhoto>;
type Notifications = ReturnType<typeof useNotificationSettings>;
type Password = ReturnType<typeof usePasswordChange>;
type Deletion = ReturnType<typeof useAccountDeletion>;

/** A save's outcome under its button: announced politely, a failure as an alert. */
function SaveLine({ save, part, saving }: { save: SaveStatus; part: string; saving: string }) {
  const text = save.status === 'saving' ? saving : save.status === 'done' || save.status === 'failed' ? save.message : '';
  return (
    <p className="account-status" part={part} role={save.status === 'failed' ? 'alert' : 'status'} data-state={save.status}>
      {text}
    </p>
  );
}

const initials = (account: AccountRecord) =>
  ([account.firstName, account.lastName].map((n) => n.trim()[0] ?? '').join('') || account.email[0] || '?').toUpperCase();

// ---------------------------------------------------------------------------------------------------
// Profile

/** The profile's card: the photo (or the initials), the person's name and email, and the photo's actions. */
export function PhotoView({ account, photo }: { account: AccountRecord; photo: Photo }) {
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const { state } = photo;
  const uploading = state.status === 'uploading';
  // While uploading: the chosen file once read (the photo it replaces until then).
  const shown = uploading ? (state.preview ?? account.image) : account.image;
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ') || account.email;
  return (
    <div className="account-photo" part="photo" data-state={state.status}>
      <div className="account-photo-row">
        {shown ? (
          <img className="account-avatar" part="photo-image" src={shown} alt={uploading && state.preview ? t.photo.previewAlt : t.photo.alt} width={96} height={96} />
        ) : (
          <span className="account-avatar account-initials" part="photo-image" role="img" aria-label={t.photo.none}>
            {initials(account)}
          </span>
        )}
        <div className="account-card">
          <h2 className="account-heading" part="name">
            {name}
          </h2>
          <p className="account-email">{account.email}</p>
          <div className="account-photo-actions">
            <input
              ref={input}
              type="file"
              accept={USER_PHOTO_ACCEPT}
              hidden
              part="photo-input"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) void photo.choose(file);
              }}
            />
            {uploading ? (
              <Button tone="secondary" part="photo-cancel" onClick={photo.cancel}>
                {t.photo.cancel}
              </Button>
            ) : (
              <Button tone="secondary" part="photo-upload" aria-describedby={`${statusId}-hint`} disabled={state.status === 'removing'} onClick={() => input.current?.click()}>
                {account.image ? t.photo.change : t.photo.choose}
              </Button>
            )}
            {account.image && !uploading ? (
              <Button tone="secondary" part="photo-remove" busy={state.status === 'removing'} onClick={() => void photo.remove()}>
                {state.status === 'removing' ? t.photo.removing : t.photo.remove}
              </Button>
            ) : null}
          </div>
          <p id={`${statusId}-hint`} className="field-hint">
            {t.photo.hint}
          </p>
        </div>
      </div>
      {uploading ? (
        <div className="account-progress" part="photo-progress">
          <progress max={100} value={state.percent} aria-labelledby={statusId} />
        </div>
      ) : null}
      <p id={statusId} className="account-status" part="photo-status" role={state.status === 'failed' ? 'alert' : 'status'} data-state={state.status}>
        {uploading ? t.photo.uploading(state.percent) : state.status === 'done' || state.status === 'failed' ? state.message : ''}
      </p>
    </div>
  );
}

export function ProfileView({ account, form, photo }: { account: AccountRecord; form: ProfileForm; photo: Photo }) {
  const { draft, errors } = form;
  const agentId = useId();
  return (
    <section className="account-section" part="profile" aria-label={t.profile.heading}>
      <PhotoView account={account} photo={photo} />
      <Form className="account-form" part="form" onSubmit={() => void form.submit()}>
        <div className="field-pair">
          <Field label={t.profile.firstName} name="given-name" autoComplete="given-name" value={draft.firstName} error={errors.firstName} onChange={(e) => form.change('firstName', e.currentTarget.value)} />
          <Field label={t.profile.lastName} name="family-name" autoComplete="family-name" value={draft.lastName} error={errors.lastName} onChange={(e) => form.change('lastName', e.currentTarget.value)} />
        </div>
        <Field label={t.profile.legalName} name="legal-name" autoComplete="name" value={draft.legalName} error={errors.legalName} hint={t.profile.legalNameHint} onChange={(e) => form.change('legalName', e.currentTarget.value)} />
        <Field
          label={t.profile.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={draft.email}
          error={errors.email}
          hint={account.emailVerified ? t.profile.emailHint : t.profile.emailUnconfirmed}
          onChange={(e) => form.change('email', e.currentTarget.value)}
        />
        <Field
          label={t.profile.phone}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          value={draft.phone}
          error={errors.phone}
          hint={t.profile.phoneHint}
          onFocus={form.phoneFocused}
          onChange={(e) => {
            const control = e.currentTarget;
            form.change('phone', control.value, control.selectionStart === null || control.selectionStart === control.value.length);
          }}
        />
        <div className="account-check" part="agent">
          <input id={agentId} type="checkbox" checked={draft.agent} aria-describedby={`${agentId}-hint`} onChange={(e) => form.change('agent', e.currentTarget.checked)} />
          <label htmlFor={agentId}>{t.profile.agent}</label>
          <p id={`${agentId}-hint`} className="field-hint">
            {t.profile.agentHint}
          </p>
        </div>
        <div className="account-actions">
          <Button tone="primary" type="submit" part="save" busy={form.save.status === 'saving'}>
            {form.save.status === 'saving' ? t.profile.saving : t.profile.save}
          </Button>
          <SaveLine save={form.save} part="save-status" saving={t.profile.saving} />
        </div>
      </Form>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// Settings

function NotificationsView({ notifications }: { notifications: Notifications }) {
  const id = useId();
  const labels = { savedSearchEmails: [t.notifications.savedSearchEmails, t.notifications.savedSearchEmailsHint] } as const;
  return (
    <section className="account-block" part="notifications" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="account-subheading">
        {t.notifications.heading}
      </h2>
      {NOTIFICATION_SETTING_KEYS.map((key) => (
        <div key={key} className="account-check" part="notification">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            part="notification-toggle"
            data-setting={key}
            checked={notifications.values[key]}
            aria-describedby={`${id}-${key}-hint`}
            onChange={(e) => void notifications.toggle(key, e.currentTarget.checked)}
          />
          <label htmlFor={`${id}-${key}`}>{labels[key][0]}</label>
          <p id={`${id}-${key}-hint`} className="field-hint">
            {labels[key][1]}
          </p>
        </div>
      ))}
      <p className="field-hint">{t.notifications.always}</p>
      <SaveLine save={notifications.save} part="notifications-status" saving={t.notifications.saving} />
    </section>
  );
}

function PasswordRules({ rules }: { rules: PasswordRule[] | null }) {
  const id = useId();
  if (!rules?.length) return null;
  return (
    <div className="account-rules" part="password-rules">
      <p id={id}>{t.password.rulesHeading}</p>
      <ul aria-labelledby={id}>
        {rules.map((rule) => (
          <li key={rule.help_text} data-state={rule.is_valid ? 'met' : 'unmet'}>
            <span aria-hidden="true">{rule.is_valid ? '✓' : '•'}</span> {rule.help_text}
            <span className="visually-hidden"> ({rule.is_valid ? t.password.ruleMet : t.password.ruleNotMet})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PasswordView({ account, password }: { account: AccountRecord; password: Password }) {
  const id = useId();
  const saving = password.status.status === 'saving';
  const save: SaveStatus = password.status;
  return (
    <section className="account-block" part="password" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="account-subheading">
        {t.password.heading}
      </h2>
      {account.hasPassword ? null : <p className="field-hint">{t.password.noPassword}</p>}
      <Form className="account-form" part="password-form" onSubmit={() => void password.submit()}>
        {/* The account's email, for password managers (hidden from view and from assistive technology). */}
        <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
        {account.hasPassword ? (
          <Field
            label={t.password.current}
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={password.values.currentPassword}
            error={password.errors.currentPassword}
            onChange={(e) => password.change('currentPassword', e.currentTarget.value)}
          />
        ) : null}
        <Field
          label={t.password.new}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password.values.newPassword}
          error={password.errors.newPassword}
          onChange={(e) => password.change('newPassword', e.currentTarget.value)}
        />
        <PasswordRules rules={password.rules} />
        <div className="account-actions">
          <Button tone="primary" type="submit" part="change-password" busy={saving}>
            {saving ? t.password.changing : account.hasPassword ? t.password.change : t.password.set}
          </Button>
          <SaveLine save={save} part="password-status" saving={t.password.changing} />
        </div>
      </Form>
    </section>
  );
}

function GoogleView({ account }: { account: AccountRecord }) {
  const id = useId();
  return (
    <section className="account-block" part="google" aria-labelledby={id} data-state={account.googleLinked ? 'linked' : 'not-linked'}>
      <h2 id={id} className="account-subheading">
        {t.google.heading}
      </h2>
      <p>{account.googleLinked ? t.google.linked : t.google.notLinked(account.email)}</p>
    </section>
  );
}

export function DeletionDialog({ account, deletion }: { account: AccountRecord; deletion: Deletion }) {
  return (
    <Dialog title={t.deletion.dialogTitle} subTitle={t.deletion.dialogSubTitle} onClose={deletion.close} part="delete-dialog" className="account-delete-dialog">
      <Form className="account-form" part="delete-form" onSubmit={() => void deletion.confirm()}>
        <p>{t.deletion.removed}</p>
        <p>{t.deletion.kept}</p>
        <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
        <Field
          label={t.deletion.typeLabel}
          name="confirm-delete"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={deletion.values.typed}
          error={deletion.errors.typed}
          onChange={(e) => deletion.change('typed', e.currentTarget.value)}
        />
        {account.hasPassword ? (
          <Field
            label={t.deletion.password}
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={deletion.values.password}
            error={deletion.errors.password}
            onChange={(e) => deletion.change('password', e.currentTarget.value)}
          />
        ) : (
          <p className="field-hint">{t.deletion.googleOnly}</p>
        )}
        <InlineAlert className="account-error" part="delete-error" message={deletion.message} />
        <div className="dialog-actions">
          <Button tone="secondary" part="delete-cancel" disabled={deletion.busy} onClick={deletion.close}>
            {t.deletion.cancel}
          </Button>
          <Button tone="primary" type="submit" className="account-danger-button" part="delete-confirm" busy={deletion.busy}>
            {deletion.busy ? t.deletion.deleting : t.deletion.confirm}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function DangerZone({ account, deletion }: { account: AccountRecord; deletion: Deletion }) {
  const id = useId();
  return (
    <section className="account-block account-danger" part="danger-zone" aria-labelledby={id}>
      <h2 id={id} className="account-subheading">
        {t.deletion.heading}
      </h2>
      <p>{t.deletion.removed}</p>
      <p>{t.deletion.kept}</p>
      <div>
        <Button tone="secondary" className="account-danger-button" part="delete-open" onClick={deletion.start}>
          {t.deletion.open}
        </Button>
      </div>
      {deletion.open ? <DeletionDialog account={account} deletion={deletion} /> : null}
    </section>
  );
}

export function SettingsView(props: { account: AccountRecord; notifications: Notifications; password: Password; deletion: Deletion; google: boolean }) {
  return (
    <section className="account-section" part="settings" aria-label={t.tabs.settings}>
      <NotificationsView notifications={props.notifications} />
      <PasswordView account={props.account} password={props.password} />
      {props.google || props.account.googleLinked ? <GoogleView account={props.account} /> : null}
      <DangerZone account={props.account} deletion={props.deletion} />
    </section>
  );
}

export function GoodbyeView() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The dialog and the button that opened it are gone: focus goes to what replaced them.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="account surface-panel" part="base" data-state="deleted">
      <section className="account-goodbye" part="goodbye" aria-labelledby="account-goodbye">
        <h2 id="account-goodbye" ref={heading} className="account-heading" tabIndex={-1}>
          {t.deletion.goodbyeHeading}
        </h2>
        <p role="status">{t.deletion.goodbye}</p>
        <p>
          <a className="button button-secondary" part="home-link" href="/">
            {t.deletion.home}
          </a>
        </p>
      </section>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Connected

function LoadedAccount({ section, account, apply, deletion }: { section: AccountSection; account: AccountRecord; apply: ReturnType<typeof useAccountLoad>['apply']; deletion: Deletion }) {
  const [tab, setTab] = useState<'profile' | 'settings'>('profile');
  const form = useProfileForm(account, apply);
  const photo = useAccountPhoto(apply);
  const notifications = useNotificationSettings(account, apply);
  const password = usePasswordChange(account, () => apply({ ...account, hasPassword: true }, 'password'));
  const google = useGoogleSignInAvailable();
  const profile = <ProfileView account={account} form={form} photo={photo} />;
  const settings = <SettingsView account={account} notifications={notifications} password={password} deletion={deletion} google={google} />;
  return (
    <div className="account surface-panel" part="base" data-state="loaded" data-section={section}>
      {section === 'profile' ? (
        profile
      ) : section === 'settings' ? (
        settings
      ) : (
        <Tabs label={t.tabsLabel} tabs={[{ key: 'profile', label: t.tabs.profile }, { key: 'settings', label: t.tabs.settings }]} selected={tab} onSelect={setTab}>
          {tab === 'profile' ? profile : settings}
        </Tabs>
      )}
    </div>
  );
}

export interface AccountProps {
  section: AccountSection;
  element: ElementHandle;
}

export function Account({ section, element }: AccountProps) {
  const { state, reload, signIn, apply } = useAccountLoad(element);
  const deletion = useAccountDeletion(state.status === 'loaded' ? state.account : null, element);
  if (deletion.deleted) return <GoodbyeView />;
  if (state.status === 'loaded') return <LoadedAccount section={section} account={state.account} apply={apply} deletion={deletion} />;
  if (state.status === 'failed') return <StatusPanel block="account" state={{ status: 'failed', message: state.message, action: t.retry, onAction: reload }} />;
  if (state.status === 'signed-out') return <StatusPanel block="account" state={{ status: 'signed-out', message: t.signedOut, action: t.signIn, onAction: signIn }} />;
  return <StatusPanel block="account" state={{ status: 'loading', message: t.loading }} />;
}
