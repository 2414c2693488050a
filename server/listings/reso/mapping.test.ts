import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hilbertKey } from '../spatial';
import { mapProperty, slugify } from './mapping';
import { propertySchema } from './record';

const sample = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'property-sample.json'), 'utf8')) as {
  value: Record<string, unknown>[];
};
const record = (key: string) => {
  const raw = sample.value.find((r) => r.ListingKey === key);
  if (!raw) throw new Error(`no fixture record ${key}`);
  return propertySchema.parse(raw);
};

describe('RESO Property → listing mapping', () => {
  it('maps every field of a full record', () => {
    const mapped = mapProperty(record('WFR-1891001'), 'file:property-sample.json');
    expect(mapped.listing).toEqual({
      listingKey: 'WFR-1891001',
      mlsNumber: '1891001',
      orgCodeId: 'OF-200',
      slugId: '8123-s-quail-hollow-dr-sandy-ut-84093',
      status: 'Active',
      classification: 'sale',
      propertyType: 'Residential',
      propertySubType: 'Single Family Residence',
      title: '4 Bed Single Family Residence for Sale in Quail Hollow',
      priceLabel: null,
      overview: 'Bright rambler on a quiet street. <b>Not bold</b> & never HTML.',
      streetLine1: '8123 S Quail Hollow Dr',
      streetNumber: '8123',
      streetName: 'Quail Hollow',
      unitNumber: null,
      city: 'Sandy',
      stateProvince: 'UT',
      postalCode: '84093',
      neighbourhood: 'Quail Hollow',
      county: 'Salt Lake',
      countryCode: 'US',
      timeZone: 'America/Denver',
      latitude: 40.5912,
      longitude: -111.8402,
      spatialKey: hilbertKey(-111.8402, 40.5912),
      area: 2860,
      areaUnit: 'sqft',
      areaSqFt: 2860,
      lotSize: 8712,
      lotSizeUnit: 'sqft',
      lotSizeSqFt: 8712,
      bedrooms: 4,
      bathrooms: 3,
      yearBuilt: 1998,
      garageBays: 2,
      hoaFeeInPennies: 4500,
      hoaFeeFrequency: 'Monthly',
      priceInPennies: 72_500_000,
      priceCurrencyCode: 'USD',
      listDate: '2026-10-08',
      daysOnMarket: 12,
      closeDate: null,
      closePriceInPennies: null,
      previousPriceInPennies: 74_990_000,
      priceChangedAt: new Date('2026-10-20T16:00:00Z'),
      modificationTimestamp: new Date('2026-10-20T16:00:00Z'),
      enableRequestTour: true,
      enableOffer: true,
      internetEntireListingDisplay: true,
      internetAddressDisplay: true,
      locationData: {
        county: 'Salt Lake',
        subdivision: 'Quail Hollow',
        directions: 'East on 9400 S, north on Quail Hollow Dr',
        elementarySchool: 'Granite',
        highSchool: 'Alta',
      },
      buildingData: { stories: 2, heating: ['Forced Air', 'Natural Gas'], cooling: ['Central Air'] },
      videoSource: 'https://tours.example/8123-quail-hollow',
      tenantType: null,
      tenantGenderPreference: null,
      preferredTenant: null,
      roomType: null,
      foodIncluded: null,
      maxGuests: null,
      listAgentKey: 'AG-1001',
      listAgentName: 'Jordan Ellis',
      listAgentPhone: '801-555-0110',
      listAgentEmail: 'jordan.ellis@wasatch-homes.example',
      listOfficeKey: 'OF-200',
      listOfficeName: 'Wasatch Homes Realty',
      listOfficePhone: '801-555-0100',
      listingSystem: 'WFRMLS',
      showcaseOverview: null,
      overrideListingOverview: false,
      showcaseVideoUrl: null,
      featured: false,
      amenities: [
        { id: 'park', label: 'Park', url: null },
        { id: 'sidewalks', label: 'Sidewalks', url: null },
        { id: 'vaulted-ceilings', label: 'Vaulted Ceilings', url: null },
        { id: 'walk-in-closet', label: 'Walk-In Closet', url: null },
      ],
      relatedPostIds: [],
      // Ordered by Order; documents are not photos.
      photos: [
        { photoUrl: 'https://photos.example/1891001/1.jpg', description: 'Front of the house' },
        { photoUrl: 'https://photos.example/1891001/2.jpg', description: 'Kitchen' },
      ],
    });
    expect(mapped.openHouses).toEqual([
      {
        sourceKey: 'OH-1891001-1',
        startAt: new Date('2026-11-28T17:00:00Z'),
        endAt: new Date('2026-11-28T19:00:00Z'),
        isActive: true,
        isVirtual: false,
        virtualUrl: null,
        remarks: 'Cookies!',
      },
      {
        sourceKey: 'OH-1891001-2',
        startAt: new Date('2026-11-29T01:00:00Z'),
        endAt: new Date('2026-11-29T02:00:00Z'),
        isActive: true,
        isVirtual: true,
        virtualUrl: 'https://live.example/1891001',
        remarks: null,
      },
    ]);
    expect(mapped.history).toBeNull();
    expect(mapped.availability).toBeNull();
  });

  it('keeps PublicRemarks as plain text, exactly as received', () => {
    const { listing } = mapProperty(record('WFR-1891001'), 'test');
    expect(listing.overview).toBe('Bright rambler on a quiet street. <b>Not bold</b> & never HTML.');
  });

  it('maps a lease to a rental with a monthly price label and lease details', () => {
    const { listing } = mapProperty(record('WFR-1891003'), 'test');
    expect(listing.classification).toBe('rent');
    expect(listing.priceLabel).toBe('/mo');
    expect(listing.priceInPennies).toBe(215_000);
    expect(listing.enableOffer).toBe(false);
    expect(listing.tenantType).toBe('Family');
    expect(listing.preferredTenant).toBe('Non-smokers');
    expect(listing.buildingData).toEqual({ leaseTerm: '12 Months', furnished: 'Unfurnished', availabilityDate: '2026-12-01' });
  });

  it('maps Nepal land: NPR, lot size in aana, Kathmandu time', () => {
    const { listing } = mapProperty(record('NPL-KTM-77'), 'test');
    expect(listing.priceCurrencyCode).toBe('NPR');
    expect(listing.priceInPennies).toBe(3_200_000_000);
    expect(listing.countryCode).toBe('NP');
    expect(listing.timeZone).toBe('Asia/Kathmandu');
    expect(listing.lotSize).toBe(8);
    expect(listing.lotSizeUnit).toBe('aana');
    expect(listing.lotSizeSqFt).toBe(2738);
    expect(listing.area).toBeNull();
    expect(listing.title).toBe('Land for Sale in Budhanilkantha');
  });

  it('converts ropani to square feet (1 ropani = 16 aana = 5476 sq ft)', () => {
    const p = propertySchema.parse({ ...record('NPL-KTM-77'), LotSizeArea: 2, LotSizeUnits: 'Ropani' });
    expect(mapProperty(p, 'test').listing.lotSizeSqFt).toBe(10_952);
  });

  it('withholds the address from the slug when InternetAddressDisplayYN is false', () => {
    const { listing } = mapProperty(record('WFR-1891002'), 'test');
    expect(listing.internetAddressDisplay).toBe(false);
    expect(listing.slugId).toBe('salt-lake-city-ut-84111');
    // Kept for the listing agent; the API must not show it.
    expect(listing.streetLine1).toBe('350 S 200 E Unit 704');
  });

  it('marks a listing not for internet display as hidden', () => {
    const { listing } = mapProperty(record('WFR-1891004'), 'test');
    expect(listing.internetEntireListingDisplay).toBe(false);
  });

  it('keeps the close price and date of a sold listing', () => {
    const { listing } = mapProperty(record('WFR-1891005'), 'test');
    expect(listing.status).toBe('Closed');
    expect(listing.closePriceInPennies).toBe(58_500_000);
    expect(listing.closeDate).toBe('2026-09-30');
  });

  it('makes URL-safe slugs', () => {
    expect(slugify('455 E 300 S', 'Salt Lake City', 'UT', '84111')).toBe('455-e-300-s-salt-lake-city-ut-84111');
    expect(slugify('Čapek Ávenue #4', 'Bhaktapur')).toBe('capek-avenue-4-bhaktapur');
    expect(slugify('काठमाडौं')).toBe('listing');
  });

  it('puts nearby positions on nearby Hilbert keys', () => {
    const a = hilbertKey(-111.89, 40.76);
    const b = hilbertKey(-111.8901, 40.7601);
    const far = hilbertKey(85.32, 27.7);
    expect(Math.abs(a - b)).toBeLessThan(Math.abs(a - far));
    expect(Number.isSafeInteger(hilbertKey(180, 90))).toBe(true);
  });
});
