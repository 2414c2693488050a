/**
 * Deterministic RESO `Property` records for demos and benchmarks: listings around the Wasatch Front
 * (USD) and the Kathmandu valley (NPR), with three years of market history. Record i depends only on
 * (seed, i, now), so `--listings 100000` starts with the same records as the default run.
 */
import { Random } from './random';
import {
  FIRST_NAMES,
  KATHMANDU_BROKERAGES,
  KATHMANDU_CITIES,
  LAST_NAMES,
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
  /** Listing rows in total: about 62% on the market now, the rest sold, leased or off market in the last three years. */
  listings: number;
  seed?: number;
  /** The day the data is "as of" (default: today, 00:00 UTC, so a day's runs are identical). */
  now?: Date;
}

export const DEFAULT_SEED = 20_261_121;
export const SEED_LISTING_KEY_PREFIX = 'SEED-';
export const SEED_SYSTEM_NAME = 'Hearth Demo MLS';

const DAY = 86_400_000;
const HISTORY_DAYS = 3 * 365;
/** Yearly price growth: older sales are cheaper, so year-over-year figures mean something. */
const YEARLY_APPRECIATION = 0.045;
const CURRENT_SHARE = 0.62;
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

interface Plan {
  rng: Random;
  key: string;
  index: number;
  city: City;
  country: 'US' | 'NP';
  current: boolean;
  purpose: Purpose;
  kind: Kind;
}

function plan(seed: number, index: number): Plan {
  const rng = Random.for(seed, index);
  const country = rng.chance(WASATCH_SHARE) ? 'US' : 'NP';
  const cities = country === 'US' ? WASATCH_CITIES : KATHMANDU_CITIES;
  const city = rng.weighted(cities.map((c) => [c, c.weight] as const));
  const current = rng.chance(CURRENT_SHARE);
  const purpose: Purpose = current
    ? rng.weighted([['sale', 78], ['rent', 18], ['stay', 4]] as const)
    : rng.weighted([['sale', 85], ['rent', 15]] as const);
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
  return { rng, key: `${SEED_LISTING_KEY_PREFIX}${String(index + 1).padStart(7, '0')}`, index, city, country, current, purpose, kind };
}

// ---- address and place ------------------------------------------------------------------------------

function address(p: Plan): ResoRecord {
  const { rng, city } = p;
  const lat = city.lat + rng.normal() * city.spread;
  const lng = city.lng + rng.normal() * city.spread * 1.2;
  const zip = rng.pick(city.zips);
  const neighbourhood = rng.pick(city.neighbourhoods);
  const place: ResoRecord = {
    City: city.name,
    StateOrProvince: city.state,
    PostalCode: zip,
    CountyOrParish: city.county,
    Country: city.country,
    SubdivisionName: neighbourhood,
    Latitude: Math.round(lat * 1e6) / 1e6,
    Longitude: Math.round(lng * 1e6) / 1e6,
  };
  if (p.country === 'NP') {
    return {
      ...place,
      StreetNumber: String(rng.int(1, 420)),
      StreetName: `${neighbourhood} ${rng.pick(['Marg', 'Sadak', 'Path', 'Tole'])}`,
    };
  }
  const unit = p.kind === 'condo' || p.kind === 'room' ? { UnitNumber: String(rng.int(1, 15) * 100 + rng.int(1, 20)) } : {};
  if (rng.chance(0.5)) {
    // The Salt Lake grid: "1387 S 1100 E".
    const northSouth = rng.chance(0.5);
    return {
      ...place,
      ...unit,
      StreetNumber: String(rng.int(100, 9_999)),
      StreetDirPrefix: northSouth ? rng.pick(['N', 'S']) : rng.pick(['E', 'W']),
      StreetName: String(rng.int(1, 99) * 100),
      StreetDirSuffix: northSouth ? rng.pick(['E', 'W']) : rng.pick(['N', 'S']),
    };
  }
  return {
    ...place,
    ...unit,
    StreetNumber: String(rng.int(100, 14_999)),
    StreetName: rng.pick(UTAH_STREET_NAMES),
    StreetSuffix: rng.pick(UTAH_STREET_SUFFIXES),
  };
}

// ---- size, rooms, price -----------------------------------------------------------------------------

interface Size {
  fields: ResoRecord;
  /** The sale price at today's level, whole currency units. */
  salePrice: number;
}

const NEW_BUILD_CITIES = new Set(['Lehi', 'Herriman', 'South Jordan', 'Riverton', 'Draper']);

function size(p: Plan): Size {
  const { rng, city, kind } = p;
  const priceNoise = () => rng.logNormal(1, 0.28);
  if (p.country === 'NP') {
    if (kind === 'land') {
      const inRopani = rng.chance(0.35);
      const aana = inRopani ? rng.int(1, 4) * 16 : rng.int(3, 15);
      const perAana = (city.medianPrice / 10) * priceNoise();
      return {
        fields: inRopani ? { LotSizeArea: aana / 16, LotSizeUnits: 'Ropani' } : { LotSizeArea: aana, LotSizeUnits: 'Aana' },
        salePrice: roundTo(aana * perAana, 100_000),
      };
    }
    const beds = kind === 'house' ? rng.int(3, 8) : kind === 'room' ? 1 : rng.int(1, 4);
    const area = kind === 'house' ? rng.int(16, 45) * 100 : kind === 'room' ? rng.int(12, 25) * 10 : rng.int(7, 18) * 100;
    const factor = kind === 'house' ? 1 : 0.4;
    return {
      fields: {
        BedroomsTotal: beds,
        BathroomsTotalInteger: Math.max(1, beds - rng.int(0, 2)),
        LivingArea: area,
        LivingAreaUnits: 'Square Feet',
        ...(kind === 'house' ? { LotSizeArea: rng.int(3, 10), LotSizeUnits: 'Aana', StoriesTotal: rng.int(2, 4) } : {}),
        YearBuilt: rng.int(1995, 2025),
      },
      salePrice: roundTo(city.medianPrice * factor * (area / (kind === 'house' ? 2800 : 1100)) * priceNoise(), 100_000),
    };
  }
  if (kind === 'land') {
    const acres = Math.round(rng.logNormal(0.8, 0.9) * 100) / 100 + 0.1;
    return { fields: { LotSizeAcres: acres }, salePrice: roundTo(city.medianPrice * 0.3 * Math.sqrt(acres) * priceNoise(), 1_000) };
  }
  const newish = NEW_BUILD_CITIES.has(city.name);
  const yearBuilt = newish ? rng.int(1985, 2025) : rng.weighted([[rng.int(1905, 1949), 2], [rng.int(1950, 1999), 5], [rng.int(2000, 2025), 3]] as const);
  const beds = kind === 'house' ? rng.weighted([[2, 1], [3, 4], [4, 5], [5, 3], [6, 1]] as const) : kind === 'townhouse' ? rng.int(2, 4) : kind === 'room' ? 1 : rng.int(1, 3);
  const baths = Math.max(1, beds - rng.int(0, 1) - (kind === 'house' ? 0 : 1));
  const area = kind === 'room' ? rng.int(15, 30) * 10 : roundTo(beds * (kind === 'house' ? 620 : 520) * rng.logNormal(1, 0.18), 10);
  const typeFactor = kind === 'house' ? 1 : kind === 'townhouse' ? 0.74 : 0.6;
  const hoa =
    kind === 'condo' ? rng.int(18, 45) * 10 : kind === 'townhouse' ? rng.int(10, 30) * 10 : rng.chance(0.3) ? rng.int(3, 9) * 10 : null;
  return {
    fields: {
      BedroomsTotal: beds,
      BathroomsTotalInteger: baths,
      LivingArea: area,
      LivingAreaUnits: 'Square Feet',
      YearBuilt: yearBuilt,
      GarageSpaces: kind === 'house' ? rng.weighted([[1, 2], [2, 6], [3, 2]] as const) : kind === 'townhouse' ? rng.int(1, 2) : rng.int(0, 1),
      StoriesTotal: kind === 'condo' ? 1 : rng.int(1, 3),
      ...(kind === 'house' ? { LotSizeSquareFeet: roundTo(rng.logNormal(8_500, 0.45), 10) } : {}),
      ...(hoa !== null ? { AssociationFee: hoa, AssociationFeeFrequency: 'Monthly' } : {}),
      Heating: ['Forced Air', 'Natural Gas'],
      Cooling: [rng.pick(['Central Air', 'Evaporative Cooler'])],
    },
    salePrice: roundTo(city.medianPrice * typeFactor * (area / (beds * 600)) ** 0.6 * priceNoise(), 1_000),
  };
}

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

/** The price level at time t relative to today. */
const priceLevel = (t: number, now: number) => Math.pow(1 + YEARLY_APPRECIATION, -(now - t) / (365 * DAY));

// ---- market history ---------------------------------------------------------------------------------

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

function lifecycle(p: Plan, todayPrice: number, now: number, step: number): Lifecycle {
  const { rng } = p;
  const events: HistoryEvent[] = [];
  const push = (Event: HistoryEvent['Event'], StandardStatus: string, Price: number, t: number) =>
    events.push({ Event, StandardStatus, Price, Timestamp: iso(t) });

  if (p.current) {
    const status =
      p.purpose === 'sale'
        ? rng.weighted([['Active', 80], ['Active Under Contract', 5], ['Pending', 11], ['Coming Soon', 4]] as const)
        : 'Active';
    const dom = status === 'Coming Soon' ? rng.int(0, 6) : Math.min(365, Math.floor(rng.logNormal(24, 0.9)));
    const listDay = now - (dom + 1) * DAY;
    const listed = at(rng, listDay);
    let price = todayPrice;
    const dropped = p.purpose === 'sale' && status !== 'Coming Soon' && dom > 20 && rng.chance(0.35);
    const firstPrice = dropped ? roundTo(price * (1 + rng.int(2, 6) / 100), step) : price;
    push('listed', status === 'Coming Soon' ? 'Coming Soon' : 'Active', firstPrice, listed);
    let last = listed;
    if (dropped) {
      last = at(rng, listDay + rng.int(14, dom) * DAY);
      push('price_change', 'Active', price, last);
    }
    price = dropped ? price : firstPrice;
    if (status === 'Pending' || status === 'Active Under Contract') {
      last = Math.max(last + DAY, at(rng, now - rng.int(1, 10) * DAY));
      push('status_change', status, price, last);
    }
    return { status, listPrice: price, listDate: listDay, history: events, daysOnMarket: dom, lastChange: Math.min(last, now - 60_000) };
  }

  // Off the market now: sold (or leased), expired, withdrawn or cancelled in the last three years.
  const outcome = rng.weighted([['Closed', 85], ['Expired', 8], ['Withdrawn', 4], ['Canceled', 3]] as const);
  const dom = Math.min(200, Math.floor(rng.logNormal(p.purpose === 'rent' ? 14 : 28, 0.8)));
  const toClose = p.purpose === 'rent' ? rng.int(3, 14) : rng.int(20, 45);
  const offMarketDays = outcome === 'Closed' ? dom + toClose : rng.int(60, 180);
  const listDay = now - rng.int(offMarketDays + 2, HISTORY_DAYS) * DAY;
  const level = priceLevel(listDay, now);
  let price = roundTo(todayPrice * level, step);
  push('listed', 'Active', price, at(rng, listDay));
  if (p.purpose === 'sale' && dom > 20 && rng.chance(0.4)) {
    price = roundTo(price * (1 - rng.int(2, 6) / 100), step);
    push('price_change', 'Active', price, at(rng, listDay + rng.int(10, dom) * DAY));
  }
  if (outcome !== 'Closed') {
    const end = at(rng, listDay + offMarketDays * DAY);
    push('status_change', outcome, price, end);
    return { status: outcome, listPrice: price, listDate: listDay, history: events, daysOnMarket: offMarketDays, lastChange: end };
  }
  const pending = at(rng, listDay + dom * DAY);
  if (p.purpose === 'sale') push('status_change', 'Pending', price, pending);
  const closeDay = listDay + (dom + toClose) * DAY;
  const closePrice = p.purpose === 'sale' ? roundTo(price * (0.95 + rng.next() * 0.08), step) : price;
  push('status_change', 'Closed', closePrice, closeDay);
  return {
    status: 'Closed',
    listPrice: price,
    listDate: listDay,
    history: events,
    closePrice,
    closeDate: closeDay,
    daysOnMarket: dom,
    lastChange: closeDay + rng.int(1, 48) * 3_600_000,
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

function record(seed: number, index: number, now: number, agents: Record<'US' | 'NP', Agent[]>): ResoRecord {
  const p = plan(seed, index);
  const { rng, country, purpose, kind, key } = p;
  const place = address(p);
  const { fields, salePrice } = size(p);
  const step = country === 'NP' ? (purpose === 'sale' ? 100_000 : 500) : purpose === 'sale' ? 1_000 : 5;
  const todayPrice = purpose === 'sale' ? salePrice : purpose === 'rent' ? rentPrice(p, salePrice) : stayPrice(p);
  const life = lifecycle(p, todayPrice, now, step);
  const agent = rng.pick(agents[country]);
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
    r.HRT_Availability = availability(p, todayPrice, now);
    if (country === 'NP') r.HRT_FoodIncluded = rng.chance(0.5);
  }
  if (nepaliRental && purpose === 'rent') {
    r.HRT_RoomType = kind === 'room' ? rng.pick(['Single room', 'Shared room']) : kind === 'condo' ? 'Entire flat' : 'Entire house';
    r.HRT_TenantType = rng.pick(['Family', 'Individual', 'Group']);
    r.HRT_TenantGenderPreference = rng.pick(['Any', 'Any', 'Female only', 'Male only']);
    r.HRT_PreferredTenant = rng.pick(['Family', 'Students', 'Working professionals', 'Any']);
    r.HRT_FoodIncluded = kind === 'room' && rng.chance(0.4);
  }
  if (p.current && purpose === 'sale' && kind !== 'land' && life.status === 'Active' && rng.chance(0.18)) {
    r.OpenHouse = openHouses(p, timeZone, now);
  }
  if (p.current && rng.chance(0.08)) r.VirtualTourURLUnbranded = `https://example.com/tours/${key.toLowerCase()}`;
  if (p.current && purpose === 'sale' && rng.chance(0.02)) {
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
  const agents = { US: makeAgents(seed, 'US', 120), NP: makeAgents(seed, 'NP', 30) };
  for (let start = 0; start < options.listings; start += batchSize) {
    const end = Math.min(options.listings, start + batchSize);
    const batch: ResoRecord[] = [];
    for (let i = start; i < end; i++) batch.push(record(seed, i, now, agents));
    yield batch;
  }
}
