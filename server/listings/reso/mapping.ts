/**
 * RESO Property → a Hearth listing row (the table of docs/reso.md is this file in prose).
 * Pure: no database, no clock. The same record always maps to the same listing.
 */
import type { StayDayRules } from '../../../core/stays/stay-rules';
import type { Amenity, Classification, ListingFacts, ListingPhoto } from '../search/listing';
import { hilbertKey } from '../spatial';
import type { OpenHouseRecord, PropertyRecord, StandardStatus } from './record';
import { AREA_UNITS } from './record';

export type AreaUnit = 'sqft' | 'sqm' | 'acres' | 'ropani' | 'aana';

/** Every listings column the importer writes, in the listing's own words. */
export interface ListingInput extends ListingFacts {
  listingKey: string;
  status: StandardStatus;
  title: string;
  streetLine1: string;
  streetNumber: string | null;
  streetName: string | null;
  unitNumber: string | null;
  city: string;
  stateProvince: string;
  postalCode: string;
  county: string | null;
  spatialKey: number | null;
  areaUnit: AreaUnit | null;
  lotSizeUnit: AreaUnit | null;
  lotSizeSqFt: number | null;
  daysOnMarket: number | null;
  closeDate: string | null;
  closePriceInPennies: number | null;
  /** From PreviousListPrice / PriceChangeTimestamp when the feed gives them. */
  previousPriceInPennies: number | null;
  priceChangedAt: Date | null;
  modificationTimestamp: Date;
  internetEntireListingDisplay: boolean;
  internetAddressDisplay: boolean;
  locationData: Record<string, unknown>;
  buildingData: Record<string, unknown>;
  listAgentKey: string | null;
  listOfficeKey: string | null;
}

export interface OpenHouseInput {
  sourceKey: string;
  startAt: Date;
  endAt: Date;
  isActive: boolean;
  isVirtual: boolean;
  virtualUrl: string | null;
  remarks: string | null;
}

export interface HistoryInput {
  event: 'listed' | 'price_change' | 'status_change';
  status: StandardStatus;
  priceInPennies: number;
  changedAt: Date;
}

export interface AvailabilityInput extends StayDayRules {
  priceInPennies: number | null;
}

export interface MappedProperty {
  listing: ListingInput;
  openHouses: OpenHouseInput[];
  /** The record's own past (HRT_History); null when the feed does not carry it. */
  history: HistoryInput[] | null;
  /** Stays only (HRT_Availability); null = leave the calendar as it is. */
  availability: AvailabilityInput[] | null;
}

// ---- units ----------------------------------------------------------------------------------

/** Square feet per unit. 1 ropani = 16 aana = 5476 sq ft (Nepal). */
export const SQ_FT_PER_UNIT: Record<AreaUnit, number> = {
  sqft: 1,
  sqm: 10.763_910_4,
  acres: 43_560,
  ropani: 5_476,
  aana: 342.25,
};

const AREA_UNIT_CODES: Record<(typeof AREA_UNITS)[number], AreaUnit> = {
  'Square Feet': 'sqft',
  'Square Meters': 'sqm',
  Acres: 'acres',
  Ropani: 'ropani',
  Aana: 'aana',
};

const round2 = (n: number) => Math.round(n * 100) / 100;
export const toPennies = (amount: number) => Math.round(amount * 100);

// ---- text helpers ---------------------------------------------------------------------------

/** URL-safe, lower case, ASCII: "455 E 300 S, Salt Lake City" → "455-e-300-s-salt-lake-city". */
export function slugify(...parts: (string | null | undefined)[]): string {
  const slug = parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
  return slug || 'listing';
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

function streetLine(p: PropertyRecord): string {
  const parts = [p.StreetNumber, p.StreetDirPrefix, p.StreetName, p.StreetSuffix, p.StreetDirSuffix]
    .filter((s): s is string => !!s)
    .join(' ');
  // UnparsedAddress already holds the unit, when there is one.
  if (!parts) return p.UnparsedAddress?.split(',')[0]?.trim() ?? '';
  return p.UnitNumber ? `${parts} #${p.UnitNumber}` : parts;
}

const US_TIME_ZONES: Record<string, string> = {
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  TX: 'America/Chicago',
  IL: 'America/Chicago',
  NY: 'America/New_York',
  FL: 'America/New_York',
};

function timeZoneOf(p: PropertyRecord, countryCode: string): string {
  if (p.HRT_TimeZone) return p.HRT_TimeZone;
  if (countryCode === 'NP') return 'Asia/Kathmandu';
  if (countryCode === 'US') return US_TIME_ZONES[p.StateOrProvince.toUpperCase()] ?? 'America/Denver';
  return 'UTC';
}

function classificationOf(p: PropertyRecord): Classification {
  if (p.HRT_Classification) return p.HRT_Classification;
  return /lease/i.test(p.PropertyType ?? '') ? 'rent' : 'sale';
}

const LEASE_PRICE_LABELS: Record<string, string> = {
  Annually: '/yr',
  Daily: '/day',
  Monthly: '/mo',
  Quarterly: '/qtr',
  Seasonal: '/season',
  Weekly: '/wk',
};

function priceLabelOf(p: PropertyRecord, classification: Classification): string | null {
  if (classification === 'stay') return '/night';
  if (classification === 'rent') return LEASE_PRICE_LABELS[p.LeaseAmountFrequency ?? 'Monthly'] ?? '/mo';
  return null;
}

/** Keeps only the keys that have a value, so jsonb stays small and comparable. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v != null && !(Array.isArray(v) && v.length === 0) && v !== ''),
  );
}

function amenitiesOf(p: PropertyRecord): Amenity[] {
  const labels = [...p.AssociationAmenities, ...p.CommunityFeatures, ...p.InteriorFeatures];
  const seen = new Set<string>();
  const out: Amenity[] = [];
  for (const label of labels) {
    const id = slugify(label);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ id, label, url: null });
  }
  return out;
}

function photosOf(p: PropertyRecord): ListingPhoto[] {
  return (p.Media ?? [])
    .map((m, index) => ({ m, index }))
    .filter(({ m }) => !m.MediaCategory || /^photo$/i.test(m.MediaCategory))
    .sort((a, b) => (a.m.Order ?? a.index) - (b.m.Order ?? b.index) || a.index - b.index)
    .map(({ m }) => ({ photoUrl: m.MediaURL, description: m.ShortDescription || m.LongDescription || null }));
}

function openHouseOf(o: OpenHouseRecord): OpenHouseInput {
  const virtualUrl = o.VirtualOpenHouseURL ?? o.LivestreamOpenHouseURL ?? null;
  return {
    sourceKey: o.OpenHouseKey,
    startAt: new Date(o.OpenHouseStartTime),
    endAt: new Date(o.OpenHouseEndTime),
    isActive: o.OpenHouseStatus !== 'Canceled',
    isVirtual: virtualUrl !== null,
    virtualUrl,
    remarks: orNull(o.OpenHouseRemarks),
  };
}

function titleOf(p: PropertyRecord, classification: Classification, place: string): string {
  if (p.HRT_Title) return p.HRT_Title;
  const kind = p.PropertySubType ?? p.PropertyType ?? 'Home';
  const beds = p.BedroomsTotal ? `${p.BedroomsTotal} Bed ` : '';
  const purpose = classification === 'sale' ? 'for Sale' : classification === 'rent' ? 'for Rent' : 'Stay';
  return `${beds}${kind} ${purpose} in ${place}`;
}

// ---- the mapping ----------------------------------------------------------------------------

/** `source` names the feed (reso_replication.source) and fills listing_system when the record has none. */
export function mapProperty(p: PropertyRecord, source: string): MappedProperty {
  const countryCode = p.Country ?? 'US';
  const classification = classificationOf(p);
  const addressShown = p.InternetAddressDisplayYN !== false;
  const streetLine1 = streetLine(p);

  const livingUnit = p.LivingArea != null ? AREA_UNIT_CODES[p.LivingAreaUnits ?? 'Square Feet'] : null;
  let lotSize: number | null = null;
  let lotUnit: AreaUnit | null = null;
  if (p.LotSizeArea != null) {
    lotSize = p.LotSizeArea;
    lotUnit = AREA_UNIT_CODES[p.LotSizeUnits ?? 'Square Feet'];
  } else if (p.LotSizeSquareFeet != null) {
    lotSize = p.LotSizeSquareFeet;
    lotUnit = 'sqft';
  } else if (p.LotSizeAcres != null) {
    lotSize = p.LotSizeAcres;
    lotUnit = 'acres';
  }

  const hasPosition = p.Latitude != null && p.Longitude != null;
  const place = p.SubdivisionName ?? p.City;

  const listing: ListingInput = {
    listingKey: p.ListingKey,
    mlsNumber: orNull(p.ListingId),
    orgCodeId: orNull(p.ListOfficeKey),
    // A withheld address must not leak through the URL either.
    slugId: addressShown
      ? slugify(streetLine1, p.City, p.StateOrProvince, p.PostalCode)
      : slugify(p.City, p.StateOrProvince, p.PostalCode),
    status: p.StandardStatus,
    classification,
    propertyType: p.PropertyType ?? 'Residential',
    propertySubType: orNull(p.PropertySubType),
    title: titleOf(p, classification, place),
    priceLabel: priceLabelOf(p, classification),
    overview: orNull(p.PublicRemarks),
    streetLine1,
    streetNumber: orNull(p.StreetNumber),
    streetName: orNull(p.StreetName),
    unitNumber: orNull(p.UnitNumber),
    city: p.City,
    stateProvince: p.StateOrProvince,
    postalCode: p.PostalCode,
    neighbourhood: orNull(p.SubdivisionName),
    county: orNull(p.CountyOrParish),
    countryCode,
    timeZone: timeZoneOf(p, countryCode),
    latitude: hasPosition ? p.Latitude! : null,
    longitude: hasPosition ? p.Longitude! : null,
    spatialKey: hasPosition ? hilbertKey(p.Longitude!, p.Latitude!) : null,
    area: orNull(p.LivingArea),
    areaUnit: livingUnit,
    areaSqFt: p.LivingArea != null && livingUnit ? round2(p.LivingArea * SQ_FT_PER_UNIT[livingUnit]) : null,
    lotSize,
    lotSizeUnit: lotUnit,
    lotSizeSqFt: lotSize != null && lotUnit ? round2(lotSize * SQ_FT_PER_UNIT[lotUnit]) : null,
    bedrooms: orNull(p.BedroomsTotal),
    bathrooms: orNull(p.BathroomsTotalInteger),
    yearBuilt: orNull(p.YearBuilt),
    garageBays: p.GarageSpaces != null ? Math.round(p.GarageSpaces) : null,
    hoaFeeInPennies: p.AssociationFee != null ? toPennies(p.AssociationFee) : null,
    hoaFeeFrequency: orNull(p.AssociationFeeFrequency),
    priceInPennies: toPennies(p.ListPrice),
    priceCurrencyCode: p.CurrencyCode ?? (countryCode === 'NP' ? 'NPR' : 'USD'),
    listDate: orNull(p.ListingContractDate),
    daysOnMarket: orNull(p.DaysOnMarket),
    closeDate: orNull(p.CloseDate),
    closePriceInPennies: p.ClosePrice != null ? toPennies(p.ClosePrice) : null,
    previousPriceInPennies: p.PreviousListPrice != null ? toPennies(p.PreviousListPrice) : null,
    priceChangedAt: p.PriceChangeTimestamp ? new Date(p.PriceChangeTimestamp) : null,
    modificationTimestamp: new Date(p.ModificationTimestamp),
    enableRequestTour: p.HRT_EnableRequestTour ?? classification !== 'stay',
    enableOffer: p.HRT_EnableOffer ?? classification === 'sale',
    internetEntireListingDisplay: p.InternetEntireListingDisplayYN !== false,
    internetAddressDisplay: addressShown,
    locationData: compact({
      county: p.CountyOrParish,
      subdivision: p.SubdivisionName,
      directions: p.Directions,
      elementarySchool: p.ElementarySchool,
      middleSchool: p.MiddleOrJuniorSchool,
      highSchool: p.HighSchool,
      schoolDistrict: p.HighSchoolDistrict,
    }),
    buildingData: compact({
      stories: p.StoriesTotal,
      architecturalStyle: p.ArchitecturalStyle,
      heating: p.Heating,
      cooling: p.Cooling,
      parking: p.ParkingFeatures,
      basement: p.Basement,
      constructionMaterials: p.ConstructionMaterials,
      roof: p.Roof,
      leaseTerm: p.LeaseTerm,
      furnished: p.Furnished,
      availabilityDate: p.AvailabilityDate,
      petsAllowed: p.PetsAllowed,
    }),
    videoSource: orNull(p.VirtualTourURLUnbranded),
    tenantType: orNull(p.HRT_TenantType),
    tenantGenderPreference: orNull(p.HRT_TenantGenderPreference),
    preferredTenant: orNull(p.HRT_PreferredTenant),
    roomType: orNull(p.HRT_RoomType),
    foodIncluded: orNull(p.HRT_FoodIncluded),
    maxGuests: orNull(p.HRT_MaxGuests),
    listAgentKey: orNull(p.ListAgentKey),
    listAgentName: orNull(p.ListAgentFullName),
    listAgentPhone: orNull(p.ListAgentDirectPhone),
    listAgentEmail: orNull(p.ListAgentEmail),
    listOfficeKey: orNull(p.ListOfficeKey),
    listOfficeName: orNull(p.ListOfficeName),
    listOfficePhone: orNull(p.ListOfficePhone),
    listingSystem: p.OriginatingSystemName ?? source,
    showcaseOverview: orNull(p.HRT_ShowcaseOverview),
    overrideListingOverview: p.HRT_OverrideListingOverview ?? false,
    showcaseVideoUrl: orNull(p.HRT_ShowcaseVideoURL),
    featured: p.HRT_Featured ?? false,
    amenities: amenitiesOf(p),
    relatedPostIds: p.HRT_RelatedPostIds ?? [],
    photos: photosOf(p),
  };

  return {
    listing,
    openHouses: (p.OpenHouse ?? []).map(openHouseOf),
    history:
      p.HRT_History?.map((h) => ({
        event: h.Event,
        status: h.StandardStatus,
        priceInPennies: toPennies(h.Price),
        changedAt: new Date(h.Timestamp),
      })) ?? null,
    availability:
      p.HRT_Availability?.map((d) => ({
        calendarDate: d.Date,
        available: d.Available,
        availableForCheckin: d.AvailableForCheckin,
        availableForCheckout: d.AvailableForCheckout,
        minNights: d.MinNights,
        maxNights: Math.max(d.MinNights, d.MaxNights),
        priceInPennies: d.NightlyPrice != null ? toPennies(d.NightlyPrice) : null,
      })) ?? null,
  };
}
