/**
 * The app context a partner's pages receive (spec §3, §7 dynamic-config). Stored contexts are
 * re-validated on the way out: a bad row must degrade to the default brand (spec §8), not break every
 * embed of that partner — and for a partner, to the default context without our brand (issue 35).
 */
import { BRAND_FIELDS, UNBRANDED } from '../../core/config/brand-fields';
import { appContextSchema, DEFAULT_APP_CONTEXT, type AppContext } from '../../core/config/schema';
import { CONTEXT_PHONE_FIELDS, contextPhoneCountry } from '../../core/format/phone';
import { shownPhone, storedPhoneE164 } from '../contact/phone';
import { publicUrl } from '../http/public-url';
import { DEFAULT_PARTNER_SLUG, type Partner } from './repository';

/** Fields holding URLs that may be stored relative to our own origin (e.g. `/static/demo/avery.svg`). */
const URL_FIELDS = ['agentPic', 'appLogo'] as const;
/** Brand links that may be stored as paths of the hosted site (the default partner's `/about/privacy-policy`). */
const SITE_LINK_FIELDS = ['privacyPolicyUrl', 'contactUrl'] as const;

/** Embeds run on the partner's origin, where a relative URL of ours would point at their server. */
const absolute = (url: string | null | undefined, origin: string) => (typeof url === 'string' ? publicUrl(url, origin) : url);

/**
 * The context as pages and embeds receive it: our URLs absolute on `publicOrigin`, the site's links on `servedOn`
 * when the request came in on the partner's own domain (site-origin.ts), else on its siteUrl, else ours.
 */
export function publicAppContext(context: AppContext, publicOrigin: string, servedOn: string | null = null): AppContext {
  // The hosted site served on the partner's own domain (site-origin.ts) links there: the visitor stays on it.
  const result: AppContext = { ...context, siteUrl: servedOn ?? context.siteUrl ?? publicOrigin };
  for (const field of URL_FIELDS) result[field] = absolute(context[field], publicOrigin);
  for (const field of SITE_LINK_FIELDS) result[field] = absolute(context[field], result.siteUrl!.replace(/\/+$/, ''));
  if (context.partner) result.partner = { ...context.partner, logo: absolute(context.partner.logo, publicOrigin) };
  // Phones in E.164 (one stored before as typed, read for the partner's country), each with its text as shown,
  // the defaults' too (spec §8: an element shows the default toll-free number when the partner has none).
  const country = contextPhoneCountry(context);
  const display: Record<string, string> = {};
  for (const field of CONTEXT_PHONE_FIELDS) {
    const stored = context[field];
    if (stored) result[field] = storedPhoneE164(stored, country);
    const number = stored ? result[field] : DEFAULT_APP_CONTEXT[field];
    if (number) display[number] = shownPhone(number, country);
  }
  result.phoneDisplay = display;
  return result;
}

export type ParsedAppContext = { ok: true; context: AppContext } | { ok: false; context: AppContext };

/** The stored context if it is valid, else the default context. */
export function parseStoredAppContext(stored: unknown): ParsedAppContext {
  const parsed = appContextSchema.safeParse(stored);
  return parsed.success ? { ok: true, context: parsed.data } : { ok: false, context: DEFAULT_APP_CONTEXT };
}

/**
 * The context a partner's pages, mails and flyers show (issue 35): its stored context with every brand field it
 * has not set read as null, never as the defaults' (ours), so a partner's visitor sees the partner's name,
 * numbers and links or none. The default partner (our own site) keeps the default context beneath its own.
 * A stored context that fails validation reads as the default context, without our brand for a partner.
 */
export function partnerAppContext(partner: Pick<Partner, 'slug' | 'name' | 'appContext'>): ParsedAppContext {
  const parsed = parseStoredAppContext(partner.appContext);
  if (partner.slug === DEFAULT_PARTNER_SLUG) return parsed;
  const stored: AppContext = parsed.ok ? parsed.context : { ...DEFAULT_APP_CONTEXT, ...UNBRANDED };
  const context: AppContext = { ...stored, partner: { ...stored.partner, name: stored.partner?.name || partner.name } };
  // An unset field (absent, or stored as undefined) is null: the browser lays the context over the defaults.
  for (const field of BRAND_FIELDS) context[field] ??= null;
  return { ok: parsed.ok, context };
}
