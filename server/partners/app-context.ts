/**
 * The app context a partner's pages receive (spec §3, §7 dynamic-config). Stored contexts are
 * re-validated on the way out: a bad row must degrade to the default brand (spec §8), not break every
 * embed of that partner.
 */
import { appContextSchema, DEFAULT_APP_CONTEXT, type AppContext } from '../../core/config/schema';
import { CONTEXT_PHONE_FIELDS, contextPhoneCountry } from '../../core/format/phone';
import { shownPhone, storedPhoneE164 } from '../contact/phone';
import { publicUrl } from '../http/public-url';

/** Fields holding URLs that may be stored relative to our own origin (e.g. `/static/demo/avery.svg`). */
const URL_FIELDS = ['agentPic', 'appLogo'] as const;

/** Embeds run on the partner's origin, where a relative URL of ours would point at their server. */
const absolute = (url: string | null | undefined, origin: string) => (typeof url === 'string' ? publicUrl(url, origin) : url);

export function publicAppContext(context: AppContext, publicOrigin: string): AppContext {
  const result: AppContext = { ...context, siteUrl: context.siteUrl ?? publicOrigin };
  for (const field of URL_FIELDS) result[field] = absolute(context[field], publicOrigin);
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
