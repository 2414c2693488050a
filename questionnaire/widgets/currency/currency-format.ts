/**
 * Currency (widget spec §5): what is kept of what is typed, and how the amount is shown — the currency
 * symbol, thousands grouping by locale, Indian grouping (3 then 2s) for en-IN and INR, the Nepali rupee
 * grouped by twos, and for en-IN the amount in Devanagari words.
 */
import { currencySymbol } from '../../../core/format/money';
import { DEFAULT_CURRENCY_CODE, DEFAULT_LOCALE } from '../../reference/lists';

/** Strips everything but digits, a point and a leading minus; a lone minus (with a $) gives ''. */
export function currencyValue(text: string): string {
  const negative = /^\s*[-$\s]*-/.test(text) || text.trim().startsWith('-');
  const kept = text.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const number = point === -1 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/\./g, '');
  if (number === '' || number === '.') return '';
  return negative ? `-${number}` : number;
}

const groupThrees = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const groupTwos = (digits: string) => digits.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
/** Indian: the last three digits, then groups of two (12,34,567). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${groupTwos(digits.slice(0, -3))},${digits.slice(-3)}`;
}

export type Grouping = 'western' | 'indian' | 'twos';

export function groupingFor(currencyCode: string, locale: string): Grouping {
  if (currencyCode.toUpperCase() === 'NPR') return 'twos';
  if (locale === 'en-IN' || currencyCode.toUpperCase() === 'INR') return 'indian';
  return 'western';
}

export function groupDigits(digits: string, grouping: Grouping): string {
  if (grouping === 'twos') return groupTwos(digits);
  if (grouping === 'indian') return groupIndian(digits);
  return groupThrees(digits);
}

const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  'en-SE': { group: '\u00a0', decimal: ',' },
  'pt-MZ': { group: '\u00a0', decimal: ',' },
};

/** '1234567.5' USD en-US → '$1,234,567.5'; INR en-IN → '₹12,34,567.5'; NPR → 'Rs 1,23,45,67'. */
export function formatCurrency(stored: string, currencyCode: string = DEFAULT_CURRENCY_CODE, locale: string = DEFAULT_LOCALE): string {
  if (stored === '') return '';
  const negative = stored.startsWith('-');
  const [whole = '', fraction] = stored.replace('-', '').split('.');
  const separators = SEPARATORS[locale] ?? { group: ',', decimal: '.' };
  const grouped = groupDigits(whole.replace(/^0+(?=\d)/, '') || '0', groupingFor(currencyCode, locale)).replace(/,/g, separators.group);
  const number = `${grouped}${fraction !== undefined ? `${separators.decimal}${fraction}` : ''}`;
  const symbol = currencySymbol(currencyCode);
  const shown = /^[A-Za-z]+$/.test(symbol) ? `${symbol} ${number}` : `${symbol}${number}`;
  return negative ? `-${shown}` : shown;
}

// ---- Devanagari words (en-IN) ---------------------------------------------------------------------

/** Hindi number words 0–99: irregular, so a table. */
const HINDI_0_99 = (
  'शून्य एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस ' +
  'बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस ' +
  'चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ ' +
  'साठ इकसठ बासठ तिरेसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी ' +
  'अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानबे बानबे तिरानबे चौरानबे पंचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे'
).split(' ');

const SCALES: readonly [number, string][] = [
  [1e7, 'करोड़'],
  [1e5, 'लाख'],
  [1e3, 'हज़ार'],
  [1e2, 'सौ'],
];

function hindiWords(n: number): string {
  if (n < 100) return HINDI_0_99[n]!;
  for (const [size, name] of SCALES) {
    if (n >= size) {
      const head = Math.floor(n / size);
      const rest = n % size;
      const headWords = size === 1e7 && head >= 100 ? hindiWords(head) : HINDI_0_99[head] ?? hindiWords(head);
      return rest === 0 ? `${headWords} ${name}` : `${headWords} ${name} ${hindiWords(rest)}`;
    }
  }
  return '';
}

/** The whole rupees of an amount in Hindi words ('125000' → 'एक लाख पच्चीस हज़ार रुपये'); '' when empty. */
export function devanagariWords(stored: string): string {
  if (stored === '' || !Number.isFinite(Number(stored))) return '';
  const whole = Math.trunc(Math.abs(Number(stored)));
  if (!Number.isSafeInteger(whole)) return '';
  return `${Number(stored) < 0 ? 'ऋण ' : ''}${hindiWords(whole)} रुपये`;
}
