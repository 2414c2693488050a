/**
 * The listing description of a seller case and its translation (spec §7 listingDescription, translate;
 * issue 19), through one provider interface:
 *
 *   templateProvider  the default: composes the description from the listing's facts with a fixed template
 *                     per language (en, es, ne). Deterministic, honest: its answers carry GENERATED_LABEL.
 *                     It cannot translate free text (there is no model behind it) and says so.
 *   httpProvider      when HEARTH_TRANSLATE_URL is set: POSTs { text, sourceLanguage, targetLanguage } as JSON
 *                     and reads { text } back (a translation service or a language model behind a small
 *                     adapter). Its answers are labelled with the service's own `label`, or 'Machine translated'.
 */
import { formatMoney } from '../../core/format/money';
import { badInput } from '../domain-error';

export const LANGUAGES = ['en', 'es', 'ne'] as const;
export type Language = (typeof LANGUAGES)[number];

export const GENERATED_LABEL = 'Generated from the listing facts';
export const MACHINE_TRANSLATED_LABEL = 'Machine translated';
const HTTP_TIMEOUT_MS = 10_000;
export const MAX_TRANSLATE_CHARS = 5_000;

/** The home itself, as a seller listing holds it (server/sellers/sellers.ts SellerListing). */
export interface HomeFacts {
  propertySubType: string | null;
  neighbourhood: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
  lotSize: number | null;
  yearBuilt: number | null;
  garageBays: number | null;
  amenities: string[];
}

/** What a description is composed from (a seller listing's row, as the case reads it). */
export interface ListingFacts extends HomeFacts {
  classification: 'sale' | 'rent' | 'stay';
  city: string;
  stateProvince: string;
  priceInPennies: number;
  priceCurrencyCode: string;
}

export interface ComposedText {
  text: string;
  language: Language;
  /** Where the text came from, shown beside it. */
  label: string;
}

export interface DescriptionProvider {
  /** The description in `language`, from the facts. */
  describe(facts: ListingFacts, language: Language): Promise<ComposedText>;
  /** Free text into `target`; refuses with BAD_USER_INPUT when the provider cannot. */
  translate(text: string, source: Language, target: Language, facts: ListingFacts | null): Promise<ComposedText>;
}

// ---------------------------------------------------------------------------------------------------
// The template composer

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', ne: 'ne-NP' };

const number = (value: number, language: Language) => new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 }).format(value);

/** The amenities' names per language (the intake's feature labels). */
const AMENITY_NAMES: Record<string, Record<Language, string>> = {
  'Central air': { en: 'central air', es: 'aire central', ne: 'केन्द्रीय वातानुकूलन' },
  Fireplace: { en: 'a fireplace', es: 'chimenea', ne: 'फायरप्लेस' },
  Basement: { en: 'a basement', es: 'sótano', ne: 'तहखाना' },
  'Finished basement': { en: 'a finished basement', es: 'sótano terminado', ne: 'तयार तहखाना' },
  Pool: { en: 'a pool', es: 'piscina', ne: 'पौडी पोखरी' },
  'Solar panels': { en: 'solar panels', es: 'paneles solares', ne: 'सोलार प्यानल' },
  'EV charger': { en: 'an EV charger', es: 'cargador para vehículo eléctrico', ne: 'विद्युतीय सवारी चार्जर' },
  'Accessory dwelling unit': { en: 'an accessory dwelling unit', es: 'unidad de vivienda accesoria', ne: 'सहायक आवास एकाइ' },
};

/**
 * The intake's property types per language (questionnaire/definitions/seller-intake-*.json). A type without a
 * name here reads as the language's word for a home, never as English in another language (issue 36).
 */
const PROPERTY_TYPE_NAMES: Record<string, Record<Language, string>> = {
  'Single-family home': { en: 'Single-family home', es: 'casa unifamiliar', ne: 'एकल परिवार घर' },
  Condo: { en: 'Condo', es: 'condominio', ne: 'कन्डोमिनियम' },
  Townhouse: { en: 'Townhouse', es: 'casa adosada', ne: 'टाउनहाउस' },
  'Multi-family (2-4 units)': { en: 'Multi-family (2-4 units)', es: 'vivienda multifamiliar (2 a 4 unidades)', ne: 'बहुपरिवार घर (२–४ एकाइ)' },
  'Manufactured home': { en: 'Manufactured home', es: 'casa prefabricada', ne: 'पूर्वनिर्मित घर' },
  'Lot or land': { en: 'Lot or land', es: 'terreno', ne: 'जग्गा' },
};

const KIND: Record<Language, { home: string; sale: string; rent: string }> = {
  en: { home: 'home', sale: 'for sale', rent: 'for rent' },
  es: { home: 'vivienda', sale: 'en venta', rent: 'en alquiler' },
  ne: { home: 'घर', sale: 'बिक्रीमा', rent: 'भाडामा' },
};

function list(items: string[], language: Language): string {
  if (items.length === 0) return '';
  return new Intl.ListFormat(LOCALES[language], { type: 'conjunction' }).format(items);
}

/** The description of a listing in one language, from its facts alone: the same facts give the same text. */
export function composeDescription(f: ListingFacts, language: Language): string {
  const place = [f.neighbourhood, f.city, f.stateProvince].filter(Boolean).join(', ');
  const kind = f.classification === 'rent' ? KIND[language].rent : KIND[language].sale;
  const home = f.propertySubType === null ? KIND[language].home : (PROPERTY_TYPE_NAMES[f.propertySubType]?.[language] ?? (language === 'en' ? f.propertySubType : KIND[language].home));
  const n = (v: number) => number(v, language);
  const price = f.priceInPennies > 0 ? formatMoney(f.priceInPennies, f.priceCurrencyCode) : null;
  const amenities = list(f.amenities.map((a) => AMENITY_NAMES[a]?.[language] ?? a), language);
  const sentences: string[] = [];
  if (language === 'en') {
    sentences.push(`${home} ${kind} in ${place}.`);
    const rooms = [f.bedrooms !== null ? `${n(f.bedrooms)} bedroom${f.bedrooms === 1 ? '' : 's'}` : '', f.bathrooms !== null ? `${n(f.bathrooms)} bathroom${f.bathrooms === 1 ? '' : 's'}` : '', f.area !== null ? `${n(f.area)} finished square feet` : ''].filter(Boolean);
    if (rooms.length) sentences.push(`It has ${list(rooms, language)}.`);
    if (f.lotSize !== null) sentences.push(`The lot is ${n(f.lotSize)} acres.`);
    if (f.yearBuilt !== null) sentences.push(`Built in ${f.yearBuilt}.`);
    if (f.garageBays) sentences.push(`Garage for ${n(f.garageBays)} car${f.garageBays === 1 ? '' : 's'}.`);
    if (amenities) sentences.push(`Features include ${amenities}.`);
    if (price) sentences.push(f.classification === 'rent' ? `Rent: ${price} a month.` : `Asking price: ${price}.`);
  } else if (language === 'es') {
    sentences.push(`${home} ${kind} en ${place}.`);
    const rooms = [f.bedrooms !== null ? `${n(f.bedrooms)} ${f.bedrooms === 1 ? 'dormitorio' : 'dormitorios'}` : '', f.bathrooms !== null ? `${n(f.bathrooms)} ${f.bathrooms === 1 ? 'baño' : 'baños'}` : '', f.area !== null ? `${n(f.area)} pies cuadrados habitables` : ''].filter(Boolean);
    if (rooms.length) sentences.push(`Tiene ${list(rooms, language)}.`);
    if (f.lotSize !== null) sentences.push(`El terreno mide ${n(f.lotSize)} acres.`);
    if (f.yearBuilt !== null) sentences.push(`Construida en ${f.yearBuilt}.`);
    if (f.garageBays) sentences.push(`Garaje para ${n(f.garageBays)} ${f.garageBays === 1 ? 'auto' : 'autos'}.`);
    if (amenities) sentences.push(`Incluye ${amenities}.`);
    if (price) sentences.push(f.classification === 'rent' ? `Alquiler: ${price} al mes.` : `Precio: ${price}.`);
  } else {
    sentences.push(`${place} मा ${kind} ${home}।`);
    const rooms = [f.bedrooms !== null ? `${n(f.bedrooms)} शयनकक्ष` : '', f.bathrooms !== null ? `${n(f.bathrooms)} बाथरूम` : '', f.area !== null ? `${n(f.area)} वर्ग फिट` : ''].filter(Boolean);
    if (rooms.length) sentences.push(`यसमा ${list(rooms, language)} छ।`);
    if (f.lotSize !== null) sentences.push(`जग्गा ${n(f.lotSize)} एकड छ।`);
    if (f.yearBuilt !== null) sentences.push(`${n(f.yearBuilt).replace(/[,٬]/g, '')} मा निर्मित।`);
    if (f.garageBays) sentences.push(`${n(f.garageBays)} गाडीको ग्यारेज।`);
    if (amenities) sentences.push(`सुविधाहरू: ${amenities}।`);
    if (price) sentences.push(f.classification === 'rent' ? `मासिक भाडा: ${price}।` : `मूल्य: ${price}।`);
  }
  const text = sentences.join(' ');
  return text.charAt(0).toLocaleUpperCase(LOCALES[language]) + text.slice(1);
}

export const templateProvider: DescriptionProvider = {
  async describe(facts, language) {
    return { text: composeDescription(facts, language), language, label: GENERATED_LABEL };
  },
  async translate(text, source, target, facts) {
    if (source === target) return { text, language: target, label: GENERATED_LABEL };
    // Without a translation service only what we composed can be said in another language: compose it anew.
    if (facts && LANGUAGES.some((l) => composeDescription(facts, l) === text)) {
      return { text: composeDescription(facts, target), language: target, label: GENERATED_LABEL };
    }
    throw badInput('No translation service is configured: only a description generated from the listing facts can be translated.', 'context');
  },
};

// ---------------------------------------------------------------------------------------------------
// An HTTP translation service

export function httpProvider(url: string, fetchImpl: typeof fetch = fetch): DescriptionProvider {
  const translate = async (text: string, source: Language, target: Language): Promise<ComposedText> => {
    if (source === target) return { text, language: target, label: MACHINE_TRANSLATED_LABEL };
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text, sourceLanguage: source, targetLanguage: target }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`The translation service did not answer: ${(error as Error).message}`);
    }
    if (!response.ok) throw new Error(`The translation service answered ${response.status}.`);
    const body = (await response.json().catch(() => null)) as { text?: unknown; label?: unknown } | null;
    if (!body || typeof body.text !== 'string' || body.text.trim() === '') throw new Error('The translation service answered without a text.');
    const label = typeof body.label === 'string' && body.label.trim() ? body.label.trim().slice(0, 80) : MACHINE_TRANSLATED_LABEL;
    return { text: body.text.slice(0, MAX_TRANSLATE_CHARS * 2), language: target, label };
  };
  return {
    // The English description is ours; the service only translates it.
    async describe(facts, language) {
      const english = composeDescription(facts, 'en');
      return language === 'en' ? { text: english, language, label: GENERATED_LABEL } : translate(english, 'en', language);
    },
    translate: (text, source, target) => translate(text, source, target),
  };
}

/** The configured provider: HEARTH_TRANSLATE_URL when set, else the template composer. */
export function descriptionProvider(env: NodeJS.ProcessEnv = process.env): DescriptionProvider {
  const url = env.HEARTH_TRANSLATE_URL?.trim();
  return url ? httpProvider(url) : templateProvider;
}

/** The partner's second language for a listing: Nepali for listings in Nepal, Spanish elsewhere. */
export const secondLanguageFor = (countryCode: string): Language => (countryCode === 'NP' ? 'ne' : 'es');
