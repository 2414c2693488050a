/**
 * A partner's settings as its console edits them (issue 16; spec §1 white-label, §3 Partner context),
 * mapped onto the stored partner row: `name`, `allowed_origins` and the `app_context` that dynamic-config
 * serves. Every change is checked here (origins, WCAG contrast of the theme, formats), written with an
 * audit row of what changed (before and after) in one transaction, and reaches visitors through the
 * partner change feed (server/db/changes.ts) and the config cache window (60 s HTTP, spec §9 in browsers).
 */
import { z } from 'zod';
import { readRegistrationRule, REGISTRATION_LIMITS, type RegistrationMode, type RegistrationRule } from '../../core/registration/rule';
import { phoneCountryOf } from '../../core/format/phone';
import { partnerTexts as t } from '../../core/i18n/partners';
import { checkAllowedOrigin } from '../../core/partners/origins';
import { normaliseHexColour, themeContrast, type ThemeColourField } from '../../core/partners/contrast';
import { DEFAULT_TOKENS } from '../../themes/tokens';
import type { UserRecord } from '../accounts/users';
import { readPhone } from '../contact/phone';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { isInternalTileUrl, partnerTileSource, resolvesInternally } from '../tiles/settings';
import { auditActorOf, requireAdministrator, requirePartnerAdmin, writeAudit, type AuditActor, type PartnerRole } from './admin';

/** Everything the console shows and edits. Image URLs are as stored (paths on our origin, or absolute). */
export interface PartnerSettings {
  id: number;
  slug: string;
  name: string;
  logoUrl: string | null;
  websiteName: string;
  companyName: string;
  /** The contact form's call line (spec §2); empty: no call line. */
  tollFreeNumber: string;
  /** Where visitors write for help (spec §9 contact addresses); empty: the agent's email, else none. */
  supportEmail: string;
  /** The contact form's 'never spam' link (an absolute http(s) URL); empty: no link. */
  privacyPolicyUrl: string;
  showPoweredBy: boolean;
  primaryColor: string;
  onPrimaryColor: string;
  textColor: string;
  surfaceColor: string;
  fontFamily: string;
  /** Corner radius in CSS pixels. */
  radius: number;
  agentName: string;
  agentPictureUrl: string | null;
  agentOfficePhone: string;
  agentCellPhone: string;
  agentEmail: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countries: string[];
  defaultSearchLocation: string;
  sellEnabled: boolean;
  rentalEnabled: boolean;
  agentApp: boolean;
  allowedOrigins: string[];
  mapsKey: string;
  tileSourceUrl: string;
  tileAttribution: string;
  analyticsEnabled: boolean;
  /** Lead registration (core/registration/rule.ts): off, after N listing views, before details, before photos past N. */
  registrationMode: RegistrationMode;
  registrationViews: number;
  registrationPhotos: number;
  registrationNotNow: number;
  updatedAt: Date;
}

/** What updatePartnerSettings may change: each field given is set, the others stay. */
export type PartnerSettingsInput = Partial<
  Omit<PartnerSettings, 'id' | 'slug' | 'logoUrl' | 'agentPictureUrl' | 'showPoweredBy' | 'updatedAt'>
>;

type Json = Record<string, any>;

const REGISTRATION_MODES: readonly RegistrationMode[] = ['off', 'views', 'details', 'photos'];
const registrationSettings = (rule: RegistrationRule) => ({
  registrationMode: rule.mode,
  registrationViews: rule.views,
  registrationPhotos: rule.photos,
  registrationNotNow: rule.notNow,
});

interface PartnerRow {
  id: number;
  slug: string;
  name: string;
  allowed_origins: string[];
  app_context: Json;
  updated_at: Date;
}

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

const RADIUS_PX = /^(\d{1,2})px$/;
const DEFAULT_RADIUS = 8;
export const RADIUS_MAX = 32;

/** The settings of a stored partner row (missing values read as the defaults of themes/tokens.ts and spec §8). */
export function settingsOfRow(row: PartnerRow): PartnerSettings {
  const c: Json = row.app_context && typeof row.app_context === 'object' ? row.app_context : {};
  const partner: Json = c.partner ?? {};
  const theme: Json = c.themeData ?? {};
  const tokens: Json = theme.tokens ?? {};
  const tile: Json = c.tileSource ?? {};
  const radius = RADIUS_PX.exec(str(tokens.radius, DEFAULT_TOKENS.radius));
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    logoUrl: str(partner.logo) || str(c.appLogo) || null,
    websiteName: str(c.websiteName),
    companyName: str(c.appName),
    tollFreeNumber: str(c.tollFreeNumber),
    supportEmail: str(c.supportEmail),
    privacyPolicyUrl: str(c.privacyPolicyUrl),
    showPoweredBy: bool(c.showPoweredBy, false),
    primaryColor: str(tokens['color-primary'], DEFAULT_TOKENS['color-primary']),
    onPrimaryColor: str(tokens['color-on-primary'], DEFAULT_TOKENS['color-on-primary']),
    textColor: str(tokens['color-text'], DEFAULT_TOKENS['color-text']),
    surfaceColor: str(tokens['color-surface'], DEFAULT_TOKENS['color-surface']),
    fontFamily: str(tokens['font-family'], DEFAULT_TOKENS['font-family']),
    radius: radius ? Number(radius[1]) : DEFAULT_RADIUS,
    agentName: str(c.agentName),
    agentPictureUrl: str(c.agentPic) || null,
    agentOfficePhone: str(c.officeNumber),
    agentCellPhone: str(c.cellNumber),
    agentEmail: str(c.agentEmail),
    countries: Array.isArray(partner.addressSearchComponentRestrictions?.country)
      ? partner.addressSearchComponentRestrictions.country.filter((x: unknown) => typeof x === 'string').map((x: string) => x.toUpperCase())
      : [],
    defaultSearchLocation: str(partner.defaultSearchLocation),
    sellEnabled: bool(theme.sellEnabled, true),
    rentalEnabled: bool(theme.rentalEnabled, true),
    agentApp: bool(c.agentApp, false) || bool(c.isAgentApp, false),
    allowedOrigins: row.allowed_origins,
    mapsKey: str(c.mapsKey),
    tileSourceUrl: str(tile.url),
    tileAttribution: str(tile.attribution),
    analyticsEnabled: bool(c.analyticsEnabled, false),
    ...registrationSettings(readRegistrationRule(c.registration)),
    updatedAt: row.updated_at,
  };
}

/** The stored context with `s` written into it (fields the console does not edit are kept). */
function contextWith(stored: Json, s: PartnerSettings): Json {
  const partner: Json = stored.partner ?? {};
  const theme: Json = stored.themeData ?? {};
  const nullIfEmpty = (value: string) => (value === '' ? null : value);
  const context: Json = {
    ...stored,
    partner: {
      ...partner,
      name: s.name,
      logo: s.logoUrl,
      defaultSearchLocation: nullIfEmpty(s.defaultSearchLocation),
      addressSearchComponentRestrictions: s.countries.length ? { country: s.countries.map((c) => c.toLowerCase()) } : null,
    },
    themeData: {
      ...theme,
      sellEnabled: s.sellEnabled,
      rentalEnabled: s.rentalEnabled,
      tokens: {
        ...(theme.tokens ?? {}),
        'color-primary': s.primaryColor,
        'color-on-primary': s.onPrimaryColor,
        'color-text': s.textColor,
        'color-surface': s.surfaceColor,
        'font-family': s.fontFamily,
        radius: `${s.radius}px`,
      },
    },
    appLogo: s.logoUrl,
    appName: nullIfEmpty(s.companyName),
    websiteName: nullIfEmpty(s.websiteName),
    tollFreeNumber: nullIfEmpty(s.tollFreeNumber),
    supportEmail: nullIfEmpty(s.supportEmail),
    privacyPolicyUrl: nullIfEmpty(s.privacyPolicyUrl),
    showPoweredBy: s.showPoweredBy,
    agentName: nullIfEmpty(s.agentName),
    agentPic: s.agentPictureUrl,
    officeNumber: nullIfEmpty(s.agentOfficePhone),
    cellNumber: nullIfEmpty(s.agentCellPhone),
    agentEmail: nullIfEmpty(s.agentEmail),
    agentApp: s.agentApp,
    isAgentApp: s.agentApp,
    mapsKey: nullIfEmpty(s.mapsKey),
    analyticsEnabled: s.analyticsEnabled,
    registration: { mode: s.registrationMode, views: s.registrationViews, photos: s.registrationPhotos, notNow: s.registrationNotNow },
  };
  // Written on the way out only (server/partners/app-context.ts), never stored.
  delete context.phoneDisplay;
  if (s.tileSourceUrl) context.tileSource = { url: s.tileSourceUrl, ...(s.tileAttribution ? { attribution: s.tileAttribution } : {}) };
  else delete context.tileSource;
  return context;
}

// ---------------------------------------------------------------------------------------------------
// Checks (each refusal names its field of `input`)

const field = (name: string) => `input.${name}`;

function text(value: string, name: string, max: number, required = false): string {
  const trimmed = value.trim();
  if (required && trimmed === '') throw badInput(`${name} is required.`, field(name));
  if (trimmed.length > max) throw badInput(`${name} must be at most ${max} characters.`, field(name));
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw badInput(`${name} may not hold control characters.`, field(name));
  return trimmed;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,252}\.[^\s@]{2,}$/;
const FONT = /^[A-Za-z0-9 ,"'-]{1,120}$/;
const MAPS_KEY = /^[A-Za-z0-9_-]{10,200}$/;
const COUNTRY = /^[A-Z]{2}$/;
const MAX_ORIGINS = 50;
const MAX_COUNTRIES = 20;

const isProduction = () => process.env.NODE_ENV === 'production';

/** A page of the partner's own site (its privacy policy): an absolute https URL (http outside production), without credentials. */
function isPageUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const schemes = isProduction() ? ['https:'] : ['https:', 'http:'];
  return schemes.includes(url.protocol) && !url.username && !url.password && url.hostname !== '';
}

/** The brand's contact fields of the console's Branding tab (issue 35; its toll-free number is read as every phone); empty removes one. */
const BrandInput = z
  .object({
    supportEmail: z
      .string()
      .trim()
      .max(254, 'supportEmail must be at most 254 characters.')
      .refine((v) => v === '' || EMAIL.test(v), 'supportEmail must be an email address.'),
    privacyPolicyUrl: z
      .string()
      .trim()
      .max(2048, 'privacyPolicyUrl must be at most 2048 characters.')
      .refine((v) => !/[\u0000-\u001f\u007f\s]/.test(v), 'privacyPolicyUrl may not hold spaces or control characters.')
      .refine((v) => v === '' || isPageUrl(v), 'privacyPolicyUrl must be a web address starting with https://, e.g. https://www.example.com/privacy.')
      .transform((v) => (v === '' ? v : new URL(v).href)),
  })
  .partial();

/** The brand fields of `input`, checked; the first refusal names its field. */
function brandInput(input: PartnerSettingsInput): z.output<typeof BrandInput> {
  const result = BrandInput.safeParse({ supportEmail: input.supportEmail, privacyPolicyUrl: input.privacyPolicyUrl });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw badInput(issue.message, field(String(issue.path[0])));
}

const TILE_SOURCE_NOT_PUBLIC = 'tileSourceUrl must point at a public address (the server never fetches from its own network).';

/** `current` with `input` applied, every given field checked. */
export function applySettingsInput(current: PartnerSettings, input: PartnerSettingsInput): PartnerSettings {
  const next: PartnerSettings = { ...current };
  if (input.name !== undefined) next.name = text(input.name, 'name', 200, true);
  if (input.websiteName !== undefined) next.websiteName = text(input.websiteName, 'websiteName', 200);
  if (input.companyName !== undefined) next.companyName = text(input.companyName, 'companyName', 200);
  for (const colour of ['primaryColor', 'onPrimaryColor', 'textColor', 'surfaceColor'] as const) {
    const value = input[colour];
    if (value === undefined) continue;
    const hex = normaliseHexColour(value);
    if (!hex) throw badInput(`${colour} must be a colour like #1d4ed8.`, field(colour));
    next[colour] = hex;
  }
  if (input.fontFamily !== undefined) {
    const font = input.fontFamily.trim();
    if (!FONT.test(font)) throw badInput('fontFamily must be font names separated by commas (letters, digits, spaces, quotes, hyphens).', field('fontFamily'));
    next.fontFamily = font;
  }
  if (input.radius !== undefined) {
    if (!Number.isInteger(input.radius) || input.radius < 0 || input.radius > RADIUS_MAX) throw badInput(`radius must be a whole number of pixels from 0 to ${RADIUS_MAX}.`, field('radius'));
    next.radius = input.radius;
  }
  if (input.agentName !== undefined) next.agentName = text(input.agentName, 'agentName', 200);
  if (input.agentEmail !== undefined) {
    const email = text(input.agentEmail, 'agentEmail', 254);
    if (email !== '' && !EMAIL.test(email)) throw badInput('agentEmail must be an email address.', field('agentEmail'));
    next.agentEmail = email;
  }
  const brand = brandInput(input);
  if (brand.supportEmail !== undefined) next.supportEmail = brand.supportEmail;
  if (brand.privacyPolicyUrl !== undefined) next.privacyPolicyUrl = brand.privacyPolicyUrl;
  if (input.countries !== undefined) {
    const countries = [...new Set(input.countries.map((c) => c.trim().toUpperCase()))];
    if (countries.length > MAX_COUNTRIES) throw badInput(`countries may hold at most ${MAX_COUNTRIES} codes.`, field('countries'));
    const bad = countries.find((c) => !COUNTRY.test(c));
    if (bad !== undefined) throw badInput(`"${bad.slice(0, 20)}" is not a two-letter country code.`, field('countries'));
    next.countries = countries;
  }
  // Read for the partner's country as it is saved (the countries above may have changed with them), stored in E.164.
  for (const phone of ['agentOfficePhone', 'agentCellPhone', 'tollFreeNumber'] as const) {
    const value = input[phone];
    if (value === undefined) continue;
    const number = readPhone(value, phoneCountryOf(next.countries), { optional: true });
    if (!number.ok) throw badInput(number.message, field(phone));
    next[phone] = number.value;
  }
  if (input.defaultSearchLocation !== undefined) next.defaultSearchLocation = text(input.defaultSearchLocation, 'defaultSearchLocation', 200);
  for (const flag of ['sellEnabled', 'rentalEnabled', 'agentApp', 'analyticsEnabled'] as const) {
    if (input[flag] !== undefined) next[flag] = input[flag]!;
  }
  if (input.registrationMode !== undefined) {
    if (!REGISTRATION_MODES.includes(input.registrationMode)) throw badInput(`registrationMode must be one of ${REGISTRATION_MODES.join(', ')}.`, field('registrationMode'));
    next.registrationMode = input.registrationMode;
  }
  for (const [name, limit] of [
    ['registrationViews', REGISTRATION_LIMITS.views],
    ['registrationPhotos', REGISTRATION_LIMITS.photos],
    ['registrationNotNow', REGISTRATION_LIMITS.notNow],
  ] as const) {
    const value = input[name];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < limit[0] || value > limit[1]) throw badInput(`${name} must be a whole number from ${limit[0]} to ${limit[1]}.`, field(name));
    next[name] = value;
  }
  if (input.allowedOrigins !== undefined) {
    if (input.allowedOrigins.length > MAX_ORIGINS) throw badInput(`allowedOrigins may hold at most ${MAX_ORIGINS} origins.`, field('allowedOrigins'));
    const origins: string[] = [];
    for (const raw of input.allowedOrigins) {
      const checked = checkAllowedOrigin(raw, isProduction());
      if (!checked.ok) throw badInput(checked.message, field('allowedOrigins'));
      if (!origins.includes(checked.origin)) origins.push(checked.origin);
    }
    next.allowedOrigins = origins;
  }
  if (input.mapsKey !== undefined) {
    const key = input.mapsKey.trim();
    if (key !== '' && !MAPS_KEY.test(key)) throw badInput('mapsKey must be a Google Maps API key (letters, digits, - and _).', field('mapsKey'));
    next.mapsKey = key;
  }
  if (input.tileSourceUrl !== undefined) next.tileSourceUrl = text(input.tileSourceUrl, 'tileSourceUrl', 500);
  if (input.tileAttribution !== undefined) next.tileAttribution = text(input.tileAttribution, 'tileAttribution', 500);
  if (next.tileSourceUrl !== '' && partnerTileSource({ tileSource: { url: next.tileSourceUrl, ...(next.tileAttribution ? { attribution: next.tileAttribution } : {}) } }) === 'invalid') {
    if (isInternalTileUrl(next.tileSourceUrl)) throw badInput(TILE_SOURCE_NOT_PUBLIC, field('tileSourceUrl'));
    throw badInput('tileSourceUrl must be an http(s) URL with {z}, {x} and {y}, e.g. https://tiles.example.com/{z}/{x}/{y}.png.', field('tileSourceUrl'));
  }
  checkContrast(next, input);
  return next;
}

const COLOUR_FIELDS: Record<ThemeColourField, keyof PartnerSettings> = {
  primary: 'primaryColor',
  onPrimary: 'onPrimaryColor',
  text: 'textColor',
  surface: 'surfaceColor',
};

/** WCAG AA between the theme's colours; the refusal names the colour of the pair this input changed. */
function checkContrast(s: PartnerSettings, input: PartnerSettingsInput): void {
  const pairs = themeContrast({ primary: s.primaryColor, onPrimary: s.onPrimaryColor, text: s.textColor, surface: s.surfaceColor });
  for (const pair of pairs) {
    if (pair.passes) continue;
    const candidates = pair.pair === 'button-text-on-primary' ? (['primary', 'onPrimary'] as const) : (['text', 'surface'] as const);
    const changed = candidates.find((c) => input[COLOUR_FIELDS[c] as keyof PartnerSettingsInput] !== undefined) ?? candidates[0];
    throw badInput(t.contrastRefusal(pair.pair, pair.ratio), field(COLOUR_FIELDS[changed]), { pair: pair.pair, ratio: pair.ratio });
  }
}

/** Field → { before, after } of the fields that differ. */
export function settingsChanges(before: PartnerSettings, after: PartnerSettings): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof PartnerSettings)[]) {
    if (key === 'updatedAt') continue;
    const a = JSON.stringify(before[key]);
    const b = JSON.stringify(after[key]);
    if (a !== b) changes[key] = { before: before[key], after: after[key] };
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------------
// Reading and writing

const ROW_COLUMNS = 'id, slug, name, allowed_origins, app_context, updated_at';

async function lockedRow(tx: Queryable, partnerId: number): Promise<PartnerRow> {
  const { rows } = await tx.query<PartnerRow>(`SELECT ${ROW_COLUMNS} FROM partners WHERE id = $1 FOR UPDATE`, [partnerId]);
  if (!rows[0]) throw new DomainError('NOT_FOUND', 'Partner not found.');
  return rows[0];
}

export interface PartnerSettingsView {
  settings: PartnerSettings;
  role: PartnerRole;
}

export async function readPartnerSettings(db: Queryable, user: UserRecord, partnerId: number): Promise<PartnerSettingsView> {
  const role = await requirePartnerAdmin(db, user, partnerId);
  const { rows } = await db.query<PartnerRow>(`SELECT ${ROW_COLUMNS} FROM partners WHERE id = $1`, [partnerId]);
  if (!rows[0]) throw new DomainError('NOT_FOUND', 'Partner not found.');
  return { settings: settingsOfRow(rows[0]), role };
}

/**
 * Applies `change` to the partner's settings in one transaction with its audit row (`action`, the fields
 * before and after); nothing is written when nothing changed.
 */
export async function changePartnerSettings(
  db: Database,
  partnerId: number,
  actor: AuditActor,
  action: string,
  change: (current: PartnerSettings) => PartnerSettings,
): Promise<PartnerSettings> {
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, partnerId);
    const before = settingsOfRow(row);
    const after = change(before);
    const changes = settingsChanges(before, after);
    if (Object.keys(changes).length === 0) return before;
    const { rows } = await tx.query<PartnerRow>(
      `UPDATE partners SET name = $2, allowed_origins = $3, app_context = $4::jsonb, updated_at = now() WHERE id = $1 RETURNING ${ROW_COLUMNS}`,
      [partnerId, after.name, after.allowedOrigins, JSON.stringify(contextWith(row.app_context ?? {}, after))],
    );
    await writeAudit(tx, partnerId, actor, action, changes);
    return settingsOfRow(rows[0]!);
  });
}

/** The console's Save: the viewer administers the partner; every field is checked first. */
export async function updatePartnerSettings(db: Database, user: UserRecord, partnerId: number, input: PartnerSettingsInput): Promise<PartnerSettings> {
  await requirePartnerAdmin(db, user, partnerId);
  // The tile URL's host as it resolves now (its text is checked with the other fields; every fetch again when it connects).
  if (input.tileSourceUrl && (await resolvesInternally(input.tileSourceUrl.trim()))) throw badInput(TILE_SOURCE_NOT_PUBLIC, field('tileSourceUrl'));
  return changePartnerSettings(db, partnerId, auditActorOf(user), 'settings.updated', (current) => applySettingsInput(current, input));
}

/** Spec §1: whether the "powered by" line shows is Hearth's decision (administrators only). */
export async function setPartnerPoweredBy(db: Database, user: UserRecord, partnerId: number, show: boolean): Promise<PartnerSettings> {
  await requirePartnerAdmin(db, user, partnerId);
  requireAdministrator(user);
  return changePartnerSettings(db, partnerId, { kind: 'user', user }, 'poweredBy.set', (current) => ({ ...current, showPoweredBy: show }));
}
