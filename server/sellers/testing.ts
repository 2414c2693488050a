/** Test helpers for seller cases: a home to start from, and the answers that complete the sale intake. */
import type { HomeContext } from './sellers';

/** A home near the seeded Salt Lake City listings. */
export const testHome = (overrides: Partial<HomeContext> = {}): HomeContext => ({
  address: '1234 E Quiet Creek Ln',
  aptSuite: null,
  city: 'Salt Lake City',
  county: 'Salt Lake',
  short_state: 'UT',
  zip_code: '84105',
  lat: 40.7411,
  lng: -111.8512,
  bedrooms: 3,
  bathrooms: 2,
  area: 1850,
  ...overrides,
});

/** The answers of questionnaire/definitions/seller-intake-sale.json, screen by screen. */
export const saleIntakeScreens = (overrides: { price?: string; street?: string } = {}): Record<string, string>[] => [
  {
    street: overrides.street ?? '1234 E Quiet Creek Ln',
    apartmentType: '',
    apt: '',
    city: 'Salt Lake City',
    county: 'Salt Lake',
    usstate: 'UT',
    postal: '84105',
    is_owner: 'Yes',
    not_owner: 'Off',
  },
  { property_type: 'Single-family home', bedrooms: '4', bathrooms: '2.5', area: '2100', lot_size: '0.25', year_built: '1995', garage_bays: '2' },
  {
    f_central_air: 'Yes',
    f_fireplace: 'Yes',
    f_basement: 'Off',
    f_finished_basement: 'Off',
    f_pool: 'Off',
    f_solar: 'Off',
    f_ev: 'Off',
    f_adu: 'Off',
    has_hoa: 'Off',
    no_hoa: 'Yes',
  },
  {
    condition: 'Move-in ready',
    known_defects: 'Off',
    no_known_defects: 'Yes',
    built_before_1978: 'Off',
    built_after_1978: 'Yes',
    has_liens: 'Off',
    no_liens: 'Yes',
  },
  {
    asking_price: overrides.price ?? '525000',
    mortgage_balance: '',
    sell_timeline: 'Within 3 months',
    buying_next: 'Off',
    not_buying_next: 'Yes',
    occ_owner: 'Yes',
    occ_tenant: 'Off',
    occ_vacant: 'Off',
  },
  { first_name: 'Ada', middle_name: '', last_name: 'Lovelace', email: 'ada@example.com', publish_now_yes: 'Yes', publish_now_no: 'Off' },
  { certified: 'Yes' },
];
