/**
 * Behaviour of <hearth-partner-console>: follow the session, find the partner (the `partner-id` attribute,
 * else the viewer's first partner; none: the sign-up form), load its settings, keep the edits of each tab
 * as a draft (the theme's live preview and contrast read it), save a tab (only what changed), upload the
 * logo and agent picture, and the origins, snippets, API keys and audit tabs. The server decides who may:
 * a partner the viewer does not administer answers NOT_FOUND.
 */
import { useCallback, useEffect, useState } from 'react';
import { phoneCountryOf } from '../format/phone';
import { phoneAsTyped, usePhoneRules } from '../format/use-phone-rules';
import type { Failure, Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { useSignedInLoad } from '../graphql/use-signed-in-load';
import { partnerTexts as t } from '../i18n/partners';
import { contrastField, previewContrast, previewTheme, refusedField, shownValue, tabInput, withoutTab, type ConsoleTab, type FormTab, type PhoneSettingField } from './console-state';
import { checkAllowedOrigin } from './origins';
import {
  createApiKey,
  loadApiKeys,
  loadMyPartners,
  loadPartnerAudit,
  loadPartnerSettings,
  loadPartnerSnippets,
  revokeApiKey,
  signUpPartner,
  updatePartnerSettings,
  uploadPartnerImage,
  type ApiKeyScope,
  type AuditEntry,
  type MyPartner,
  type PartnerSettings,
  type PartnerSettingsInput,
} from './partners-api';

export type ConsoleState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'failed'; message: string }
  | { status: 'sign-up' }
  | { status: 'ready'; settings: PartnerSettings; partners: MyPartner[] };

export type SaveStatus = { tab: FormTab; state: 'saving' | 'saved' | 'failed'; message?: string } | null;

/** `hearth-partner-saved` detail. */
export interface PartnerSavedDetail {
  partnerId: string;
  /** The settings that changed, e.g. ['primaryColor']. */
  fields: string[];
}

/** `hearth-partner-created` detail. */
export interface PartnerCreatedDetail {
  partnerId: string;
  slug: string;
}

export interface PartnerConsoleEvents {
  onSaved: (detail: PartnerSavedDetail) => void;
  onCreated: (detail: PartnerCreatedDetail) => void;
}

const errorsOf = (failure: Failure, fallback: string): Record<string, string> => {
  const field = refusedField(failure);
  return { [field ?? 'form']: failure.message ?? fallback };
};

export function usePartnerConsole(partnerIdAttribute: number | null, events: PartnerConsoleEvents) {
  // ---- which partner (a new round, after a sign-up or a retry, loads them afresh)
  const [partnersRound, setPartnersRound] = useState(0);
  const { state: partners } = useSignedInLoad(`${partnersRound}`, loadMyPartners);
  const [chosen, setChosen] = useState<string | null>(null);
  const myPartners = partners.status === 'loaded' ? partners.value : [];
  const partnerId = chosen ?? (partnerIdAttribute !== null ? String(partnerIdAttribute) : (myPartners[0]?.id ?? null));

  // ---- its settings (a save's answer shows at once, before any reload)
  const { state: settingsLoad, reload: reloadSettings } = useSignedInLoad(partnerId, () => loadPartnerSettings(partnerId!));
  const [savedSettings, setSavedSettings] = useState<PartnerSettings | null>(null);
  const loaded = settingsLoad.status === 'loaded' ? settingsLoad.value : null;
  const settings = savedSettings && savedSettings.id === partnerId ? savedSettings : loaded;

  const [tab, setTab] = useState<ConsoleTab>('branding');
  const [draft, setDraft] = useState<PartnerSettingsInput>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveStatus, setSaveStatus] = useState<SaveStatus>(null);
  const [auditRound, setAuditRound] = useState(0);

  useEffect(() => {
    setDraft({});
    setErrors({});
    setSaveStatus(null);
    setSavedSettings(null);
  }, [partnerId]);

  let state: ConsoleState;
  if (partners.status === 'signed-out') state = { status: 'anonymous' };
  else if (partners.status === 'failed') state = { status: 'failed', message: t.loadFailed };
  else if (partners.status !== 'loaded') state = { status: 'loading' };
  else if (!partnerId) state = { status: 'sign-up' };
  else if (settings) state = { status: 'ready', settings, partners: myPartners };
  else if (settingsLoad.status === 'failed') state = { status: 'failed', message: settingsLoad.failure.message ?? t.loadFailed };
  else state = { status: 'loading' };

  const reload = useCallback(() => {
    setPartnersRound((n) => n + 1);
    reloadSettings();
  }, [reloadSettings]);

  // ---- editing
  const edit = useCallback((changes: PartnerSettingsInput) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(changes)) delete next[field];
      delete next.form;
      return next;
    });
    setSaveStatus(null);
  }, []);

  // The toll-free number and the Agent tab's phones: reformatted as typed for the partner's country (its first country), the rules loaded
  // when a phone field is first used; the server reads what is saved with the same rule, and says what is wrong.
  const phone = usePhoneRules();
  const { load: loadPhone } = phone;
  const phoneCountry = settings ? phoneCountryOf(shownValue(settings, draft, 'countries')) : phone.country;
  const editPhone = useCallback(
    (field: PhoneSettingField, value: string, caretAtEnd: boolean) => {
      void loadPhone();
      const previous = settings ? String(shownValue(settings, draft, field)) : '';
      edit({ [field]: phoneAsTyped(previous, value, caretAtEnd, phone.rules, phoneCountry) });
    },
    [loadPhone, settings, draft, edit, phone.rules, phoneCountry],
  );

  const theme = settings ? previewTheme(settings, draft) : null;
  const contrast = theme ? previewContrast(theme) : [];

  function applySaved(next: PartnerSettings, fields: string[]) {
    setSavedSettings(next);
    setAuditRound((n) => n + 1);
    if (fields.length) events.onSaved({ partnerId: next.id, fields });
  }

  const save = useCallback(
    async (formTab: FormTab, override?: PartnerSettingsInput) => {
      if (!settings) return false;
      const input = override ?? tabInput(formTab, settings, draft);
      if (formTab === 'theme') {
        const failed = contrast.find((pair) => !pair.passes);
        if (failed) {
          setErrors({ [contrastField(failed.pair)]: t.contrastRefusal(failed.pair, failed.ratio) });
          setSaveStatus({ tab: formTab, state: 'failed', message: t.saveFailed });
          return false;
        }
      }
      if (Object.keys(input).length === 0) {
        setSaveStatus({ tab: formTab, state: 'saved' });
        return true;
      }
      setSaveStatus({ tab: formTab, state: 'saving' });
      const result = await updatePartnerSettings(settings.id, input);
      if (!result.ok) {
        setErrors(errorsOf(result.failure, t.saveFailed));
        setSaveStatus({ tab: formTab, state: 'failed', message: result.failure.message ?? t.saveFailed });
        return false;
      }
      setDraft((current) => withoutTab(formTab, current));
      setErrors({});
      setSaveStatus({ tab: formTab, state: 'saved' });
      applySaved(result.value, Object.keys(input));
      return true;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [settings, draft, contrast],
  );

  // ---- origins: added and removed one at a time, saved at once
  const addOrigin = useCallback(
    async (text: string): Promise<boolean> => {
      if (!settings) return false;
      const checked = checkAllowedOrigin(text, false);
      if (!checked.ok) {
        setErrors({ newOrigin: checked.message });
        return false;
      }
      if (settings.allowedOrigins.includes(checked.origin)) {
        setErrors({ newOrigin: t.duplicateOrigin });
        return false;
      }
      const saved = await save('origins', { allowedOrigins: [...settings.allowedOrigins, checked.origin] });
      if (!saved) setErrors((current) => ({ newOrigin: current.allowedOrigins ?? current.form ?? t.saveFailed }));
      return saved;
    },
    [settings, save],
  );

  const removeOrigin = useCallback(
    (origin: string) => (settings ? save('origins', { allowedOrigins: settings.allowedOrigins.filter((o) => o !== origin) }) : Promise.resolve(false)),
    [settings, save],
  );

  // ---- images
  const [uploading, setUploading] = useState<'LOGO' | 'AGENT_PICTURE' | null>(null);
  const upload = useCallback(
    async (kind: 'LOGO' | 'AGENT_PICTURE', file: File) => {
      if (!settings) return;
      const field = kind === 'LOGO' ? 'logo' : 'agentPicture';
      setUploading(kind);
      const result = await uploadPartnerImage(settings.id, kind, file);
      setUploading(null);
      if (!result.ok) {
        setErrors({ [field]: result.failure.message ?? t.uploadFailed });
        return;
      }
      setErrors({});
      applySaved(result.value, [kind === 'LOGO' ? 'logoUrl' : 'agentPictureUrl']);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [settings],
  );

  // ---- sign-up
  const [signingUp, setSigningUp] = useState(false);
  const signUp = useCallback(
    async (slug: string, name: string) => {
      setSigningUp(true);
      const result = await signUpPartner(slug, name);
      setSigningUp(false);
      if (!result.ok) {
        setErrors(errorsOf(result.failure, t.saveFailed));
        return;
      }
      setErrors({});
      setChosen(result.value.id);
      setPartnersRound((n) => n + 1);
      events.onCreated({ partnerId: result.value.id, slug: result.value.slug });
    },
    [events],
  );

  // ---- snippets, keys, activity: loaded when their tab opens
  const ready = state.status === 'ready' ? partnerId : null;
  const snippets = useLoad(ready && tab === 'snippets' ? `snippets|${ready}` : null, () => loadPartnerSnippets(ready!));

  const [keysRound, setKeysRound] = useState(0);
  const keys = useLoad(ready && tab === 'apiKeys' ? `keys|${ready}|${keysRound}` : null, () => loadApiKeys(ready!));
  const [newSecret, setNewSecret] = useState<{ prefix: string; secret: string } | null>(null);
  const [keyBusy, setKeyBusy] = useState(false);
  const createKey = useCallback(
    async (name: string, scopes: ApiKeyScope[]) => {
      if (!ready) return;
      if (scopes.length === 0) {
        setErrors({ scopes: t.scopeRequired });
        return;
      }
      setKeyBusy(true);
      const result = await createApiKey(ready, name, scopes);
      setKeyBusy(false);
      if (!result.ok) {
        setErrors(errorsOf(result.failure, t.saveFailed));
        return;
      }
      setErrors({});
      setNewSecret({ prefix: result.value.key.prefix, secret: result.value.secret });
      setKeysRound((n) => n + 1);
      setAuditRound((n) => n + 1);
    },
    [ready],
  );
  const revokeKey = useCallback(async (id: string) => {
    setKeyBusy(true);
    const result = await revokeApiKey(id);
    setKeyBusy(false);
    if (!result.ok) setErrors({ keys: result.failure.message ?? t.saveFailed });
    setKeysRound((n) => n + 1);
    setAuditRound((n) => n + 1);
  }, []);

  const audit = useLoad(ready && tab === 'activity' ? `audit|${ready}|${auditRound}` : null, () => loadPartnerAudit(ready!, null));
  const [olderEntries, setOlderEntries] = useState<{ key: string; entries: AuditEntry[]; cursor: string | null } | null>(null);
  const auditKey = `${ready}|${auditRound}`;
  const firstPage = audit.result?.ok ? audit.result.value : null;
  const older = olderEntries?.key === auditKey ? olderEntries : null;
  const auditEntries = firstPage ? [...firstPage.entries, ...(older?.entries ?? [])] : null;
  const auditCursor = older ? older.cursor : (firstPage?.endCursor ?? null);
  const loadMoreAudit = useCallback(async () => {
    if (!ready || !auditCursor) return;
    const result: Result<{ entries: AuditEntry[]; endCursor: string | null }> = await loadPartnerAudit(ready, auditCursor);
    if (!result.ok) return;
    setOlderEntries({ key: auditKey, entries: [...(older?.entries ?? []), ...result.value.entries], cursor: result.value.endCursor });
  }, [ready, auditCursor, auditKey, older]);

  return {
    state,
    tab,
    setTab,
    choosePartner: setChosen,
    draft,
    edit,
    editPhone,
    phoneFocused: () => void loadPhone(),
    errors,
    saveStatus,
    save,
    theme,
    contrast,
    addOrigin,
    removeOrigin,
    upload,
    uploading,
    signUp,
    signingUp,
    reload,
    snippets: snippets.result,
    keys: keys.result,
    newSecret,
    dismissSecret: () => setNewSecret(null),
    keyBusy,
    createKey,
    revokeKey,
    audit: audit.result && !audit.result.ok ? audit.result : auditEntries ? ({ ok: true, value: auditEntries } as const) : undefined,
    auditHasMore: auditCursor !== null,
    loadMoreAudit,
  };
}

export type PartnerConsoleBehaviour = ReturnType<typeof usePartnerConsole>;
