/**
 * Completing a seller's intake questionnaire (seller-intake-sale / seller-intake-rent) copies its facts into
 * the seller's listing: address, property type, rooms, sizes, year, garage, HOA, features (amenities), the
 * asking price or monthly rent, and a description composed from those facts unless the seller wrote their
 * own. Called from server/cases/completion.ts inside the questionnaire's transaction, every time the response
 * is completed (again after an edit, until a locking queue freezes it).
 *
 * The answers as the intake stores them (widget spec §3): address parts street, apt, city, county, usstate,
 * postal; property_type = the chosen label, pt_land 'Yes' for land; numbers as plain text; currency as plain
 * major units ('450000'); features as flags f_* = 'Yes'; driving_directions as the seller typed it (multi-line,
 * optional, at most DRIVING_DIRECTIONS_MAX characters), kept in the listing's location_data.directions, the key the
 * RESO import fills from Directions.
 */
import {
  bathrooms,
  bedrooms,
  figureOf,
  garageBays,
  hoaFee,
  homePrice,
  livingArea,
  lotSize,
  monthlyRent,
  securityDeposit,
  yearBuilt,
  type Finding,
} from '../../core/validation/plausibility';
import type { Context } from '../../questionnaire/engine/flow';
import { YES } from '../../questionnaire/widgets/widget';
import type { Queryable } from '../db';
import { badInput } from '../domain-error';
import { penniesOf } from '../offers/submission';
import { slugify } from '../listings/reso/mapping';
import { composeDescription } from './description';

const SQ_FT_PER_ACRE = 43_560;

/** The intake's feature flags and their labels (questionnaire/definitions/seller-intake-*.json). */
export const FEATURES: Record<string, string> = {
  f_central_air: 'Central air',
  f_fireplace: 'Fireplace',
  f_basement: 'Basement',
  f_finished_basement: 'Finished basement',
  f_pool: 'Pool',
  f_solar: 'Solar panels',
  f_ev: 'EV charger',
  f_adu: 'Accessory dwelling unit',
};

const TENANT_TYPES: Record<string, string> = {
  tenant_family: 'Family',
  tenant_professionals: 'Working professionals',
  tenant_students: 'Students',
  tenant_any: 'Anyone',
};

/** The most characters of driving directions the intake accepts (its regex says the same). */
export const DRIVING_DIRECTIONS_MAX = 1000;

/**
 * Driving directions as the listing keeps them: plain text with line breaks as \n, control characters other
 * than line breaks and tabs removed, trimmed; null when empty or longer than DRIVING_DIRECTIONS_MAX (the
 * questionnaire refuses a longer answer, so one can only be forged).
 */
export function drivingDirectionsOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, '')
    .trim();
  if (text === '' || [...text].length > DRIVING_DIRECTIONS_MAX) return null;
  return text;
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A whole or decimal number in range; null when empty or not one. */
export function numberOf(value: unknown, min: number, max: number): number | null {
  const s = str(value).replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

export interface IntakeFacts {
  street: string | null;
  apt: string | null;
  city: string | null;
  county: string | null;
  state: string | null;
  postal: string | null;
  propertyType: 'Residential' | 'Land';
  propertySubType: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
  lotSizeAcres: number | null;
  yearBuilt: number | null;
  garageBays: number | null;
  hoaFeeInPennies: number | null;
  hoaFeeFrequency: string | null;
  priceInPennies: number | null;
  amenities: string[];
  tenantType: string | null;
  drivingDirections: string | null;
}

/** The listing's facts from the completed intake answers; what was not answered is null. */
export function intakeFactsOf(context: Context, classification: 'sale' | 'rent'): IntakeFacts {
  const land = str(context.pt_land) === YES;
  const hasHoa = str(context.has_hoa) === YES;
  const orNull = (s: string) => (s === '' ? null : s);
  const bathrooms = land ? null : numberOf(context.bathrooms, 0, 100);
  return {
    street: orNull(str(context.street)),
    apt: orNull(str(context.apt)),
    city: orNull(str(context.city)),
    county: orNull(str(context.county)),
    state: orNull(str(context.usstate)),
    postal: orNull(str(context.postal)),
    propertyType: land ? 'Land' : 'Residential',
    propertySubType: orNull(str(context.property_type)),
    bedrooms: land ? null : numberOf(context.bedrooms, 0, 100),
    bathrooms,
    area: land ? null : numberOf(context.area, 0, 1_000_000),
    lotSizeAcres: numberOf(context.lot_size, 0, 100_000),
    yearBuilt: land ? null : numberOf(context.year_built, 1600, 2200),
    garageBays: land ? null : numberOf(context.garage_bays, 0, 100),
    hoaFeeInPennies: hasHoa ? penniesOf(context.hoa_fee) : null,
    hoaFeeFrequency: hasHoa ? orNull(str(context.hoa_fee_frequency)) : null,
    priceInPennies: penniesOf(classification === 'rent' ? context.monthly_rent : context.asking_price),
    amenities: Object.entries(FEATURES)
      .filter(([variable]) => str(context[variable]) === YES)
      .map(([, label]) => label),
    tenantType: Object.entries(TENANT_TYPES).find(([variable]) => str(context[variable]) === YES)?.[1] ?? null,
    drivingDirections: drivingDirectionsOf(context.driving_directions),
  };
}

/**
 * The first impossible fact of an intake's answers, by the rules of core/validation/plausibility.ts (an HOA fee of
 * $320,000 a month, a home built in 2090, a lot of 200,000 acres): the questionnaire refuses them on its screens
 * (questionnaire/engine/plausible.ts); this holds for every version of it, so no listing is published with one.
 */
export function intakeRefusal(context: Context, classification: 'sale' | 'rent', today: Date = new Date(), currencyCode = 'USD'): Finding | null {
  const land = str(context.pt_land) === YES;
  const figure = (variable: string) => figureOf(str(context[variable]));
  const judgement = { today, currencyCode };
  const checks: (() => Finding | null)[] = [
    () => (str(context.has_hoa) === YES && figure('hoa_fee') !== null ? hoaFee(figure('hoa_fee')!, str(context.hoa_fee_frequency), judgement) : null),
    () => (land || figure('year_built') === null ? null : yearBuilt(figure('year_built')!, judgement)),
    () => (land || figure('area') === null ? null : livingArea(figure('area')!)),
    () => (figure('lot_size') === null ? null : lotSize(figure('lot_size')!, null, false)),
    () => (land || figure('bedrooms') === null ? null : bedrooms(figure('bedrooms')!)),
    () => (land || figure('bathrooms') === null ? null : bathrooms(figure('bathrooms')!, null)),
    () => (land || figure('garage_bays') === null ? null : garageBays(figure('garage_bays')!)),
    () => {
      const price = figure(classification === 'rent' ? 'monthly_rent' : 'asking_price');
      if (price === null) return null;
      return classification === 'rent' ? monthlyRent(price, judgement) : homePrice(price, judgement, 'The asking price');
    },
    () =>
      classification === 'rent' && figure('security_deposit') !== null ? securityDeposit(figure('security_deposit')!, figure('monthly_rent'), judgement) : null,
  ];
  for (const check of checks) {
    const finding = check();
    if (finding?.level === 'refuse') return finding;
  }
  return null;
}

/** The listing of seller case `caseId` takes the facts of its completed intake. */
export async function completeSellerIntake(tx: Queryable, caseId: number, context: Context): Promise<void> {
  const { rows } = await tx.query<{
    id: number;
    classification: 'sale' | 'rent';
    street_line1: string;
    city: string;
    state_province: string;
    postal_code: string;
    neighbourhood: string | null;
    price_currency_code: string;
    description_source: string | null;
  }>(
    `SELECT l.id, l.classification, l.street_line1, l.city, l.state_province, l.postal_code, l.neighbourhood, l.price_currency_code,
        l.building_data ->> 'descriptionSource' AS description_source
       FROM application_cases c JOIN listings l ON l.id = c.listing_id WHERE c.id = $1 FOR UPDATE OF l`,
    [caseId],
  );
  const listing = rows[0];
  if (!listing) return;
  const refusal = intakeRefusal(context, listing.classification, new Date(), listing.price_currency_code.trim());
  if (refusal) throw badInput(refusal.message, 'data');
  const f = intakeFactsOf(context, listing.classification);
  const street = f.street ?? listing.street_line1;
  const city = f.city ?? listing.city;
  const state = f.state ?? listing.state_province;
  const postal = f.postal ?? listing.postal_code;
  const price = f.priceInPennies ?? 0;
  const overview =
    listing.description_source === 'seller'
      ? null
      : composeDescription(
          {
            classification: listing.classification,
            propertySubType: f.propertySubType,
            city,
            stateProvince: state,
            neighbourhood: listing.neighbourhood,
            bedrooms: f.bedrooms,
            bathrooms: f.bathrooms,
            area: f.area,
            lotSize: f.lotSizeAcres,
            yearBuilt: f.yearBuilt,
            garageBays: f.garageBays,
            amenities: f.amenities,
            priceInPennies: price,
            priceCurrencyCode: listing.price_currency_code.trim(),
          },
          'en',
        );
  await tx.query(
    `UPDATE listings SET street_line1 = $2, unit_number = $3, city = $4, county = coalesce($5, county), state_province = $6,
        postal_code = $7, slug_id = $8, property_type = $9, property_sub_type = $10, bedrooms = $11, bathrooms = $12,
        area = $13, area_unit = CASE WHEN $13::float8 IS NULL THEN NULL ELSE 'sqft' END, area_sq_ft = $13,
        lot_size = $14, lot_size_unit = CASE WHEN $14::float8 IS NULL THEN NULL ELSE 'acres' END, lot_size_sq_ft = $14::float8 * ${SQ_FT_PER_ACRE},
        year_built = $15, garage_bays = $16, hoa_fee_in_pennies = $17, hoa_fee_frequency = $18, price_in_pennies = $19,
        amenities = $20, tenant_type = $21, overview = coalesce($22, overview),
        building_data = building_data || jsonb_build_object('bathrooms', $23::text, 'descriptionSource', coalesce(building_data ->> 'descriptionSource', 'generated')),
        location_data = CASE WHEN $24::text IS NULL THEN location_data - 'directions' ELSE location_data || jsonb_build_object('directions', $24::text) END,
        modification_timestamp = now(), updated_at = now()
      WHERE id = $1`,
    [
      listing.id,
      street,
      f.apt,
      city,
      f.county,
      state,
      postal,
      slugify(street, city, state, postal),
      f.propertyType,
      f.propertySubType,
      f.bedrooms,
      f.bathrooms === null ? null : Math.floor(f.bathrooms),
      f.area,
      f.lotSizeAcres,
      f.yearBuilt,
      f.garageBays,
      f.hoaFeeInPennies,
      f.hoaFeeFrequency,
      price,
      JSON.stringify(f.amenities.map((label) => ({ id: slugify(label), label, url: null }))),
      f.tenantType,
      overview,
      f.bathrooms === null ? null : String(f.bathrooms),
      f.drivingDirections,
    ],
  );
}
