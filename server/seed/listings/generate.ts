/**
 * Deterministic RESO `Property` records for demos and benchmarks: a housing market around the Wasatch Front
 * (USD) and the Kathmandu valley (NPR) that behaves like one — homes priced by a known model (where, what,
 * how big, how old, and a condition no listing states), listed through the seasons of the last
 * HISTORY_MONTHS months with steady inventory, sold, cut or expired as real homes are — plus rentals and
 * stays. Record i depends only on (seed, i, now), so `--listings 100000` starts with the same records as the
 * default run.
 */
import { Random } from './random';
import {
  FIRST_NAMES,
  KATHMANDU_BROKERAGES,
  KATHMANDU_CITIES,
  LAST_NAMES,
  REGION_TRENDS,
  NEPALI_FIRST_NAMES,
  NEPALI_LAST_NAMES,
  UTAH_STREET_NAMES,
  UTAH_STREET_SUFFIXES,
  WASATCH_BROKERAGES,
  WASATCH_CITIES,
  type City,
} from './places';

export type ResoRecord = Record<string, unknown>;

export interface GenerateOptions {
  /** Listing rows in total: 80 % homes for sale over the market's history (about 4 % of them on the market now), the rest rentals and stays. */
  listings: number;
  seed?: number;
  /** The day the data is "as of" (default: today, 00:00 UTC, so a day's runs are identical). */
  now?: Date;
}

export const DEFAULT_SEED = 20_261_121;
export const SEED_LISTING_KEY_PREFIX = 'SEED-';
export const SEED_SYSTEM_NAME = 'Hearth Demo MLS';

const DAY = 86_400_000;
const WASATCH_SHARE = 0.85;

export const startOfUtcDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY) * DAY);
const isoDate = (t: number) => new Date(t).toISOString().slice(0, 10);
const iso = (t: number) => new Date(t).toISOString();
const roundTo = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);

// ---- time zones -------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The UTC instant of a wall-clock time in a time zone (open houses are at 11 am local). */
function zonedTime(day: number, hour: number, minute: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const guess = day + (hour * 60 + minute) * 60_000;
  const p = Object.fromEntries(f.formatToParts(new Date(guess)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return guess - (asUtc - guess);
}

const TIME_ZONE = { US: 'America/Denver', NP: 'Asia/Kathmandu' } as const;

// ---- agents and brokerages -----------------------------------------------------------------------------

interface Agent {
  key: string;
  name: string;
  phone: string;
  email: string;
  officeKey: string;
  officeName: string;
  officePhone: string;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function makeAgents(seed: number, country: 'US' | 'NP', count: number): Agent[] {
  const rng = new Random(seed ^ (country === 'US' ? 0x5a5a : 0xa5a5));
  const offices = country === 'US' ? WASATCH_BROKERAGES : KATHMANDU_BROKERAGES;
  const firsts = country === 'US' ? FIRST_NAMES : NEPALI_FIRST_NAMES;
  const lasts = country === 'US' ? LAST_NAMES : NEPALI_LAST_NAMES;
  return Array.from({ length: count }, (_, i) => {
    const officeIndex = i % offices.length;
    const officeName = offices[officeIndex]!;
    const first = rng.pick(firsts);
    const last = rng.pick(lasts);
    const n = String(i).padStart(3, '0');
    // 555-01xx numbers are reserved for fiction in North America; the Nepali ones are made up alike.
    return {
      key: `AG-${country}-${n}`,
      name: `${first} ${last}`,
      phone: country === 'US' ? `801-555-01${String(i % 100).padStart(2, '0')}` : `+977 1 555 0${n}`,
      email: `${slug(first)}.${slug(last)}${i}@${slug(officeName)}.example`,
      officeKey: `OF-${country}-${String(officeIndex).padStart(2, '0')}`,
      officeName,
      officePhone: country === 'US' ? `801-555-00${String(officeIndex).padStart(2, '0')}` : `+977 1 555 1${String(officeIndex).padStart(3, '0')}`,
    };
  });
}

// ---- what a listing is -------------------------------------------------------------------------------

type Kind = 'house' | 'townhouse' | 'condo' | 'land' | 'room';
type Purpose = 'sale' | 'rent' | 'stay';

const SUB_TYPES: Record<Kind, string> = {
  house: 'Single Family Residence',
  townhouse: 'Townhouse',
  condo: 'Condominium',
  land: 'Unimproved Land',
  room: 'Room',
};

const PHOTO_CAPTIONS: Record<Kind, readonly string[]> = {
  house: ['Front of the house', 'Living room', 'Kitchen', 'Primary bedroom', 'Bathroom', 'Back yard'],
  townhouse: ['Front entrance', 'Living room', 'Kitchen', 'Bedroom', 'Patio'],
  condo: ['Building entrance', 'Living room', 'Kitchen', 'Bedroom', 'View from the balcony'],
  land: ['The plot from the road', 'View across the plot'],
  room: ['The room', 'Shared kitchen', 'Bathroom'],
};

const FEATURES = [
  'Updated kitchen with quartz counters',
  'Mountain views from the living room',
  'Fully fenced back yard',
  'Walking distance to TRAX',
  'New roof and furnace',
  'Finished basement with a second family room',
  'Hardwood floors throughout',
  'Quiet cul-de-sac',
  'Close to parks, schools and trails',
  'Two-car garage with storage',
] as const;
const NEPAL_FEATURES = [
  'Motorable road access',
  'Sunny south-facing plot',
  'Close to the ring road',
  'Peaceful residential neighbourhood',
  'Municipal water and a deep boring',
  'Earthquake-resistant construction',
  'Mountain views on clear days',
  'Near schools and the hospital',
] as const;

// ---- where: neighbourhoods --------------------------------------------------------------------------

/** A neighbourhood as the seed uses it: where its homes cluster, its ZIP, price level, trend and era. */
interface Place {
  city: City;
  name: string;
  lat: number;
  lng: number;
  /** Standard deviation of its homes around its centre, in degrees of latitude. */
  radius: number;
  zip: string;
  price: number;
  trend: number;
  built: number;
}

/** Degrees of longitude are shorter than degrees of latitude this far from the equator (about 1/cos 40°). */
const LNG_STRETCH = { US: 1.32, NP: 1.13 } as const;

function placesOf(seed: number, cities: readonly City[]): Map<City, Place[]> {
  const out = new Map<City, Place[]>();
  cities.forEach((city, c) => {
    const rng = Random.for(seed ^ 0x4e49_4748, c);
    const count = city.neighbourhoods.length;
    out.set(
      city,
      city.neighbourhoods.map((hood, k) => {
        // Those not placed by hand go round the centre, each at its own distance.
        const angle = ((k + rng.next() * 0.6) / count) * 2 * Math.PI;
        const distance = city.spread * (0.45 + rng.next() * 0.7);
        return {
          city,
          name: hood.name,
          lat: hood.lat ?? city.lat + Math.sin(angle) * distance,
          lng: hood.lng ?? city.lng + Math.cos(angle) * distance * LNG_STRETCH[city.country],
          radius: Math.max(0.005, city.spread * 0.3),
          zip: hood.zip ?? city.zips[k % city.zips.length]!,
          price: hood.price,
          trend: hood.trend ?? REGION_TRENDS[city.country] + rng.normal() * 0.008,
          built: hood.built ?? Math.round(city.built + rng.normal() * 8),
        };
      }),
    );
  });
  return out;
}

interface Plan {
  rng: Random;
  key: string;
  index: number;
  city: City;
  place: Place;
  country: 'US' | 'NP';
  purpose: Purpose;
  kind: Kind;
}

/** Shares of the rows: homes for sale are the market; rentals and stays are mostly on the market now. */
const PURPOSES = [['sale', 80], ['rent', 17], ['stay', 3]] as const;
const CURRENT_RENTALS = 0.7;

function plan(seed: number, index: number, market: Market): Plan {
  const rng = Random.for(seed, index);
  const country = rng.chance(WASATCH_SHARE) ? 'US' : 'NP';
  const cities = country === 'US' ? WASATCH_CITIES : KATHMANDU_CITIES;
  const city = rng.weighted(cities.map((c) => [c, c.weight] as const));
  const place = rng.pick(market.places.get(city)!);
  const purpose: Purpose = rng.weighted(PURPOSES);
  let kind: Kind;
  if (purpose === 'stay') kind = rng.weighted([['house', 40], ['condo', 40], ['room', 20]] as const);
  else if (purpose === 'rent') {
    kind = country === 'NP'
      ? rng.weighted([['condo', 40], ['room', 40], ['house', 20]] as const)
      : rng.weighted([['condo', 45], ['townhouse', 25], ['house', 30]] as const);
  } else {
    kind = country === 'NP'
      ? rng.weighted([['land', 35], ['house', 40], ['condo', 25]] as const)
      : rng.weighted([['house', 62], ['townhouse', 15], ['condo', 17], ['land', 6]] as const);
  }
  return { rng, key: `${SEED_LISTING_KEY_PREFIX}${String(index + 1).padStart(7, '0')}`, index, city, place, country, purpose, kind };
}

// ---- address and place ------------------------------------------------------------------------------

function address(p: Plan): ResoRecord {
  const { rng, city, place } = p;
  const lat = place.lat + rng.normal() * place.radius;
  const lng = place.lng + rng.normal() * place.radius * LNG_STRETCH[p.country];
  const located: ResoRecord = {
    City: city.name,
    StateOrProvince: city.state,
    PostalCode: place.zip,
    CountyOrParish: city.county,
    Country: city.country,
    SubdivisionName: place.name,
    Latitude: Math.round(lat * 1e6) / 1e6,
    Longitude: Math.round(lng * 1e6) / 1e6,
  };
  if (p.country === 'NP') {
    return {
      ...located,
      StreetNumber: String(rng.int(1, 420)),
      StreetName: `${place.name} ${rng.pick(['Marg', 'Sadak', 'Path', 'Tole'])}`,
    };
  }
  const unit = p.kind === 'condo' || p.kind === 'room' ? { UnitNumber: String(rng.int(1, 15) * 100 + rng.int(1, 20)) } : {};
  if (rng.chance(0.5)) {
    // The Salt Lake grid: "1387 S 1100 E".
    const northSouth = rng.chance(0.5);
    return {
      ...located,
      ...unit,
      StreetNumber: String(rng.int(100, 9_999)),
      StreetDirPrefix: northSouth ? rng.pick(['N', 'S']) : rng.pick(['E', 'W']),
      StreetName: String(rng.int(1, 99) * 100),
      StreetDirSuffix: northSouth ? rng.pick(['E', 'W']) : rng.pick(['N', 'S']),
    };
  }
  return {
    ...located,
    ...unit,
    StreetNumber: String(rng.int(100, 14_999)),
    StreetName: rng.pick(UTAH_STREET_NAMES),
    StreetSuffix: rng.pick(UTAH_STREET_SUFFIXES),
  };
}

// ---- what a home is worth ---------------------------------------------------------------------------
//
// The price model (what the home value estimate has to learn from sales, without seeing it): a home's value
// today is its city's median × its neighbourhood's level × a small smooth variation within the neighbourhood
// (a street near the park) × its type's level × size with diminishing returns (value ∝ area^0.78) × a little
// for each bathroom above two and a little less for each bedroom above three at the same size × age (0.45 % a
// year for 60 years, older than 1940 a little more) × lot (∝ lot^0.1) × garage × its condition, which no
// listing says (log-normal, σ = 5 %). At another time it is that value moved by its neighbourhood's yearly
// trend and the season (prices peak in June).

/** The living area of the city's typical home, which sells at its median price. */
const TYPICAL_AREA = { US: 2_000, NP: 2_800 } as const;
const AREA_ELASTICITY = 0.78;
const TYPE_LEVEL: Record<Kind, number> = { house: 1, townhouse: 0.9, condo: 0.92, land: 1, room: 0.35 };
const CONDITION_SIGMA = 0.05;
const PRICE_SEASON = 0.012;

interface HomeFacts {
  fields: ResoRecord;
  /** What the home is worth today, whole currency units. */
  valueToday: number;
}

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/** A street-scale variation of ±4 % inside a neighbourhood, the same for neighbours. */
const microLocation = (lat: number, lng: number) => 0.04 * Math.sin(lat * 523) * Math.cos(lng * 419);

function homeFacts(p: Plan, located: ResoRecord, nowYear: number): HomeFacts {
  const { rng, city, place, kind } = p;
  const level = city.medianPrice * place.price;
  const condition = () => Math.exp(CONDITION_SIGMA * rng.normal());
  if (kind === 'land') {
    if (p.country === 'NP') {
      const inRopani = rng.chance(0.35);
      const aana = inRopani ? rng.int(1, 4) * 16 : rng.int(3, 15);
      return {
        fields: inRopani ? { LotSizeArea: aana / 16, LotSizeUnits: 'Ropani' } : { LotSizeArea: aana, LotSizeUnits: 'Aana' },
        valueToday: (aana * level) / 10 * rng.logNormal(1, 0.12),
      };
    }
    const acres = Math.round(rng.logNormal(0.8, 0.9) * 100) / 100 + 0.1;
    return { fields: { LotSizeAcres: acres }, valueToday: level * 0.3 * Math.sqrt(acres) * rng.logNormal(1, 0.15) };
  }
  const era = kind === 'house' ? place.built : Math.max(place.built, 1975) + 12;
  const infill = rng.chance(0.06);
  const yearBuilt = infill ? rng.int(nowYear - 8, nowYear) : Math.round(clamp(era + rng.normal() * 14, 1890, nowYear));
  let beds: number;
  let area: number;
  let baths: number;
  let garage: number | null = null;
  let lot: number | null = null;
  const fields: ResoRecord = {};
  if (p.country === 'NP') {
    beds = kind === 'house' ? rng.int(3, 8) : kind === 'room' ? 1 : rng.int(1, 4);
    area = kind === 'house' ? rng.int(16, 45) * 100 : kind === 'room' ? rng.int(12, 25) * 10 : rng.int(7, 18) * 100;
    baths = Math.max(1, beds - rng.int(0, 2));
    if (kind === 'house') {
      const aana = rng.int(3, 10);
      Object.assign(fields, { LotSizeArea: aana, LotSizeUnits: 'Aana', StoriesTotal: rng.int(2, 4) });
      lot = aana * 342.25;
    }
  } else {
    if (kind === 'house') {
      beds = rng.weighted([[2, 1], [3, 4], [4, 5], [5, 3], [6, 1]] as const);
      area = roundTo((beds * 520 + 250) * rng.logNormal(1, 0.16) * (yearBuilt < 1950 ? 0.88 : yearBuilt > 2000 ? 1.08 : 1), 10);
      lot = roundTo(rng.logNormal(yearBuilt > 1995 ? 7_000 : 8_800, 0.35), 10);
      garage = yearBuilt < 1960 ? rng.weighted([[0, 2], [1, 4], [2, 4]] as const) : rng.weighted([[1, 1], [2, 6], [3, 3]] as const);
    } else if (kind === 'townhouse') {
      beds = rng.int(2, 4);
      area = roundTo((beds * 450 + 300) * rng.logNormal(1, 0.12), 10);
      garage = rng.int(1, 2);
    } else if (kind === 'condo') {
      beds = rng.int(1, 3);
      area = roundTo((beds * 420 + 250) * rng.logNormal(1, 0.15), 10);
      garage = rng.int(0, 1);
    } else {
      beds = 1;
      area = rng.int(15, 30) * 10;
    }
    baths = kind === 'room' ? 1 : clamp(Math.round(area / 900 + 0.45 * rng.normal()), 1, beds + 1);
    const hoa =
      kind === 'condo' ? rng.int(18, 45) * 10 : kind === 'townhouse' ? rng.int(10, 30) * 10 : rng.chance(0.3) ? rng.int(3, 9) * 10 : null;
    Object.assign(fields, {
      GarageSpaces: garage ?? 0,
      StoriesTotal: kind === 'condo' ? 1 : rng.int(1, 3),
      ...(lot !== null ? { LotSizeSquareFeet: lot } : {}),
      ...(hoa !== null ? { AssociationFee: hoa, AssociationFeeFrequency: 'Monthly' } : {}),
      Heating: ['Forced Air', 'Natural Gas'],
      Cooling: [rng.pick(['Central Air', 'Evaporative Cooler'])],
    });
  }
  const age = clamp(nowYear - yearBuilt, 0, 60);
  let value = level * TYPE_LEVEL[kind] * (area / TYPICAL_AREA[p.country]) ** AREA_ELASTICITY;
  value *= 1.03 ** (baths - 2) * 0.985 ** (beds - 3);
  value *= Math.exp(-0.0045 * age) * (yearBuilt < 1940 ? 1.07 : 1);
  if (lot !== null) value *= (lot / 8_000) ** 0.1;
  if (garage !== null) value *= 1.015 ** (garage - 2);
  value *= Math.exp(microLocation(Number(located.Latitude), Number(located.Longitude))) * condition();
  return {
    fields: {
      BedroomsTotal: beds,
      BathroomsTotalInteger: baths,
      LivingArea: area,
      LivingAreaUnits: 'Square Feet',
      YearBuilt: yearBuilt,
      ...fields,
    },
    valueToday: value,
  };
}

/** Where in the seasons a day is: 1 in mid-June, −1 in mid-December. */
const season = (t: number) => Math.cos((2 * Math.PI * ((t / DAY) % 365.25 - 166)) / 365.25);

/** The home's value at time t: today's moved back by its neighbourhood's trend and the season. */
const valueAt = (p: Plan, today: number, t: number, now: number) =>
  today * Math.exp(p.place.trend * ((t - now) / YEAR) + PRICE_SEASON * (season(t) - season(now)));

function rentPrice(p: Plan, salePrice: number): number {
  if (p.country === 'NP') {
    const base = p.kind === 'room' ? p.rng.int(8, 25) * 1_000 : p.kind === 'condo' ? p.rng.int(25, 90) * 1_000 : p.rng.int(60, 200) * 1_000;
    return base;
  }
  return roundTo(salePrice * 0.0045 * p.rng.logNormal(1, 0.12), 25);
}

function stayPrice(p: Plan): number {
  if (p.country === 'NP') return p.rng.int(25, 120) * 100;
  const base = p.city.name === 'Park City' ? 320 : 130;
  return roundTo(base * p.rng.logNormal(1, 0.35) * (p.kind === 'room' ? 0.5 : 1), 5);
}

// ---- the market: when homes are listed, how long they take, what they sell for ----------------------
//
// Every home for sale is listed on a day of the last HISTORY_MONTHS months, more in spring than in winter
// (LISTING_SEASON) and a little more each year (VOLUME_GROWTH); its whole life is drawn (coming soon, price
// cuts, an accepted offer, the close, or expired, withdrawn, canceled) and cut at today: a home whose life
// goes past today is on the market now, with the status it has today. Since every day of the window is
// equally likely (up to the season), the homes for sale at any month's end are about as many as today's: the
// inventory is steady, and what changes from year to year is what the market does.
//
// A seller asks its value at listing × e^N(2.5 %, 3.5 %). An overpriced home takes longer (days to an offer
// × e^(6 × overpricing above 2 %)), is cut by 2–5 % every few weeks while it sits above its value, and expires
// more often; it sells for its value on the day it closes (±1.5 %), between 88 % and 105 % of its last price.

export const HISTORY_MONTHS = 42;
const WINDOW_DAYS = Math.round(HISTORY_MONTHS * 30.44);
const YEAR = 365.25 * DAY;
/** New listings by month (January first), relative. */
const LISTING_SEASON = [0.7, 0.82, 1.05, 1.2, 1.3, 1.25, 1.12, 1.05, 0.98, 0.9, 0.75, 0.58];
const BUSIEST = Math.max(...LISTING_SEASON);
/** Days to an accepted offer, relative, by the month the home goes on the market. */
const SELLING_SEASON = [1.4, 1.25, 1, 0.85, 0.8, 0.85, 0.95, 1, 1.05, 1.15, 1.3, 1.45];
const MEDIAN_DAYS_TO_OFFER = { US: 24, NP: 45 } as const;
const VOLUME_GROWTH = 0.03;
const ASKING_PREMIUM = 0.025;
const ASKING_SIGMA = 0.035;

/** A day of the window, weighted by the season and the growth of the market (whole days before `now`). */
function listingDay(rng: Random, now: number): number {
  for (;;) {
    const daysAgo = 1 + Math.floor(rng.next() * WINDOW_DAYS);
    const day = now - daysAgo * DAY;
    const weight = (LISTING_SEASON[new Date(day).getUTCMonth()]! / BUSIEST) * Math.pow(1 + VOLUME_GROWTH, -daysAgo / 365.25);
    if (rng.next() < weight) return day;
  }
}

interface HistoryEvent {
  Event: 'listed' | 'price_change' | 'status_change';
  StandardStatus: string;
  Price: number;
  Timestamp: string;
}

interface Lifecycle {
  status: string;
  listPrice: number;
  listDate: number;
  history: HistoryEvent[];
  closePrice?: number;
  closeDate?: number;
  daysOnMarket: number;
  lastChange: number;
}

/** Hours into the day an event happened, so events of one listing never tie. */
const at = (rng: Random, day: number) => day + rng.int(9 * 60, 19 * 60) * 60_000;

interface TimedEvent {
  event: HistoryEvent['Event'];
  status: string;
  price: number;
  t: number;
}

const ON_MARKET = new Set(['Active', 'Active Under Contract', 'Coming Soon', 'Pending']);

/** The life of a home for sale, as far as today has got. */
function saleLife(p: Plan, valueToday: number, now: number, step: number): Lifecycle {
  const { rng } = p;
  const value = (t: number) => valueAt(p, valueToday, t, now);
  const listDay = listingDay(rng, now);
  const comingSoonDays = rng.chance(0.1) ? rng.int(3, 10) : 0;
  const activeDay = listDay + comingSoonDays * DAY;
  let price = roundTo(value(activeDay) * Math.exp(ASKING_PREMIUM + ASKING_SIGMA * rng.normal()), step);
  const over = price / value(activeDay) - 1;
  const median = MEDIAN_DAYS_TO_OFFER[p.country] * SELLING_SEASON[new Date(activeDay).getUTCMonth()]! * Math.exp(6 * Math.max(0, over - 0.02));
  const daysToOffer = Math.max(1, Math.round(rng.logNormal(median, 0.75)));
  const expires = Math.min(0.35, 0.05 + 1.5 * Math.max(0, over - 0.03));
  const outcome = rng.weighted([['Closed', 0.93 - expires], ['Expired', expires], ['Withdrawn', 0.045], ['Canceled', 0.025]] as const);
  const end = activeDay + (outcome === 'Closed' ? daysToOffer : outcome === 'Expired' ? rng.int(90, 180) : rng.int(14, 120)) * DAY;

  const events: TimedEvent[] = [{ event: 'listed', status: comingSoonDays ? 'Coming Soon' : 'Active', price, t: at(rng, listDay) }];
  if (comingSoonDays) events.push({ event: 'status_change', status: 'Active', price, t: at(rng, activeDay) });
  // Cuts while it sits above its value.
  for (let cut = activeDay + rng.int(14, 28) * DAY; cut < end - 3 * DAY; cut += rng.int(21, 45) * DAY) {
    if (price / value(cut) < 1.005 || !rng.chance(0.65)) break;
    price = roundTo(price * (1 - rng.int(2, 5) / 100), step);
    events.push({ event: 'price_change', status: 'Active', price, t: at(rng, cut) });
  }
  let offerAt: number | null = null;
  let closeDay: number | null = null;
  let closePrice: number | null = null;
  if (outcome === 'Closed') {
    offerAt = at(rng, end);
    if (rng.chance(0.15)) {
      events.push({ event: 'status_change', status: 'Active Under Contract', price, t: offerAt });
      events.push({ event: 'status_change', status: 'Pending', price, t: offerAt + rng.int(3, 10) * DAY });
    } else {
      events.push({ event: 'status_change', status: 'Pending', price, t: offerAt });
    }
    closeDay = Math.floor(events.at(-1)!.t / DAY) * DAY + rng.int(21, 40) * DAY;
    const ratio = clamp((value(closeDay) * Math.exp(0.015 * rng.normal())) / price, 0.88, 1.05);
    closePrice = roundTo(price * ratio, step);
    events.push({ event: 'status_change', status: 'Closed', price: closePrice, t: closeDay });
  } else {
    events.push({ event: 'status_change', status: outcome, price, t: at(rng, end) });
  }

  // Today: what has happened so far.
  const past = events.filter((e) => e.t <= now);
  const last = past.at(-1)!;
  const listPrice = past.findLast((e) => e.status !== 'Closed')!.price;
  const closed = last.status === 'Closed';
  const contracted = offerAt !== null && offerAt <= now;
  const daysOnMarket = contracted ? daysToOffer : ON_MARKET.has(last.status) ? Math.max(0, Math.floor((now - activeDay) / DAY)) : Math.round((end - activeDay) / DAY);
  return {
    status: last.status,
    listPrice,
    listDate: listDay,
    history: past.map((e) => ({ Event: e.event, StandardStatus: e.status, Price: e.price, Timestamp: iso(e.t) })),
    ...(closed ? { closePrice: closePrice!, closeDate: closeDay! } : {}),
    daysOnMarket,
    lastChange: Math.min(closed ? last.t + rng.int(1, 48) * 3_600_000 : last.t, now - 60_000),
  };
}

/** On the market now, listed a log-normal number of days ago around `medianDays`. */
function listedNow(rng: Random, price: number, now: number, medianDays: number): Lifecycle {
  const dom = Math.min(365, Math.floor(rng.logNormal(medianDays, 0.9)));
  const listDay = now - (dom + 1) * DAY;
  const listed = at(rng, listDay);
  return {
    status: 'Active',
    listPrice: price,
    listDate: listDay,
    history: [{ Event: 'listed', StandardStatus: 'Active', Price: price, Timestamp: iso(listed) }],
    daysOnMarket: dom,
    lastChange: Math.min(listed, now - 60_000),
  };
}

/** A rental: most are on the market now; the others were leased, or taken off, in the window. */
function rentLife(p: Plan, price: number, now: number): Lifecycle {
  const { rng } = p;
  if (rng.chance(CURRENT_RENTALS)) return listedNow(rng, price, now, 18);
  const outcome = rng.weighted([['Closed', 85], ['Expired', 8], ['Withdrawn', 4], ['Canceled', 3]] as const);
  const dom = Math.min(200, Math.floor(rng.logNormal(14, 0.8)));
  const offMarketDays = outcome === 'Closed' ? dom + rng.int(3, 14) : rng.int(60, 180);
  const listDay = now - rng.int(offMarketDays + 2, WINDOW_DAYS) * DAY;
  const end = outcome === 'Closed' ? listDay + offMarketDays * DAY : at(rng, listDay + offMarketDays * DAY);
  return {
    status: outcome,
    listPrice: price,
    listDate: listDay,
    history: [
      { Event: 'listed', StandardStatus: 'Active', Price: price, Timestamp: iso(at(rng, listDay)) },
      { Event: 'status_change', StandardStatus: outcome, Price: price, Timestamp: iso(end) },
    ],
    ...(outcome === 'Closed' ? { closePrice: price, closeDate: end } : {}),
    daysOnMarket: outcome === 'Closed' ? dom : offMarketDays,
    lastChange: Math.min(end + rng.int(1, 48) * 3_600_000, now - 60_000),
  };
}

// ---- open houses, photos, remarks, stays ------------------------------------------------------------

function openHouses(p: Plan, timeZone: string, now: number): ResoRecord[] {
  const { rng, key } = p;
  const out: ResoRecord[] = [];
  const count = rng.int(1, 2);
  for (let k = 0; k < count; k++) {
    // Weekends within the spec's 18-day open-house horizon, sometimes one that already happened.
    const past = k === 0 && rng.chance(0.3);
    const offset = past ? -rng.int(1, 21) : rng.int(1, 18);
    let day = now + offset * DAY;
    while (![0, 6].includes(new Date(day).getUTCDay())) day += past ? -DAY : DAY;
    const startHour = rng.pick([10, 11, 13, 14]);
    const start = zonedTime(day, startHour, rng.pick([0, 30]), timeZone);
    const virtual = rng.chance(0.1);
    out.push({
      OpenHouseKey: `${key}-OH${k + 1}`,
      OpenHouseStartTime: iso(start),
      OpenHouseEndTime: iso(start + rng.int(2, 4) * 30 * 60_000),
      OpenHouseStatus: past ? 'Ended' : rng.chance(0.05) ? 'Canceled' : 'Active',
      OpenHouseType: 'Public',
      ...(virtual ? { VirtualOpenHouseURL: `https://example.com/live/${key.toLowerCase()}` } : {}),
    });
  }
  return out;
}

function media(p: Plan): ResoRecord[] {
  const captions = PHOTO_CAPTIONS[p.kind];
  const count = p.kind === 'land' ? p.rng.int(1, 2) : p.rng.int(3, captions.length);
  return Array.from({ length: count }, (_, i) => ({
    MediaKey: `${p.key}-M${i + 1}`,
    MediaCategory: 'Photo',
    Order: i + 1,
    MediaURL: `/media/listing/${p.key}/${i + 1}.svg`,
    ShortDescription: captions[i],
  }));
}

function remarks(p: Plan, fields: ResoRecord, neighbourhood: string): string {
  const { rng, kind } = p;
  const features: readonly string[] = p.country === 'NP' ? NEPAL_FEATURES : FEATURES;
  const one = rng.pick(features);
  let two = rng.pick(features);
  if (two === one) two = features[(features.indexOf(one) + 1) % features.length]!;
  const what =
    kind === 'land'
      ? `${p.country === 'NP' ? `${fields.LotSizeArea} ${String(fields.LotSizeUnits).toLowerCase()}` : `${fields.LotSizeAcres} acre`} plot`
      : kind === 'room'
        ? 'private room'
        : `${fields.BedroomsTotal}-bedroom ${kind === 'condo' ? (p.country === 'NP' ? 'apartment' : 'condo') : kind}`;
  const adjective = rng.pick(['Bright', 'Spacious', 'Charming', 'Well-kept', 'Sunny', 'Cozy', 'Modern']);
  return `${adjective} ${what} in ${neighbourhood}. ${one}. ${two}.`;
}

function availability(p: Plan, nightly: number, now: number): ResoRecord[] {
  const { rng } = p;
  const minNights = rng.int(1, 3);
  const maxNights = rng.pick([14, 21, 30]);
  const days: ResoRecord[] = [];
  let booked = 0;
  for (let d = 0; d < 90; d++) {
    if (booked === 0 && rng.chance(0.12)) booked = rng.int(2, 6);
    const available = booked === 0;
    if (booked > 0) booked--;
    const weekend = [5, 6].includes(new Date(now + d * DAY).getUTCDay());
    days.push({
      Date: isoDate(now + d * DAY),
      Available: available,
      AvailableForCheckin: available,
      AvailableForCheckout: available || (days[d - 1]?.Available as boolean | undefined) === true,
      MinNights: minNights,
      MaxNights: maxNights,
      NightlyPrice: weekend ? roundTo(nightly * 1.2, 5) : nightly,
    });
  }
  return days;
}

// ---- one record -------------------------------------------------------------------------------------

interface Market {
  now: number;
  nowYear: number;
  agents: Record<'US' | 'NP', Agent[]>;
  places: Map<City, Place[]>;
}

function record(seed: number, index: number, market: Market): ResoRecord {
  const { now } = market;
  const p = plan(seed, index, market);
  const { rng, country, purpose, kind, key } = p;
  const place = address(p);
  const { fields, valueToday } = homeFacts(p, place, market.nowYear);
  const step = country === 'NP' ? (purpose === 'sale' ? 100_000 : 500) : purpose === 'sale' ? 1_000 : 5;
  const life =
    purpose === 'sale'
      ? saleLife(p, valueToday, now, step)
      : purpose === 'rent'
        ? rentLife(p, rentPrice(p, valueToday), now)
        : listedNow(rng, stayPrice(p), now, 40);
  const current = ON_MARKET.has(life.status);
  const agent = rng.pick(market.agents[country]);
  const timeZone = TIME_ZONE[country];
  const neighbourhood = String(place.SubdivisionName);
  const nepaliRental = country === 'NP' && purpose !== 'sale';

  const propertyType = kind === 'land' ? 'Land' : purpose === 'sale' ? 'Residential' : 'Residential Lease';
  const r: ResoRecord = {
    ListingKey: key,
    ListingId: country === 'US' ? String(2_000_000 + index) : `KTM${100_000 + index}`,
    OriginatingSystemName: SEED_SYSTEM_NAME,
    StandardStatus: life.status,
    PropertyType: propertyType,
    PropertySubType: SUB_TYPES[kind],
    ListPrice: life.listPrice,
    CurrencyCode: country === 'NP' ? 'NPR' : 'USD',
    ...fields,
    ...place,
    PublicRemarks: remarks(p, fields, neighbourhood),
    ListingContractDate: isoDate(life.listDate),
    DaysOnMarket: life.daysOnMarket,
    ModificationTimestamp: iso(life.lastChange),
    ListAgentFullName: agent.name,
    ListAgentKey: agent.key,
    ListAgentDirectPhone: agent.phone,
    ListAgentEmail: agent.email,
    ListOfficeName: agent.officeName,
    ListOfficeKey: agent.officeKey,
    ListOfficePhone: agent.officePhone,
    InternetEntireListingDisplayYN: !rng.chance(0.005),
    InternetAddressDisplayYN: !rng.chance(0.01),
    Media: media(p),
    HRT_History: life.history,
  };
  if (life.closePrice !== undefined && life.closeDate !== undefined) {
    r.ClosePrice = life.closePrice;
    r.CloseDate = isoDate(life.closeDate);
  }
  if (purpose === 'rent') {
    r.LeaseAmountFrequency = 'Monthly';
    r.LeaseTerm = rng.pick(['12 Months', '6 Months', 'Month To Month']);
    r.Furnished = rng.pick(['Furnished', 'Unfurnished', 'Partially']);
    r.AvailabilityDate = isoDate(life.listDate + rng.int(0, 30) * DAY);
  }
  if (purpose === 'stay') {
    r.HRT_Classification = 'stay';
    r.HRT_MaxGuests = kind === 'room' ? 2 : rng.int(2, 10);
    r.HRT_RoomType = kind === 'room' ? 'Private room' : 'Entire home';
    r.HRT_Availability = availability(p, life.listPrice, now);
    if (country === 'NP') r.HRT_FoodIncluded = rng.chance(0.5);
  }
  if (nepaliRental && purpose === 'rent') {
    r.HRT_RoomType = kind === 'room' ? rng.pick(['Single room', 'Shared room']) : kind === 'condo' ? 'Entire flat' : 'Entire house';
    r.HRT_TenantType = rng.pick(['Family', 'Individual', 'Group']);
    r.HRT_TenantGenderPreference = rng.pick(['Any', 'Any', 'Female only', 'Male only']);
    r.HRT_PreferredTenant = rng.pick(['Family', 'Students', 'Working professionals', 'Any']);
    r.HRT_FoodIncluded = kind === 'room' && rng.chance(0.4);
  }
  if (current && purpose === 'sale' && kind !== 'land' && life.status === 'Active' && rng.chance(0.18)) {
    r.OpenHouse = openHouses(p, timeZone, now);
  }
  if (current && rng.chance(0.08)) r.VirtualTourURLUnbranded = `https://example.com/tours/${key.toLowerCase()}`;
  if (current && purpose === 'sale' && rng.chance(0.02)) {
    r.HRT_Featured = true;
    r.HRT_ShowcaseOverview = `A standout ${SUB_TYPES[kind].toLowerCase()} in ${neighbourhood}, presented by ${agent.officeName}.`;
  }
  if (country === 'US' && kind !== 'land') {
    r.InteriorFeatures = rng.chance(0.5) ? ['Walk-In Closet', 'Vaulted Ceilings'] : ['Kitchen Island'];
    if (kind === 'condo') r.AssociationAmenities = rng.pick([['Fitness Center', 'Pool'], ['Clubhouse'], ['Elevator', 'Fitness Center']]);
  }
  return r;
}

/** The records, `batchSize` at a time (100,000 records at once would hold too much memory). */
export function* generateListingRecords(options: GenerateOptions, batchSize = 2_000): Generator<ResoRecord[]> {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = startOfUtcDay(options.now ?? new Date()).getTime();
  const market: Market = {
    now,
    nowYear: new Date(now).getUTCFullYear(),
    agents: { US: makeAgents(seed, 'US', 120), NP: makeAgents(seed, 'NP', 30) },
    places: placesOf(seed, [...WASATCH_CITIES, ...KATHMANDU_CITIES]),
  };
  for (let start = 0; start < options.listings; start += batchSize) {
    const end = Math.min(options.listings, start + batchSize);
    const batch: ResoRecord[] = [];
    for (let i = start; i < end; i++) batch.push(record(seed, i, market));
    yield batch;
  }
}
