/**
 * The RESO Data Dictionary 2.0 `Property` record as we accept it (OData JSON, `Media` and `OpenHouse`
 * expanded), validated at the boundary. Unknown fields pass through untouched: feeds carry hundreds.
 * Fields prefixed `HRT_` are Hearth's local fields (RESO allows local fields beside the standard ones)
 * for what the Data Dictionary has no name for: stays, the spec's rental fields, showcase, history.
 */
import { z } from 'zod';

export const STANDARD_STATUSES = [
  'Active',
  'Active Under Contract',
  'Canceled',
  'Closed',
  'Coming Soon',
  'Delete',
  'Expired',
  'Hold',
  'Incomplete',
  'Pending',
  'Withdrawn',
] as const;
export type StandardStatus = (typeof STANDARD_STATUSES)[number];

/** Largest price accepted, in whole currency units: keeps pennies exact in a JavaScript number. */
const MAX_PRICE = 1e12;

const text = (max: number) => z.string().trim().max(max).nullish();
const count = (max: number) => z.number().int().min(0).max(max).nullish();
const money = z.number().finite().min(0).max(MAX_PRICE);
const timestamp = z.iso.datetime({ offset: true });
const date = z.iso.date();
/** RESO multi-select lookups arrive as a JSON array or a comma-separated string. */
const lookupList = z
  .union([z.array(z.string().max(200)).max(200), z.string().max(5000)])
  .nullish()
  .transform((v) =>
    (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter((s) => s.length > 0),
  );
const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'must be an http(s) URL');
/** Photos may also live on our own origin (`/media/…`), which the API makes absolute. */
const mediaUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/i.test(v), 'must be an http(s) URL or a path on this site');

export const AREA_UNITS = ['Square Feet', 'Square Meters', 'Acres', 'Ropani', 'Aana'] as const;

export const mediaSchema = z.looseObject({
  MediaKey: text(255),
  MediaURL: mediaUrl,
  MediaCategory: text(50),
  Order: z.number().int().min(0).max(10_000).nullish(),
  ShortDescription: text(1000),
  LongDescription: text(4000),
});

export const openHouseSchema = z
  .looseObject({
    OpenHouseKey: z.string().trim().min(1).max(255),
    OpenHouseStartTime: timestamp,
    OpenHouseEndTime: timestamp,
    OpenHouseStatus: z.enum(['Active', 'Canceled', 'Ended']).nullish(),
    OpenHouseType: text(50),
    OpenHouseRemarks: text(4000),
    VirtualOpenHouseURL: httpUrl.nullish(),
    LivestreamOpenHouseURL: httpUrl.nullish(),
  })
  .refine((o) => Date.parse(o.OpenHouseEndTime) > Date.parse(o.OpenHouseStartTime), {
    message: 'OpenHouseEndTime must be after OpenHouseStartTime',
  });

/** One market event, for records that carry their own past (the seed; feeds do not). */
export const historyEventSchema = z.object({
  Event: z.enum(['listed', 'price_change', 'status_change']),
  StandardStatus: z.enum(STANDARD_STATUSES),
  Price: money,
  Timestamp: timestamp,
});

export const availabilityDaySchema = z.object({
  Date: date,
  Available: z.boolean(),
  AvailableForCheckin: z.boolean(),
  AvailableForCheckout: z.boolean(),
  MinNights: z.number().int().min(1).max(365),
  MaxNights: z.number().int().min(1).max(365),
  NightlyPrice: money.nullish(),
});

export const propertySchema = z
  .looseObject({
    ListingKey: z.string().trim().min(1).max(255),
    ListingId: text(255),
    OriginatingSystemName: text(255),
    OriginatingSystemKey: text(255),
    StandardStatus: z.enum(STANDARD_STATUSES),
    PropertyType: z.string().trim().min(1).max(100).nullish(),
    PropertySubType: text(100),
    ListPrice: money,
    ClosePrice: money.nullish(),
    PreviousListPrice: money.nullish(),
    PriceChangeTimestamp: timestamp.nullish(),
    CloseDate: date.nullish(),
    CurrencyCode: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
      .nullish(),
    BedroomsTotal: count(1000),
    BathroomsTotalInteger: count(1000),
    LivingArea: z.number().finite().min(0).max(1e9).nullish(),
    LivingAreaUnits: z.enum(AREA_UNITS).nullish(),
    LotSizeSquareFeet: z.number().finite().min(0).max(1e11).nullish(),
    LotSizeAcres: z.number().finite().min(0).max(1e7).nullish(),
    LotSizeArea: z.number().finite().min(0).max(1e11).nullish(),
    LotSizeUnits: z.enum(AREA_UNITS).nullish(),
    YearBuilt: z.number().int().min(1600).max(2200).nullish(),
    GarageSpaces: z.number().finite().min(0).max(1000).nullish(),
    AssociationFee: money.nullish(),
    AssociationFeeFrequency: text(50),
    PublicRemarks: text(20_000),
    UnparsedAddress: text(500),
    StreetNumber: text(50),
    StreetDirPrefix: text(10),
    StreetName: text(200),
    StreetSuffix: text(50),
    StreetDirSuffix: text(10),
    UnitNumber: text(50),
    City: z.string().trim().min(1).max(100),
    StateOrProvince: z.string().trim().min(1).max(100),
    PostalCode: z.string().trim().min(1).max(20),
    CountyOrParish: text(100),
    Country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 two-letter code such as US')
      .nullish(),
    SubdivisionName: text(200),
    Latitude: z.number().min(-90).max(90).nullish(),
    Longitude: z.number().min(-180).max(180).nullish(),
    Directions: text(2000),
    ElementarySchool: text(200),
    MiddleOrJuniorSchool: text(200),
    HighSchool: text(200),
    HighSchoolDistrict: text(200),
    DaysOnMarket: count(100_000),
    ListingContractDate: date.nullish(),
    ModificationTimestamp: timestamp,
    ListAgentFullName: text(200),
    ListAgentKey: text(255),
    ListAgentDirectPhone: text(50),
    ListAgentEmail: text(320),
    ListOfficeName: text(200),
    ListOfficeKey: text(255),
    ListOfficePhone: text(50),
    VirtualTourURLUnbranded: httpUrl.nullish(),
    InternetEntireListingDisplayYN: z.boolean().nullish(),
    InternetAddressDisplayYN: z.boolean().nullish(),
    StoriesTotal: count(200),
    ArchitecturalStyle: lookupList,
    Heating: lookupList,
    Cooling: lookupList,
    ParkingFeatures: lookupList,
    Basement: lookupList,
    ConstructionMaterials: lookupList,
    Roof: lookupList,
    InteriorFeatures: lookupList,
    CommunityFeatures: lookupList,
    AssociationAmenities: lookupList,
    // Leases (PropertyType 'Residential Lease' / 'Commercial Lease').
    LeaseAmountFrequency: z.enum(['Annually', 'Daily', 'Monthly', 'Quarterly', 'Seasonal', 'Weekly']).nullish(),
    LeaseTerm: text(100),
    Furnished: text(50),
    AvailabilityDate: date.nullish(),
    PetsAllowed: lookupList,
    Media: z.array(mediaSchema).max(500).nullish(),
    OpenHouse: z.array(openHouseSchema).max(200).nullish(),
    // Hearth local fields.
    HRT_Classification: z.enum(['sale', 'rent', 'stay']).nullish(),
    HRT_Title: text(300),
    HRT_TimeZone: text(64),
    HRT_TenantType: text(100),
    HRT_TenantGenderPreference: text(100),
    HRT_PreferredTenant: text(100),
    HRT_RoomType: text(100),
    HRT_FoodIncluded: z.boolean().nullish(),
    HRT_MaxGuests: z.number().int().min(1).max(1000).nullish(),
    HRT_EnableRequestTour: z.boolean().nullish(),
    HRT_EnableOffer: z.boolean().nullish(),
    HRT_Featured: z.boolean().nullish(),
    HRT_ShowcaseOverview: text(20_000),
    HRT_OverrideListingOverview: z.boolean().nullish(),
    HRT_ShowcaseVideoURL: httpUrl.nullish(),
    HRT_RelatedPostIds: z.array(z.string().max(100)).max(50).nullish(),
    HRT_History: z.array(historyEventSchema).max(200).nullish(),
    HRT_Availability: z.array(availabilityDaySchema).max(1000).nullish(),
  })
  .superRefine((p, ctx) => {
    if ((p.Latitude == null) !== (p.Longitude == null)) {
      ctx.addIssue({ code: 'custom', path: ['Latitude'], message: 'Latitude and Longitude come together' });
    }
    if (p.HRT_TimeZone && !isTimeZone(p.HRT_TimeZone)) {
      ctx.addIssue({ code: 'custom', path: ['HRT_TimeZone'], message: 'is not an IANA time zone' });
    }
  });

export type PropertyRecord = z.infer<typeof propertySchema>;
export type OpenHouseRecord = z.infer<typeof openHouseSchema>;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** "ListPrice: Too small: expected number to be >=0; City: Required" — what the import report shows. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'record'}: ${i.message}`)
    .join('; ');
}
