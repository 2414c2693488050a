/**
 * An address a seller types on the sell page, in parts and on the map (issue 36: any address a person types
 * starts a listing). Without a maps key nothing tells us where an arbitrary street is, so:
 *
 *   parseTypedAddress   the text in parts — street line, unit, city, state, ZIP — for the seller to confirm.
 *                       The ZIP, the state and the country are read off the end here; the street line and its
 *                       unit by parse-address (Geo::StreetAddress::US: directionals, USPS street types, units,
 *                       Utah's grid addresses such as "1234 S 700 E"); a city without a comma before it is one
 *                       our places know, or the words the street parser leaves over.
 *   locateTypedAddress  where to put the pin first: the home itself when it is one of our public addresses,
 *                       else the centre of its ZIP, its city, its state (from our listings: server/listings/places).
 *                       The seller then drags the pin onto the home. It fills the city, state and county the
 *                       seller left out from the ZIP or city when our listings know them.
 *
 * Hostile or empty text is refused with BAD_USER_INPUT naming `text` (core/sellers/typed-address.ts).
 */
import parser, { type ParsedLocation } from 'parse-address';
import { addressTextProblem } from '../../core/sellers/typed-address';
import type { Queryable } from '../db';
import { badInput } from '../domain-error';
import { cityNames, normalizePlaceText } from '../listings/places/place-search';
import { ADDRESS_DISPLAYED, PUBLIC_LISTING } from '../listings/search/listing';
import { stateCode, US_STATES } from '../site/us-states';

export interface TypedAddress {
  /** '1234 S 700 E'; '' when the text names no street (a city or ZIP alone). */
  street: string;
  unit: string | null;
  city: string | null;
  /** Two-letter code. */
  state: string | null;
  /** 5 digits, or ZIP+4. */
  zip: string | null;
}

/** How closely the first pin stands on the home. */
export type Located = 'ADDRESS' | 'ZIP' | 'CITY' | 'STATE' | 'NONE';

export interface LocatedAddress {
  address: string;
  aptSuite: string | null;
  city: string;
  county: string;
  short_state: string;
  zip_code: string;
  lat: number | null;
  lng: number | null;
  located: Located;
}

const COUNTRY = /[,\s]+(?:U\.?S\.?A?\.?|United States(?: of America)?)$/i;
const ZIP_AT_END = /(?:^|[,\s]+)(\d{5})(?:-(\d{4}))?$/;
const ZIP_ALONE = /^(\d{5})(?:-(\d{4}))?$/;
const UNIT = /^(?:#\s*[\p{L}\p{N}-]+|(?:apt|apartment|unit|suite|ste|bldg|building|fl|floor|rm|room|lot|spc|space|trlr)\.?\s+#?\s*[\p{L}\p{N}-]+)$/iu;
/** A unit at the end of a street segment ("… Apt 5", "… #12"). */
const UNIT_AT_END = /\s+(#\s*[\p{L}\p{N}-]+|(?:apt|apartment|unit|suite|ste|bldg|building|fl|floor|rm|room|lot|spc|space|trlr)\.?\s+#?\s*[\p{L}\p{N}-]+)$/iu;
/** A typed unit as shown: '#12', 'Apt 5'. */
const unitOf = (typed: string) => (typed.startsWith('#') ? typed.replace(/\s/g, '') : capitalise(typed.replace(/\s+/g, ' ')));
/** Two-letter state codes that are also street words ("12 Oak Ct", "400 NE"): a state only after a comma or before a ZIP. */
const AMBIGUOUS_CODES = new Set(['CT', 'NE']);
const STATE_NAMES = Object.entries(US_STATES)
  .map(([code, name]) => ({ code, name: name.toLowerCase() }))
  .sort((a, b) => b.name.length - a.name.length);

const collapse = (text: string) => text.replace(/\s+/g, ' ').replace(/\s*,\s*/g, ', ').replace(/^[,\s]+|[,\s]+$/g, '');

/** Words typed all in lower or all in upper case get capitals ("main" → "Main"); mixed case stays as typed. */
const capitalise = (word: string) =>
  word === word.toLowerCase() || (word === word.toUpperCase() && word.length > 3 && /\p{L}/u.test(word))
    ? word.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    : word;

/** The state at the end of `rest`, when it is one: its code and the text before it. */
function stateAtEnd(rest: string, zipFound: boolean): { code: string; before: string } | null {
  const lower = rest.toLowerCase();
  for (const { code, name } of STATE_NAMES) {
    if (!lower.endsWith(name)) continue;
    const before = rest.slice(0, rest.length - name.length);
    if (before !== '' && !/[\s,]$/.test(before)) continue;
    // "100 Washington" is a street: a state name needs a comma before it, a ZIP after it, or a city before it.
    if (/,\s*$/.test(before) || zipFound || before.includes(',')) return { code, before: collapse(before) };
  }
  const match = /(?:^|([\s,]+))([A-Za-z]{2})$/.exec(rest);
  if (!match) return null;
  const code = match[2]!.toUpperCase();
  if (!US_STATES[code]) return null;
  const before = rest.slice(0, match.index);
  const afterComma = (match[1] ?? '').includes(',');
  if (afterComma || zipFound || before.includes(',') || (match[2] === code && !AMBIGUOUS_CODES.has(code) && /\d/.test(before))) {
    return { code, before: collapse(before) };
  }
  return null;
}

/** The street line's parts as parse-address reads them (not the unit, which it may drop when words follow). */
const streetKey = (p: ParsedLocation | null) => (p ? [p.number, p.prefix, p.street, p.type, p.suffix].join('|').toLowerCase() : '');

/** The street line and unit of one segment, by parse-address; the text as typed when it does not parse. */
function streetOf(segment: string): { street: string; unit: string | null } {
  const parsed = /\d/.test(segment) ? parser.parseLocation(segment) : null;
  const typedUnit = UNIT_AT_END.exec(segment);
  const asTyped = () =>
    typedUnit ? { street: capitalise(segment.slice(0, typedUnit.index)), unit: unitOf(typedUnit[1]!) } : { street: capitalise(segment), unit: null };
  if (!parsed?.number || !parsed.street) return asTyped();
  const street = [parsed.number, parsed.prefix?.toUpperCase(), capitalise(parsed.street), parsed.type ? capitalise(parsed.type) : undefined, parsed.suffix?.toUpperCase()]
    .filter(Boolean)
    .join(' ');
  // The parser abbreviates words ("South" → "S") but may also drop some ("4419 W Canyon View Dr" → "4419 W Cyn"):
  // a street line with fewer words than were typed is the text as typed.
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  if (words(street) !== words(typedUnit ? segment.slice(0, typedUnit.index) : segment)) return asTyped();
  const unitType = parsed.sec_unit_type?.trim();
  const unit = unitType ? (unitType === '#' ? `#${parsed.sec_unit_num ?? ''}` : `${capitalise(unitType)} ${parsed.sec_unit_num ?? ''}`.trim()) : null;
  return { street, unit };
}

/**
 * The city at the end of a street segment typed without a comma ("100 N Main St Provo"): the longest run of
 * trailing words our places know as a city, else the trailing words the street parser leaves unread.
 */
function splitCity(segment: string, isCity: (name: string) => boolean): { street: string; city: string | null } {
  const words = segment.split(' ');
  for (let k = Math.min(4, words.length - 1); k >= 1; k--) {
    const head = words.slice(0, words.length - k).join(' ');
    const tail = words.slice(words.length - k).join(' ');
    if (/\d/.test(head) && !/\d/.test(tail) && isCity(tail)) return { street: head, city: tail };
  }
  const whole = streetKey(parser.parseLocation(segment));
  for (let k = Math.min(3, words.length - 2); k >= 1; k--) {
    const head = words.slice(0, words.length - k).join(' ');
    const tail = words.slice(words.length - k).join(' ');
    if (/\d/.test(tail) || UNIT.test(tail)) continue;
    const headParsed = parser.parseLocation(head);
    if (headParsed?.number && headParsed.street && streetKey(headParsed) === whole) return { street: head, city: tail };
  }
  return { street: segment, city: null };
}

/** A typed address in parts (see the module's comment); `isCity` says whether our places know a city name. */
export function parseTypedAddress(typed: string, isCity: (name: string) => boolean = () => false): TypedAddress {
  const problem = addressTextProblem(typed);
  if (problem) throw badInput(problem, 'text');
  let rest = collapse(typed.normalize('NFC'));
  if (!rest) throw badInput('Type the address of the home.', 'text');
  rest = collapse(rest.replace(COUNTRY, ''));

  let zip: string | null = null;
  // A ZIP first ("84106, Salt Lake City, UT": the place search's ZIP suggestion).
  const first = rest.split(', ')[0]!;
  const leading = ZIP_ALONE.exec(first);
  if (leading && rest.includes(',')) {
    zip = leading[2] ? `${leading[1]}-${leading[2]}` : leading[1]!;
    rest = collapse(rest.slice(first.length));
  } else {
    const trailing = ZIP_AT_END.exec(rest);
    if (trailing) {
      zip = trailing[2] ? `${trailing[1]}-${trailing[2]}` : trailing[1]!;
      rest = collapse(rest.slice(0, trailing.index));
    }
  }

  let state: string | null = null;
  const found = rest ? stateAtEnd(rest, zip !== null) : null;
  if (found) {
    state = found.code;
    rest = found.before;
  }

  let city: string | null = null;
  let unit: string | null = null;
  let streetPart = '';
  const segments = rest ? rest.split(', ').filter(Boolean) : [];
  if (segments.length > 1) {
    streetPart = segments[0]!;
    const others = segments.slice(1);
    const units = others.filter((s) => UNIT.test(s));
    const places = others.filter((s) => !UNIT.test(s));
    if (units.length) unit = units.join(' ');
    if (places.length) city = places[places.length - 1]!;
    // "Salt Lake City, UT" was taken above; "Sugar House, Salt Lake City" names no street.
    if (!/\d/.test(streetPart)) {
      city = city ?? streetPart;
      streetPart = '';
    }
  } else if (segments.length === 1) {
    if (/\d/.test(segments[0]!)) {
      const split = splitCity(segments[0]!, isCity);
      streetPart = split.street;
      city = split.city;
    } else city = segments[0]!;
  }

  const { street, unit: streetUnit } = streetPart ? streetOf(streetPart) : { street: '', unit: null };
  return {
    street,
    unit: unit ?? streetUnit,
    city: city ? capitalise(city) : null,
    state,
    zip,
  };
}

// ---------------------------------------------------------------------------------------------------
// Where it is

interface AreaRow {
  city: string | null;
  state_province: string | null;
  county: string | null;
  lat: number | null;
  lng: number | null;
  n: number;
}

/** Our public listings of one area: its most common city, state and county, and its centre. */
async function area(db: Queryable, where: string, params: unknown[]): Promise<AreaRow | null> {
  const { rows } = await db.query<AreaRow>(
    `SELECT mode() WITHIN GROUP (ORDER BY l.city) AS city, mode() WITHIN GROUP (ORDER BY upper(l.state_province)) AS state_province,
            mode() WITHIN GROUP (ORDER BY l.county) AS county, avg(l.latitude) AS lat, avg(l.longitude) AS lng, count(*)::int AS n
       FROM listings l WHERE ${PUBLIC_LISTING} AND l.country_code = 'US' AND ${where}`,
    params,
  );
  const row = rows[0];
  return row && Number(row.n) > 0 && row.lat !== null && row.lng !== null ? row : null;
}

const round = (v: number | string) => Math.round(Number(v) * 1e6) / 1e6;

/** The typed address in parts, with the first place of its pin (see the module's comment). */
export async function locateTypedAddress(db: Queryable, typed: string): Promise<LocatedAddress> {
  const cities = await cityNames(db, 'US');
  const parts = parseTypedAddress(typed, (name) => cities.has(normalizePlaceText(name)));
  const zip5 = parts.zip?.slice(0, 5) ?? null;
  const byZip = zip5 ? await area(db, 'l.postal_code = $1', [zip5]) : null;
  const cityState = parts.state ?? byZip?.state_province ?? null;
  const byCity = parts.city ? await area(db, `lower(l.city) = lower($1) AND ($2::text IS NULL OR upper(l.state_province) = $2)`, [parts.city, cityState]) : null;
  const state = parts.state ?? byZip?.state_province ?? byCity?.state_province ?? null;
  const home =
    parts.street && (zip5 || parts.city)
      ? (
          await db.query<{ latitude: number; longitude: number }>(
            `SELECT l.latitude, l.longitude FROM listings l
              WHERE ${PUBLIC_LISTING} AND ${ADDRESS_DISPLAYED} AND l.latitude IS NOT NULL AND lower(l.street_line1) = lower($1)
                AND (l.postal_code = $2 OR lower(l.city) = lower($3)) LIMIT 1`,
            [parts.street, zip5 ?? '', parts.city ?? ''],
          )
        ).rows[0]
      : undefined;
  const byState = !home && !byZip && !byCity && state ? await area(db, 'upper(l.state_province) = $1', [state]) : null;
  const centre = home ? { lat: home.latitude, lng: home.longitude } : (byZip ?? byCity ?? byState);
  const located: Located = home ? 'ADDRESS' : byZip ? 'ZIP' : byCity ? 'CITY' : byState ? 'STATE' : 'NONE';
  return {
    address: parts.street,
    aptSuite: parts.unit,
    city: parts.city ?? byZip?.city ?? '',
    county: (byZip ?? byCity)?.county ?? '',
    short_state: state ? (stateCode(state) ?? state) : '',
    zip_code: parts.zip ?? '',
    lat: centre ? round(centre.lat!) : null,
    lng: centre ? round(centre.lng!) : null,
    located,
  };
}
