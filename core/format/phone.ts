/**
 * Phones where no rule is needed: the partner's country, `tel:` links, and the numbers of the app context as the
 * server formatted them. Small and free of libphonenumber, for skeletons and views alike; reading, checking and
 * formatting a number is ./phone-rules.ts (the browser loads it with its metadata when a phone field is first
 * used: ./phone-load.ts).
 */

/** A number without a country code is read as one of this country when the partner has none (spec widget §9: US). */
export const PHONE_DEFAULT_COUNTRY = 'US';

/**
 * The partner's country, for reading and showing numbers: the first of its countries (the console's Site & search
 * countries, `partner.addressSearchComponentRestrictions.country`), upper case; the United States when it has none.
 */
export function phoneCountryOf(countries: unknown): string {
  const first = Array.isArray(countries) ? countries[0] : undefined;
  return typeof first === 'string' && /^[a-z]{2}$/i.test(first) ? first.toUpperCase() : PHONE_DEFAULT_COUNTRY;
}

/** The partner's country of an app context (stored or served: anything that may hold `partner.addressSearchComponentRestrictions`). */
export function contextPhoneCountry(context: unknown): string {
  const partner = context && typeof context === 'object' ? (context as { partner?: unknown }).partner : undefined;
  const restrictions = partner && typeof partner === 'object' ? (partner as { addressSearchComponentRestrictions?: unknown }).addressSearchComponentRestrictions : undefined;
  return phoneCountryOf(restrictions && typeof restrictions === 'object' ? (restrictions as { country?: unknown }).country : undefined);
}

/** A `tel:` href for a stored (E.164) or displayed number: its digits and a leading + only. */
export function phoneHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

/** The app context's phone fields: the server sends each also as shown, in `phoneDisplay` (server/partners/app-context.ts). */
export const CONTEXT_PHONE_FIELDS = ['officeNumber', 'cellNumber', 'tollFreeNumber'] as const;
export type ContextPhoneField = (typeof CONTEXT_PHONE_FIELDS)[number];

type PhoneContext = Partial<Record<ContextPhoneField, string | null>> & { phoneDisplay?: Record<string, string> | null };

/**
 * A phone of the app context as a link: its `tel:` href and its text as the server formatted it, looked up by the
 * number itself (so a text can never belong to another number); the number as stored when there is none.
 */
export function contextPhone(context: PhoneContext, field: ContextPhoneField): { href: string; text: string } | null {
  const number = context[field];
  if (!number) return null;
  return { href: phoneHref(number), text: context.phoneDisplay?.[number] || number };
}
