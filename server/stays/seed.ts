/**
 * Demo stays and rentals (issue 18): a Salt Lake City stay whose calendar always covers the next months
 * (each start adds the days that are missing, so a long-running database never runs out of open days), and
 * two rentals with the rental fields of spec §3. Rows that exist are left alone, like the rest of the seed.
 */
import type { Database } from '../db';
import type { PublicListing } from '../listings/search/listing';
import { insertDemoListing } from '../seed/demo-listing';
import { addDays, todayIn } from '../../core/stays/stay-rules';

export const DEMO_STAY_ID = 1301;
/** How far ahead the demo stay's calendar reaches. */
const CALENDAR_DAYS = 200;
const NIGHTLY = 14_500;
const WEEKEND_NIGHTLY = 17_500;
const ZONE = 'America/Denver';

interface DemoListing {
  id: number;
  classification: 'stay' | 'rent';
  street: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  priceInPennies: number;
  priceLabel: string;
  bedrooms: number;
  bathrooms: number;
  areaSqFt: number;
  subType: string;
  title: string;
  overview: string;
  rental: Pick<PublicListing, 'tenantType' | 'tenantGenderPreference' | 'preferredTenant' | 'roomType' | 'foodIncluded'>;
  maxGuests: number | null;
}

export const DEMO_RENTALS: DemoListing[] = [
  {
    id: DEMO_STAY_ID,
    classification: 'stay',
    street: '218 E 900 S',
    postalCode: '84111',
    latitude: 40.750_4,
    longitude: -111.882_1,
    priceInPennies: NIGHTLY,
    priceLabel: '/night',
    bedrooms: 2,
    bathrooms: 1,
    areaSqFt: 980,
    subType: 'Single Family Residence',
    title: 'Garden bungalow near Liberty Park',
    overview: 'A quiet two-bedroom bungalow with a garden, five minutes from Liberty Park. Entire home, sleeps four.',
    rental: { tenantType: null, tenantGenderPreference: null, preferredTenant: null, roomType: 'Entire home', foodIncluded: false },
    maxGuests: 4,
  },
  {
    id: 1302,
    classification: 'rent',
    street: '530 E 500 S',
    postalCode: '84102',
    latitude: 40.757_9,
    longitude: -111.874_6,
    priceInPennies: 145_000,
    priceLabel: '/mo',
    bedrooms: 2,
    bathrooms: 1,
    areaSqFt: 890,
    subType: 'Apartment',
    title: '2 Bed Apartment for Rent in Salt Lake City',
    overview: 'A bright second-floor apartment for a family, with breakfast and dinner served by the owners.',
    rental: { tenantType: 'Family', tenantGenderPreference: 'Any', preferredTenant: 'Family', roomType: 'Entire flat', foodIncluded: true },
    maxGuests: null,
  },
  {
    id: 1303,
    classification: 'rent',
    street: '1060 E 200 S',
    postalCode: '84102',
    latitude: 40.765_1,
    longitude: -111.859_8,
    priceInPennies: 72_500,
    priceLabel: '/mo',
    bedrooms: 1,
    bathrooms: 1,
    areaSqFt: 240,
    subType: 'Apartment',
    title: 'Room for Rent near the University of Utah',
    overview: 'A furnished single room in a shared house near campus; kitchen and laundry shared.',
    rental: { tenantType: 'Individual', tenantGenderPreference: 'Female only', preferredTenant: 'Students', roomType: 'Single room', foodIncluded: false },
    maxGuests: null,
  },
];

/**
 * The demo stay's day `date`: every eleventh pair of nights is booked (check-out still allowed on the first
 * booked day), Friday and Saturday nights cost more and need a 3-night stay, other days 2; at most 7.
 */
export function demoStayDay(date: string) {
  const dayNumber = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 5 || weekday === 6;
  const available = ![7, 8].includes(dayNumber % 11);
  return {
    available,
    availableForCheckin: available,
    availableForCheckout: true,
    minNights: weekend ? 3 : 2,
    maxNights: 7,
    priceInPennies: weekend ? WEEKEND_NIGHTLY : NIGHTLY,
  };
}

export async function seedStays(db: Database, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const l of DEMO_RENTALS) {
      await insertDemoListing(tx, {
        id: l.id,
        listingCodeId: `HRT${l.id}`,
        slugId: `${l.street}-salt-lake-city-ut-${l.postalCode}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        streetLine1: l.street,
        city: 'Salt Lake City',
        stateProvince: 'UT',
        postalCode: l.postalCode,
        priceInPennies: l.priceInPennies,
        priceCurrencyCode: 'USD',
        photos: [],
        latitude: l.latitude,
        longitude: l.longitude,
        bedrooms: l.bedrooms,
        bathrooms: l.bathrooms,
        areaSqFt: l.areaSqFt,
        propertySubType: l.subType,
        title: l.title,
        listedDaysAgo: 5,
        more: {
          price_label: l.priceLabel,
          classification: l.classification,
          overview: l.overview,
          tenant_type: l.rental.tenantType,
          tenant_gender_preference: l.rental.tenantGenderPreference,
          preferred_tenant: l.rental.preferredTenant,
          room_type: l.rental.roomType,
          food_included: l.rental.foodIncluded,
          max_guests: l.maxGuests,
          time_zone: ZONE,
        },
      });
    }
    const today = todayIn(ZONE, now);
    const dates = Array.from({ length: CALENDAR_DAYS }, (_, i) => addDays(today, i));
    const days = dates.map(demoStayDay);
    await tx.query(
      `INSERT INTO stay_availability (listing_id, calendar_date, available, available_for_checkin, available_for_checkout,
                                      min_nights, max_nights, price_in_pennies)
       SELECT $1, * FROM unnest($2::date[], $3::boolean[], $4::boolean[], $5::boolean[], $6::smallint[], $7::smallint[], $8::bigint[])
       ON CONFLICT (listing_id, calendar_date) DO NOTHING`,
      [
        DEMO_STAY_ID,
        dates,
        days.map((d) => d.available),
        days.map((d) => d.availableForCheckin),
        days.map((d) => d.availableForCheckout),
        days.map((d) => d.minNights),
        days.map((d) => d.maxNights),
        days.map((d) => d.priceInPennies),
      ],
    );
  });
}
