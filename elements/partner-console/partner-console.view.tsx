/**
 * <hearth-partner-console>: a partner's own settings (issue 16) in tabs — Branding, Theme (with a live
 * preview of real elements and the WCAG contrast of each pair), Agent, Site & search, Origins, Snippets,
 * API keys and Activity — or the sign-up form when the viewer runs no partner yet. `PartnerConsoleView`
 * only renders what it is given; `PartnerConsole` connects it to core/partners/use-partner-console.
 */
import { createElement, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import type { Result } from '../../core/graphql/call';
import { partnerTexts as t } from '../../core/i18n/partners';
import { setElementContext } from '../../core/config/element-context';
import { CONSOLE_TABS, contrastField, parseCountries, previewContext, previewTokens, shownValue, type ConsoleTab, type EditableField, type FormTab, type PhoneSettingField } from '../../core/partners/console-state';
import type { ApiKey, ApiKeyScope, AuditEntry, ElementSnippet, PartnerSettings } from '../../core/partners/partners-api';
import { useTabsOrientation } from '../../core/partners/console-layout';
import { usePartnerConsole, type PartnerConsoleBehaviour, type PartnerCreatedDetail, type PartnerSavedDetail } from '../../core/partners/use-partner-console';
import { Button } from '../../core/ui/button';
import { ControlField } from '../../core/ui/control-field';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { MessageAction } from '../../core/ui/status-panel';
import { TableHead } from '../../core/ui/table-head';
import { Tabs } from '../../core/ui/tabs';
import { useSignalEffect } from '../../core/state/use-signal-effect';
import { REGISTRATION_LIMITS } from '../../core/registration/rule';
import { MembersTab } from './members-tab';
import { VisitorsTab } from './visitors-tab';

/** Listing shown in the theme preview: the first demo listing of every installation. */
export const PREVIEW_LISTING_ID = '1001';

const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

// ---------------------------------------------------------------------------------------------------
// Small parts

function Checkbox({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (value: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="console-check">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function SaveBar({ tab, behaviour }: { tab: FormTab; behaviour: PartnerConsoleBehaviour }) {
  const status = behaviour.saveStatus?.tab === tab ? behaviour.saveStatus : null;
  return (
    <div className="console-save">
      <Button type="submit" part="save" busy={status?.state === 'saving'}>
        {t.save}
      </Button>
      <p className="console-save-status" role="status" part="save-status" data-state={status?.state ?? 'idle'}>
        {status?.state === 'saved' ? t.saved : status?.state === 'failed' ? status.message : ''}
      </p>
    </div>
  );
}

function TabForm({ tab, behaviour, children }: { tab: FormTab; behaviour: PartnerConsoleBehaviour; children: ReactNode }) {
  return (
    <Form className="console-form" part="form" data-tab={tab} onSubmit={() => void behaviour.save(tab)}>
      {children}
      {behaviour.errors.form ? (
        <p className="field-error" role="alert">
          {behaviour.errors.form}
        </p>
      ) : null}
      <SaveBar tab={tab} behaviour={behaviour} />
    </Form>
  );
}

interface FieldsProps {
  settings: PartnerSettings;
  behaviour: PartnerConsoleBehaviour;
}

function TextSetting({ field, label, hint, type = 'text', settings, behaviour }: FieldsProps & { field: EditableField; label: string; hint?: string; type?: string }) {
  const value = shownValue(settings, behaviour.draft, field);
  return (
    <Field
      label={label}
      hint={hint}
      type={type}
      value={String(value)}
      error={behaviour.errors[field]}
      onChange={(e) => behaviour.edit({ [field]: e.currentTarget.value })}
    />
  );
}

/** A phone setting: shown as the server formats it, reformatted as typed; the server reads what is saved. */
function PhoneSetting({ field, label, hint, settings, behaviour }: FieldsProps & { field: PhoneSettingField; label: string; hint?: string }) {
  return (
    <Field
      label={label}
      hint={hint}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      maxLength={40}
      value={String(shownValue(settings, behaviour.draft, field))}
      error={behaviour.errors[field]}
      onFocus={behaviour.phoneFocused}
      onChange={(e) => {
        const control = e.currentTarget;
        behaviour.editPhone(field, control.value, control.selectionStart === null || control.selectionStart === control.value.length);
      }}
    />
  );
}

/**
 * A picture setting as one control: the current picture (or a note that there is none), then one button that
 * chooses a file and uploads it at once, with the file's name and the upload's state beside it. The native
 * file input is that button (visually hidden, in the tab order): its visible label draws the focus ring.
 */
function ImageSetting({ kind, label, chooseLabel, empty, url, behaviour }: { kind: 'LOGO' | 'AGENT_PICTURE'; label: string; chooseLabel: string; empty: string; url: string | null; behaviour: PartnerConsoleBehaviour }) {
  const id = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const error = behaviour.errors[kind === 'LOGO' ? 'logo' : 'agentPicture'];
  const uploading = behaviour.uploading === kind;
  const status = uploading && fileName ? t.uploading(fileName) : fileName && !error ? t.uploadedFile(fileName) : '';
  return (
    <div className="console-image" part={kind === 'LOGO' ? 'logo' : 'agent-picture'} data-state={uploading ? 'uploading' : url ? 'set' : 'empty'}>
      <p className="field-label" id={`${id}-label`}>
        {label}
      </p>
      {url ? <img className="console-image-preview" src={url} alt={label} /> : <p className="console-muted">{empty}</p>}
      <div className="console-image-row">
        <input
          id={id}
          className="console-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={uploading}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (!file) return;
            setFileName(file.name);
            void behaviour.upload(kind, file);
          }}
        />
        <label className="button button-secondary console-upload" htmlFor={id} part="choose-image" data-state={uploading ? 'busy' : 'idle'}>
          {chooseLabel}
        </label>
        <span className="console-muted console-image-status" role="status">
          {status}
        </span>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {t.imageHint}
      </p>
      <SettingError id={id} error={error} />
    </div>
  );
}

/** A setting's refusal under its control (its id is the control's `aria-describedby`); nothing without one. */
function SettingError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : null;
}

// ---------------------------------------------------------------------------------------------------
// Tabs

function BrandingTab({ settings, behaviour }: FieldsProps) {
  return (
    <TabForm tab="branding" behaviour={behaviour}>
      <TextSetting field="name" label={t.name} settings={settings} behaviour={behaviour} />
      <TextSetting field="websiteName" label={t.websiteName} settings={settings} behaviour={behaviour} />
      <TextSetting field="companyName" label={t.companyName} settings={settings} behaviour={behaviour} />
      <fieldset className="console-fieldset" part="brand-contact">
        <legend className="console-subheading">{t.brandContactHeading}</legend>
        <p className="console-muted">{t.brandContactIntro}</p>
        <PhoneSetting field="tollFreeNumber" label={t.tollFreeNumber} hint={t.tollFreeHint} settings={settings} behaviour={behaviour} />
        <TextSetting field="supportEmail" type="email" label={t.supportEmail} hint={t.supportEmailHint} settings={settings} behaviour={behaviour} />
        <TextSetting field="privacyPolicyUrl" type="url" label={t.privacyPolicyUrl} hint={t.privacyPolicyHint} settings={settings} behaviour={behaviour} />
      </fieldset>
      <ImageSetting kind="LOGO" label={t.logo} chooseLabel={settings.logoUrl ? t.replaceLogo : t.chooseLogo} empty={t.noLogo} url={settings.logoUrl} behaviour={behaviour} />
      <Checkbox label={t.poweredBy} checked={settings.showPoweredBy} disabled onChange={() => undefined} />
      <p className="console-muted">{t.poweredByAdminOnly}</p>
    </TabForm>
  );
}

function ColourSetting({ field, label, settings, behaviour }: FieldsProps & { field: 'primaryColor' | 'onPrimaryColor' | 'textColor' | 'surfaceColor'; label: string }) {
  const id = useId();
  const value = shownValue(settings, behaviour.draft, field);
  const error = behaviour.errors[field];
  return (
    <div className="field console-colour" part="field" data-state={error ? 'invalid' : 'valid'} data-field={field}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="console-colour-row">
        <input
          id={id}
          type="color"
          className="console-colour-input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(e) => behaviour.edit({ [field]: e.currentTarget.value })}
          onChange={(e) => behaviour.edit({ [field]: e.currentTarget.value })}
        />
        <output className="console-colour-value" htmlFor={id}>
          {value}
        </output>
      </div>
      <SettingError id={id} error={error} />
    </div>
  );
}

function Preview({ settings, behaviour }: FieldsProps) {
  const tokens = previewTokens(behaviour.theme!);
  // The partner's brand as its visitors see it, not the page's (this page is ours): set once, as the elements are made.
  const brand = useRef(previewContext(settings, behaviour.draft));
  const box = useRef<HTMLDivElement>(null);
  const hosts = useRef<HTMLElement[]>([]);
  const [ready, setReady] = useState(false);
  useSignalEffect((signal) => {
    // Real elements, made here (the loader does not look inside our shadow root) and themed by the tokens on
    // their hosts: a host's own style beats the theme sheet's :host rule, as a host page's override does.
    void Promise.all([import('../listing-card/listing-card.element'), import('../contact-form/contact-form.element')]).then(() => {
      if (signal.aborted || !box.current) return;
      const doc = box.current.ownerDocument;
      const card = doc.createElement('hearth-listing-card');
      card.setAttribute('listing-id', PREVIEW_LISTING_ID);
      card.setAttribute('part', 'preview-card');
      const form = doc.createElement('hearth-contact-form');
      setElementContext(form, brand.current);
      form.setAttribute('hide-agent', '');
      form.setAttribute('part', 'preview-form');
      box.current.replaceChildren(card, form);
      hosts.current = [card, form];
      setReady(true);
    });
  }, []);
  const tokenKey = JSON.stringify(tokens);
  useEffect(() => {
    for (const host of hosts.current) for (const [name, value] of Object.entries(tokens)) host.style.setProperty(name, value);
    box.current?.style.setProperty('background', tokens['--hearth-color-surface'] ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokenKey, ready]);
  return (
    <section className="console-preview" part="preview" aria-labelledby="console-preview-heading" data-state={ready ? 'ready' : 'loading'}>
      <h3 id="console-preview-heading" className="console-subheading">
        {t.preview}
      </h3>
      <div className="console-preview-elements" ref={box} />
    </section>
  );
}

function ThemeTab({ settings, behaviour }: FieldsProps) {
  return (
    <div className="console-theme">
      <TabForm tab="theme" behaviour={behaviour}>
        <ColourSetting field="primaryColor" label={t.primaryColour} settings={settings} behaviour={behaviour} />
        <ColourSetting field="onPrimaryColor" label={t.onPrimaryColour} settings={settings} behaviour={behaviour} />
        <ColourSetting field="textColor" label={t.textColour} settings={settings} behaviour={behaviour} />
        <ColourSetting field="surfaceColor" label={t.surfaceColour} settings={settings} behaviour={behaviour} />
        <TextSetting field="fontFamily" label={t.fontFamily} settings={settings} behaviour={behaviour} />
        <Field
          label={t.radius}
          type="number"
          min={0}
          max={32}
          step={1}
          value={String(shownValue(settings, behaviour.draft, 'radius'))}
          error={behaviour.errors.radius}
          onChange={(e) => behaviour.edit({ radius: Number(e.currentTarget.value) })}
        />
        <section className="console-contrast" part="contrast" aria-labelledby="console-contrast-heading">
          <h3 id="console-contrast-heading" className="console-subheading">
            {t.contrastHeading}
          </h3>
          <ul className="console-contrast-list">
            {behaviour.contrast.map((pair) => (
              <li key={pair.pair} part="contrast-pair" data-pair={pair.pair} data-state={pair.passes ? 'pass' : 'fail'}>
                <span className="console-contrast-name">{t.contrastPair(pair.pair)}: </span>
                <span className="console-contrast-result" data-field={contrastField(pair.pair)}>
                  {pair.passes && pair.ratio !== null ? t.contrastPasses(pair.ratio) : t.contrastRefusal(pair.pair, pair.ratio)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </TabForm>
      <Preview settings={settings} behaviour={behaviour} />
    </div>
  );
}

function AgentTab({ settings, behaviour }: FieldsProps) {
  return (
    <TabForm tab="agent" behaviour={behaviour}>
      <TextSetting field="agentName" label={t.agentName} settings={settings} behaviour={behaviour} />
      <TextSetting field="agentEmail" type="email" label={t.agentEmail} settings={settings} behaviour={behaviour} />
      <PhoneSetting field="agentOfficePhone" label={t.agentOfficePhone} settings={settings} behaviour={behaviour} />
      <PhoneSetting field="agentCellPhone" label={t.agentCellPhone} settings={settings} behaviour={behaviour} />
      <ImageSetting
        kind="AGENT_PICTURE"
        label={t.agentPicture}
        chooseLabel={settings.agentPictureUrl ? t.replaceAgentPicture : t.chooseAgentPicture}
        empty={t.noAgentPicture}
        url={settings.agentPictureUrl}
        behaviour={behaviour}
      />
    </TabForm>
  );
}

function SiteTab({ settings, behaviour }: FieldsProps) {
  const countries = shownValue(settings, behaviour.draft, 'countries');
  const [countriesText, setCountriesText] = useState(countries.join(', '));
  const flag = (field: 'sellEnabled' | 'rentalEnabled' | 'agentApp' | 'analyticsEnabled', label: string) => (
    <Checkbox label={label} checked={shownValue(settings, behaviour.draft, field)} onChange={(value) => behaviour.edit({ [field]: value })} />
  );
  return (
    <TabForm tab="site" behaviour={behaviour}>
      <Field
        label={t.countries}
        hint={t.countriesHint}
        value={countriesText}
        error={behaviour.errors.countries}
        onChange={(e) => {
          setCountriesText(e.currentTarget.value);
          behaviour.edit({ countries: parseCountries(e.currentTarget.value) });
        }}
      />
      <TextSetting field="defaultSearchLocation" label={t.defaultSearchLocation} settings={settings} behaviour={behaviour} />
      {flag('sellEnabled', t.sellEnabled)}
      {flag('rentalEnabled', t.rentalEnabled)}
      {flag('agentApp', t.agentApp)}
      {flag('analyticsEnabled', t.analyticsEnabled)}
      <RegistrationSettings settings={settings} behaviour={behaviour} />
      <TextSetting field="mapsKey" label={t.mapsKey} hint={t.mapsKeyHint} settings={settings} behaviour={behaviour} />
      <TextSetting field="tileSourceUrl" label={t.tileSourceUrl} hint={t.tileSourceHint} settings={settings} behaviour={behaviour} />
      <TextSetting field="tileAttribution" label={t.tileAttribution} settings={settings} behaviour={behaviour} />
    </TabForm>
  );
}

/** Lead registration (issue 16): when visitors are asked to register, and its numbers. */
function RegistrationSettings({ settings, behaviour }: FieldsProps) {
  const id = useId();
  const mode = shownValue(settings, behaviour.draft, 'registrationMode');
  const number = (field: 'registrationViews' | 'registrationPhotos' | 'registrationNotNow', label: string, min: number, max: number) => (
    <Field
      label={label}
      type="number"
      min={min}
      max={max}
      step={1}
      value={String(shownValue(settings, behaviour.draft, field))}
      error={behaviour.errors[field]}
      onChange={(e) => behaviour.edit({ [field]: Number(e.currentTarget.value) })}
    />
  );
  return (
    <fieldset className="console-registration" part="registration">
      <legend className="console-subheading">{t.registrationLegend}</legend>
      <ControlField id={id} label={t.registrationMode}>
        <select
          id={id}
          className="field-control"
          aria-describedby={`${id}-hint`}
          value={mode}
          onChange={(e) => behaviour.edit({ registrationMode: e.currentTarget.value as typeof mode })}
        >
          {(Object.keys(t.registrationModes) as (keyof typeof t.registrationModes)[]).map((key) => (
            <option key={key} value={key}>
              {t.registrationModes[key]}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="field-hint">
          {t.registrationHint}
        </p>
      </ControlField>
      {mode === 'VIEWS' && number('registrationViews', t.registrationViews, REGISTRATION_LIMITS.views[0], REGISTRATION_LIMITS.views[1])}
      {mode === 'PHOTOS' && number('registrationPhotos', t.registrationPhotos, REGISTRATION_LIMITS.photos[0], REGISTRATION_LIMITS.photos[1])}
      {mode !== 'OFF' && number('registrationNotNow', t.registrationNotNow, REGISTRATION_LIMITS.notNow[0], REGISTRATION_LIMITS.notNow[1])}
    </fieldset>
  );
}

/** The lead inbox of this partner (<hearth-leads>, loaded on demand: the loader does not see our shadow root). */
function LeadsTab({ partnerId }: { partnerId: string }) {
  useEffect(() => {
    void import('../leads/leads.element');
  }, []);
  // createElement: a JSX tag would need a JSX declaration of our own, which the npm typings would carry and
  // which would clash with the package's jsx.d.ts (tests/e2e/npm-typings.spec.ts).
  return createElement('hearth-leads', { 'partner-id': partnerId, part: 'leads' });
}

function OriginsTab({ settings, behaviour }: FieldsProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = async () => {
    setBusy(true);
    const added = await behaviour.addOrigin(text);
    setBusy(false);
    if (added) setText('');
  };
  return (
    <div className="console-origins">
      <p className="console-muted">{t.originsIntro}</p>
      {settings.allowedOrigins.length === 0 ? (
        <p className="console-empty" part="empty">
          {t.noOrigins}
        </p>
      ) : (
        <ul className="console-list" part="origins">
          {settings.allowedOrigins.map((origin) => (
            <li key={origin} className="console-list-item split-row" part="origin">
              <code>{origin}</code>
              <Button tone="secondary" onClick={() => void behaviour.removeOrigin(origin)}>
                {t.removeOrigin(origin)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Form className="console-form console-inline" onSubmit={() => void onSubmit()}>
        <Field
          label={t.newOrigin}
          type="url"
          placeholder="https://www.example.com"
          value={text}
          error={behaviour.errors.newOrigin}
          onChange={(e) => {
            setText(e.currentTarget.value);
            behaviour.edit({});
          }}
        />
        <Button type="submit" part="add-origin" busy={busy}>
          {t.addOrigin}
        </Button>
      </Form>
    </div>
  );
}

function SnippetItem({ snippet }: { snippet: ElementSnippet }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<'idle' | 'copied' | 'manual'>('idle');
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet.snippet);
      setStatus('copied');
    } catch {
      // No clipboard (permissions, an insecure page): select the text so the keyboard copy takes it.
      area.current?.focus();
      area.current?.select();
      setStatus('manual');
    }
  };
  return (
    <li className="console-snippet" part="snippet" data-tag={snippet.tag}>
      <h3 className="console-snippet-tag">
        <code>{`<${snippet.tag}>`}</code>
      </h3>
      <p className="console-muted">{snippet.summary}</p>
      <label className="visually-hidden" htmlFor={id}>
        {t.snippetLabel(snippet.tag)}
      </label>
      <textarea id={id} ref={area} className="console-snippet-code" readOnly rows={2} value={snippet.snippet} spellCheck={false} />
      <div className="console-save">
        <Button tone="secondary" part="copy" onClick={() => void copy()}>
          {t.copy}
        </Button>
        <p className="console-save-status" role="status" part="copy-status" data-state={status}>
          {status === 'copied' ? t.copied : status === 'manual' ? t.copyManually : ''}
        </p>
      </div>
    </li>
  );
}

function Loading<T>({ result, children }: { result: Result<T> | undefined; children: (value: T) => ReactNode }) {
  if (!result) return <p role="status">{t.loading}</p>;
  if (!result.ok) return <p role="alert">{result.failure.message ?? t.loadFailed}</p>;
  return <>{children(result.value)}</>;
}

function SnippetsTab({ behaviour }: { behaviour: PartnerConsoleBehaviour }) {
  return (
    <div className="console-snippets">
      <p className="console-muted">{t.snippetsIntro}</p>
      <Loading result={behaviour.snippets}>
        {(snippets) => (
          <ul className="console-list" part="snippets">
            {snippets.map((s) => (
              <SnippetItem key={s.tag} snippet={s} />
            ))}
          </ul>
        )}
      </Loading>
    </div>
  );
}

const SCOPE_LABELS: Record<ApiKeyScope, string> = { LEADS_READ: 'leads:read', ADMIN: 'admin' };

function KeysTab({ behaviour }: { behaviour: PartnerConsoleBehaviour }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['LEADS_READ']);
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((current) => (on ? [...new Set([...current, scope])] : current.filter((s) => s !== scope)));
  return (
    <div className="console-keys">
      <p className="console-muted">{t.apiKeysIntro}</p>
      {behaviour.newSecret ? (
        <div className="console-secret" part="new-key" role="status">
          <p>{t.newKeySecret}</p>
          <code className="console-secret-value">{behaviour.newSecret.secret}</code>
        </div>
      ) : null}
      <Form className="console-form" onSubmit={() => void behaviour.createKey(name, scopes).then(() => setName(''))}>
        <Field label={t.keyName} value={name} error={behaviour.errors.name} onChange={(e) => setName(e.currentTarget.value)} />
        <fieldset className="console-fieldset">
          <legend className="field-label">{t.keyScopes}</legend>
          {(Object.keys(SCOPE_LABELS) as ApiKeyScope[]).map((scope) => (
            <Checkbox key={scope} label={SCOPE_LABELS[scope]} checked={scopes.includes(scope)} onChange={(on) => toggle(scope, on)} />
          ))}
          {behaviour.errors.scopes ? (
            <p className="field-error" role="alert">
              {behaviour.errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" part="create-key" busy={behaviour.keyBusy}>
          {t.createKey}
        </Button>
      </Form>
      <Loading result={behaviour.keys}>
        {(keys: ApiKey[]) =>
          keys.length === 0 ? (
            <p className="console-empty">{t.noKeys}</p>
          ) : (
            <ul className="console-list" part="keys">
              {keys.map((key) => (
                <li key={key.id} className="console-list-item split-row" part="key" data-state={key.revokedAt ? 'revoked' : 'active'}>
                  <div>
                    <code>{key.prefix}…</code> {key.name ? <span>{key.name}</span> : null}{' '}
                    <span className="console-muted">{key.scopes.map((s) => SCOPE_LABELS[s]).join(', ')}</span>
                    <br />
                    <span className="console-muted">
                      {t.keyCreatedAt} {formatWhen(key.createdAt)} · {t.keyLastUsed} {key.lastUsedAt ? formatWhen(key.lastUsedAt) : t.never} ·{' '}
                      {key.revokedAt ? t.revoked : t.active}
                    </span>
                  </div>
                  {key.revokedAt ? null : (
                    <Button tone="secondary" busy={behaviour.keyBusy} onClick={() => void behaviour.revokeKey(key.id)}>
                      {t.revoke(key.prefix)}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Loading>
    </div>
  );
}

function describeChanges(entry: AuditEntry): string {
  return Object.entries(entry.changes)
    .map(([field, change]) => {
      if (change && typeof change === 'object' && 'before' in change && 'after' in change) {
        const { before, after } = change as { before: unknown; after: unknown };
        return `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
      }
      return `${field}: ${JSON.stringify(change)}`;
    })
    .join('; ');
}

function ActivityTab({ behaviour }: { behaviour: PartnerConsoleBehaviour }) {
  return (
    <Loading result={behaviour.audit}>
      {(entries: AuditEntry[]) =>
        entries.length === 0 ? (
          <p className="console-empty">{t.activityEmpty}</p>
        ) : (
          <>
            <table className="console-audit" part="audit">
              <TableHead columns={[t.auditWhen, t.auditWho, t.auditWhat, t.auditChanges]} />
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} part="audit-entry" data-action={entry.action}>
                    <td>
                      <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                    </td>
                    <td>{entry.actor}</td>
                    <td>{entry.action}</td>
                    <td className="console-audit-changes">{describeChanges(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {behaviour.auditHasMore ? (
              <Button tone="secondary" onClick={() => void behaviour.loadMoreAudit()}>
                {t.loadMore}
              </Button>
            ) : null}
          </>
        )
      }
    </Loading>
  );
}

function SignUpForm({ behaviour }: { behaviour: PartnerConsoleBehaviour }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  return (
    <Form className="console-form" part="sign-up" onSubmit={() => void behaviour.signUp(slug, name)}>
      <h2 className="console-heading">{t.signUpHeading}</h2>
      <p className="console-muted">{t.signUpIntro}</p>
      <Field label={t.signUpName} required value={name} error={behaviour.errors.name} onChange={(e) => setName(e.currentTarget.value)} />
      <Field
        label={t.signUpSlug}
        required
        hint={t.signUpSlugHint}
        value={slug}
        error={behaviour.errors.slug}
        onChange={(e) => setSlug(e.currentTarget.value)}
      />
      {behaviour.errors.form ? (
        <p className="field-error" role="alert">
          {behaviour.errors.form}
        </p>
      ) : null}
      <Button type="submit" part="sign-up-submit" busy={behaviour.signingUp}>
        {t.signUpSubmit}
      </Button>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------------
// The console

export interface PartnerConsoleViewProps {
  behaviour: PartnerConsoleBehaviour;
  onSignIn: () => void;
}

/** The console before its settings are there (loading, signed out, failed): the heading and the state's message. */
function ConsoleStatus({ state, children }: { state: 'loading' | 'anonymous' | 'failed'; children: ReactNode }) {
  return (
    <section className="console surface-panel" part="base" data-state={state} aria-busy={state === 'loading' ? 'true' : undefined}>
      <h2 className="console-heading" part="heading">
        {t.heading}
      </h2>
      {children}
    </section>
  );
}

export function PartnerConsoleView({ behaviour, onSignIn }: PartnerConsoleViewProps) {
  const { state } = behaviour;
  if (state.status === 'loading') {
    return (
      <ConsoleStatus state="loading">
        <p role="status">{t.loading}</p>
      </ConsoleStatus>
    );
  }
  if (state.status === 'anonymous') {
    return (
      <ConsoleStatus state="anonymous">
        <p>{t.signInFirst}</p>
        <Button part="sign-in" onClick={onSignIn}>
          {t.signIn}
        </Button>
      </ConsoleStatus>
    );
  }
  if (state.status === 'failed') {
    return (
      <ConsoleStatus state="failed">
        <MessageAction role="alert" message={state.message} action={{ tone: 'secondary', part: 'retry', label: t.retry, onAction: behaviour.reload }} />
      </ConsoleStatus>
    );
  }
  if (state.status === 'sign-up') {
    return (
      <section className="console surface-panel" part="base" data-state="sign-up">
        <SignUpForm behaviour={behaviour} />
      </section>
    );
  }
  const { settings, partners } = state;
  const fields = { settings, behaviour };
  const panels: Record<ConsoleTab, () => ReactNode> = {
    branding: () => <BrandingTab {...fields} />,
    theme: () => <ThemeTab {...fields} />,
    agent: () => <AgentTab {...fields} />,
    site: () => <SiteTab {...fields} />,
    origins: () => <OriginsTab {...fields} />,
    snippets: () => <SnippetsTab behaviour={behaviour} />,
    apiKeys: () => <KeysTab behaviour={behaviour} />,
    members: () => <MembersTab partnerId={settings.id} />,
    leads: () => <LeadsTab partnerId={settings.id} />,
    visitors: () => <VisitorsTab partnerId={settings.id} analyticsEnabled={settings.analyticsEnabled} />,
    activity: () => <ActivityTab behaviour={behaviour} />,
  };
  return <ReadyConsole settings={settings} partners={partners} behaviour={behaviour} panel={panels[behaviour.tab]()} />;
}

/** The console of one partner: its name as the one heading, the partner picker, the tabs and the selected panel. */
function ReadyConsole({ settings, partners, behaviour, panel }: { settings: PartnerSettings; partners: { id: string; name: string; slug: string }[]; behaviour: PartnerConsoleBehaviour; panel: ReactNode }) {
  const base = useRef<HTMLElement>(null);
  const orientation = useTabsOrientation(base);
  return (
    <section ref={base} className="console surface-panel" part="base" data-state="ready" data-partner={settings.slug} data-layout={orientation === 'vertical' ? 'wide' : 'narrow'}>
      <header className="console-header">
        <div className="console-title">
          <p className="console-eyebrow">{t.eyebrow}</p>
          <h2 className="console-heading" part="heading">
            {settings.name}
          </h2>
          <p className="console-muted console-slug">{t.partnerId(settings.slug)}</p>
        </div>
        {partners.length > 1 ? (
          <PartnerPicker partners={partners} selected={settings.id} onChoose={behaviour.choosePartner} />
        ) : null}
      </header>
      <Tabs
        label={t.tabsLabel}
        orientation={orientation}
        tabs={CONSOLE_TABS.map((key) => ({ key, label: t.tabs[key] }))}
        selected={behaviour.tab}
        onSelect={behaviour.setTab}
      >
        {panel}
      </Tabs>
    </section>
  );
}

function PartnerPicker({ partners, selected, onChoose }: { partners: { id: string; name: string; slug: string }[]; selected: string; onChoose: (id: string) => void }) {
  const id = useId();
  return (
    <div className="field console-picker">
      <label className="field-label" htmlFor={id}>
        {t.partnerLabel}
      </label>
      <select id={id} className="field-control" value={selected} onChange={(e) => onChoose(e.currentTarget.value)}>
        {partners.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.slug})
          </option>
        ))}
      </select>
    </div>
  );
}

export interface PartnerConsoleProps {
  partnerId: number | null;
  element: ElementHandle;
}

export function PartnerConsole({ partnerId, element }: PartnerConsoleProps) {
  const behaviour = usePartnerConsole(partnerId, {
    onSaved: (detail: PartnerSavedDetail) => element.emit('partner-saved', detail),
    onCreated: (detail: PartnerCreatedDetail) => element.emit('partner-created', detail),
  });
  const signIn = () => void import('../../core/auth/require-sign-in').then(({ requireSignIn }) => requireSignIn());
  return <PartnerConsoleView behaviour={behaviour} onSignIn={signIn} />;
}
