/**
 * The partner console's rules without DOM (issue 16): which settings each tab edits, what a tab's Save
 * sends (only what changed), the theme being previewed and its contrast, and the server's refusal mapped
 * onto the field at fault.
 */
import { UNBRANDED } from '../config/brand-fields';
import { resolveContext, type ResolvedAppContext } from '../config/context';
import type { Failure } from '../graphql/call';
import { themeContrast, type ContrastPair } from './contrast';
import type { PartnerSettings, PartnerSettingsInput } from './partners-api';

export const CONSOLE_TABS = ['branding', 'theme', 'agent', 'site', 'origins', 'snippets', 'apiKeys', 'members', 'leads', 'visitors', 'activity'] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

export type EditableField = keyof PartnerSettingsInput;

/** The settings that hold a phone number: reformatted as typed, stored in E.164 by the server. */
export type PhoneSettingField = 'tollFreeNumber' | 'agentOfficePhone' | 'agentCellPhone';

/** The settings each form tab saves. */
export const TAB_FIELDS = {
  branding: ['name', 'websiteName', 'companyName', 'tollFreeNumber', 'supportEmail', 'privacyPolicyUrl'],
  theme: ['primaryColor', 'onPrimaryColor', 'textColor', 'surfaceColor', 'fontFamily', 'radius'],
  agent: ['agentName', 'agentEmail', 'agentOfficePhone', 'agentCellPhone'],
  site: [
    'countries',
    'defaultSearchLocation',
    'sellEnabled',
    'rentalEnabled',
    'agentApp',
    'mapsKey',
    'tileSourceUrl',
    'tileAttribution',
    'analyticsEnabled',
    'registrationMode',
    'registrationViews',
    'registrationPhotos',
    'registrationNotNow',
  ],
  origins: ['allowedOrigins'],
} as const satisfies Partial<Record<ConsoleTab, readonly EditableField[]>>;

export type FormTab = keyof typeof TAB_FIELDS;

/** The value shown for a field: the draft's when edited, else the saved one. */
export function shownValue<F extends EditableField>(settings: PartnerSettings, draft: PartnerSettingsInput, field: F): NonNullable<PartnerSettingsInput[F]> {
  return (draft[field] !== undefined ? draft[field] : settings[field]) as NonNullable<PartnerSettingsInput[F]>;
}

/** What a tab's Save sends: its edited fields that differ from the saved settings. */
export function tabInput(tab: FormTab, settings: PartnerSettings, draft: PartnerSettingsInput): PartnerSettingsInput {
  const input: Record<string, unknown> = {};
  for (const field of TAB_FIELDS[tab] as readonly EditableField[]) {
    const value = draft[field];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(settings[field])) input[field] = value;
  }
  return input as PartnerSettingsInput;
}

/** The draft without a tab's fields (after that tab saved). */
export function withoutTab(tab: FormTab, draft: PartnerSettingsInput): PartnerSettingsInput {
  const next: Record<string, unknown> = { ...draft };
  for (const field of TAB_FIELDS[tab]) delete next[field];
  return next as PartnerSettingsInput;
}

/** The theme as edited: what the live preview shows and the contrast check reads. */
export function previewTheme(settings: PartnerSettings, draft: PartnerSettingsInput) {
  return {
    primaryColor: shownValue(settings, draft, 'primaryColor'),
    onPrimaryColor: shownValue(settings, draft, 'onPrimaryColor'),
    textColor: shownValue(settings, draft, 'textColor'),
    surfaceColor: shownValue(settings, draft, 'surfaceColor'),
    fontFamily: shownValue(settings, draft, 'fontFamily'),
    radius: shownValue(settings, draft, 'radius'),
  };
}

export type PreviewTheme = ReturnType<typeof previewTheme>;

/** The `--hearth-*` tokens of a theme, as the partner's config would set them. */
export function previewTokens(theme: PreviewTheme): Record<string, string> {
  return {
    '--hearth-color-primary': theme.primaryColor,
    '--hearth-color-on-primary': theme.onPrimaryColor,
    '--hearth-color-text': theme.textColor,
    '--hearth-color-surface': theme.surfaceColor,
    '--hearth-color-focus': theme.primaryColor,
    '--hearth-font-family': theme.fontFamily,
    '--hearth-radius': `${theme.radius}px`,
  };
}

/**
 * The context the theme preview's elements show: the partner's brand as edited (issue 35), not the page's (the
 * console runs on our own site). Every brand field the partner has not set is null, as its visitors see it.
 */
export function previewContext(settings: PartnerSettings, draft: PartnerSettingsInput): ResolvedAppContext {
  const value = (field: EditableField) => (String(shownValue(settings, draft, field)).trim() || null) as string | null;
  return resolveContext({
    ...UNBRANDED,
    partner: { name: value('name') },
    websiteName: value('websiteName'),
    appName: value('companyName'),
    tollFreeNumber: value('tollFreeNumber'),
    supportEmail: value('supportEmail'),
    privacyPolicyUrl: value('privacyPolicyUrl'),
    agentName: value('agentName'),
    agentEmail: value('agentEmail'),
    officeNumber: value('agentOfficePhone'),
    cellNumber: value('agentCellPhone'),
  });
}

export function previewContrast(theme: PreviewTheme): ContrastPair[] {
  return themeContrast({ primary: theme.primaryColor, onPrimary: theme.onPrimaryColor, text: theme.textColor, surface: theme.surfaceColor });
}

const PAIR_FIELD: Record<ContrastPair['pair'], EditableField> = {
  'text-on-surface': 'textColor',
  'button-text-on-primary': 'primaryColor',
};

/** The field under which a failed pair's refusal shows. */
export const contrastField = (pair: ContrastPair['pair']) => PAIR_FIELD[pair];

/** The field a refusal names (`input.primaryColor` → primaryColor), or null when it names none of the form's. */
export function refusedField(failure: Failure): string | null {
  const argument = failure.argument;
  if (!argument) return null;
  return argument.startsWith('input.') ? argument.slice('input.'.length) : argument;
}

/** "us, CA ,np" → ['US', 'CA', 'NP']. */
export const parseCountries = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
