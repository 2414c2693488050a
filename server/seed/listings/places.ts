/**
 * Where the seed puts listings: real cities of the Wasatch Front (USD) and the Kathmandu valley (NPR),
 * with their ZIPs, a centre, a spread, a median single-family price (2026, whole currency units) and their
 * neighbourhoods. A neighbourhood is a place on the map (homes cluster around it), a price level against its
 * city's, the era its homes were built in, and for a few a price trend of their own (rising or falling
 * against the region). Salt Lake City's are placed by hand where they are; the others are spread around their
 * city's centre by the seed.
 */
export interface Neighbourhood {
  name: string;
  /** Price level against the city's typical home (1 = the city's median). */
  price: number;
  /** Yearly price change where it differs from the region's (REGION_TRENDS): a few rise or fall. */
  trend?: number;
  lat?: number;
  lng?: number;
  zip?: string;
  /** The median year its homes were built. */
  built?: number;
}

export interface City {
  name: string;
  state: string;
  county: string;
  country: 'US' | 'NP';
  zips: readonly string[];
  lat: number;
  lng: number;
  /** Standard deviation of the scatter of neighbourhoods around the centre, in degrees. */
  spread: number;
  medianPrice: number;
  /** Relative share of the region's listings. */
  weight: number;
  /** The median year of the city's homes where its neighbourhoods do not say. */
  built: number;
  neighbourhoods: readonly Neighbourhood[];
}

/** The region's yearly price change, where a neighbourhood has no trend of its own. */
export const REGION_TRENDS = { US: 0.035, NP: 0.06 } as const;

const n = (name: string, price: number, more: Omit<Neighbourhood, 'name' | 'price'> = {}): Neighbourhood => ({ name, price, ...more });

export const WASATCH_CITIES: readonly City[] = [
  {
    name: 'Salt Lake City', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84101', '84102', '84103', '84104', '84105', '84106', '84108', '84109', '84111', '84115', '84116'],
    lat: 40.7608, lng: -111.891, spread: 0.035, medianPrice: 585_000, weight: 16, built: 1945,
    neighbourhoods: [
      n('Sugar House', 1.08, { lat: 40.7235, lng: -111.8555, zip: '84106', built: 1940 }),
      n('The Avenues', 1.15, { lat: 40.776, lng: -111.87, zip: '84103', built: 1915 }),
      n('Liberty Wells', 0.9, { lat: 40.729, lng: -111.88, zip: '84115', built: 1935 }),
      n('Capitol Hill', 1.12, { lat: 40.778, lng: -111.895, zip: '84103', built: 1920 }),
      n('Yalecrest', 1.25, { lat: 40.743, lng: -111.853, zip: '84108', built: 1932 }),
      n('Rose Park', 0.72, { lat: 40.795, lng: -111.93, zip: '84116', built: 1952, trend: 0.09 }),
      n('Glendale', 0.68, { lat: 40.74, lng: -111.94, zip: '84104', built: 1950, trend: 0.08 }),
      n('East Bench', 1.25, { lat: 40.75, lng: -111.825, zip: '84108', built: 1960 }),
      n('Central City', 1.35, { lat: 40.755, lng: -111.875, zip: '84111', built: 1960 }),
      n('9th and 9th', 1.12, { lat: 40.75, lng: -111.865, zip: '84105', built: 1925 }),
    ],
  },
  {
    name: 'West Valley City', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84119', '84120', '84128'],
    lat: 40.6916, lng: -111.9939, spread: 0.03, medianPrice: 455_000, weight: 7, built: 1978,
    neighbourhoods: [n('Hunter', 1), n('Granger', 0.95), n('Chesterfield', 0.9), n('Redwood', 0.97)],
  },
  {
    name: 'West Jordan', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84081', '84084', '84088'],
    lat: 40.6097, lng: -111.9391, spread: 0.03, medianPrice: 535_000, weight: 6, built: 1995,
    neighbourhoods: [n('Jordan Landing', 0.95), n('Oquirrh Shadows', 1), n('Copper Hills', 1.08, { built: 2005 })],
  },
  {
    name: 'Sandy', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84070', '84092', '84093', '84094'],
    lat: 40.5649, lng: -111.8389, spread: 0.028, medianPrice: 665_000, weight: 6, built: 1985,
    neighbourhoods: [n('Quail Hollow', 1), n('Dimple Dell', 1.15), n('Willow Creek', 1.2), n('Granite', 1.3)],
  },
  {
    name: 'South Jordan', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84009', '84095'],
    lat: 40.5622, lng: -111.9297, spread: 0.025, medianPrice: 720_000, weight: 5, built: 2008,
    neighbourhoods: [n('Daybreak', 0.95, { built: 2014, trend: -0.04 }), n('Glenmoor', 1.05, { built: 1998 }), n('River Park', 1)],
  },
  {
    name: 'Draper', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84020'],
    lat: 40.5247, lng: -111.8638, spread: 0.025, medianPrice: 815_000, weight: 4, built: 2003,
    neighbourhoods: [n('SunCrest', 1.1), n('Corner Canyon', 1.2), n('South Mountain', 1.15)],
  },
  {
    name: 'Murray', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84107', '84117', '84123'],
    lat: 40.6669, lng: -111.8879, spread: 0.018, medianPrice: 525_000, weight: 4, built: 1962,
    neighbourhoods: [n('Murray Park', 1.05), n('Fashion Place', 0.95), n('Vine Street', 1)],
  },
  {
    name: 'Taylorsville', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84118', '84129'],
    lat: 40.6677, lng: -111.9388, spread: 0.018, medianPrice: 470_000, weight: 3, built: 1975,
    neighbourhoods: [n('Bennion', 0.98), n('Valley Park', 1.02)],
  },
  {
    name: 'Millcreek', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84106', '84109', '84117'],
    lat: 40.6869, lng: -111.8755, spread: 0.018, medianPrice: 640_000, weight: 4, built: 1965,
    neighbourhoods: [n('Canyon Rim', 1.05), n('Olympus Cove', 1.3), n('Millcreek Common', 0.95)],
  },
  {
    name: 'Holladay', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84117', '84121', '84124'],
    lat: 40.6688, lng: -111.8247, spread: 0.015, medianPrice: 890_000, weight: 3, built: 1968,
    neighbourhoods: [n('Cottonwood Lane', 1.1), n('Holladay Village', 1)],
  },
  {
    name: 'Cottonwood Heights', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84121'],
    lat: 40.6197, lng: -111.8102, spread: 0.013, medianPrice: 790_000, weight: 2, built: 1978,
    neighbourhoods: [n('Butler', 0.95), n('Bengal', 1.05)],
  },
  {
    name: 'Riverton', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84065'],
    lat: 40.5219, lng: -111.9391, spread: 0.02, medianPrice: 610_000, weight: 3, built: 2002,
    neighbourhoods: [n('Western Springs', 1), n('Midas Creek', 1)],
  },
  {
    name: 'Herriman', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84096'],
    lat: 40.5141, lng: -112.033, spread: 0.022, medianPrice: 625_000, weight: 3, built: 2012,
    neighbourhoods: [n('Rosecrest', 0.95), n('Anthem', 1.05), n('Teton Ranch', 1)],
  },
  {
    name: 'Lehi', state: 'UT', county: 'Utah', country: 'US', zips: ['84043'],
    lat: 40.3916, lng: -111.8508, spread: 0.03, medianPrice: 630_000, weight: 5, built: 2008,
    neighbourhoods: [n('Traverse Mountain', 1.15, { trend: -0.02 }), n('Holbrook Farms', 0.95), n('Thanksgiving Point', 1.05)],
  },
  {
    name: 'American Fork', state: 'UT', county: 'Utah', country: 'US', zips: ['84003'],
    lat: 40.3769, lng: -111.7958, spread: 0.018, medianPrice: 570_000, weight: 3, built: 1990,
    neighbourhoods: [n('Alpine Country', 1.1), n('Art Dye', 0.92)],
  },
  {
    name: 'Orem', state: 'UT', county: 'Utah', country: 'US', zips: ['84057', '84058', '84097'],
    lat: 40.2969, lng: -111.6946, spread: 0.025, medianPrice: 505_000, weight: 5, built: 1978,
    neighbourhoods: [n('Windsor', 0.95), n('Cascade', 1.1), n('Orchard', 1)],
  },
  {
    name: 'Provo', state: 'UT', county: 'Utah', country: 'US', zips: ['84601', '84604', '84606'],
    lat: 40.2338, lng: -111.6585, spread: 0.025, medianPrice: 485_000, weight: 6, built: 1970,
    neighbourhoods: [n('Joaquin', 0.85, { built: 1940, trend: 0.07 }), n('Riverside', 1.05), n('Edgemont', 1.2), n('Grandview', 0.98)],
  },
  {
    name: 'Bountiful', state: 'UT', county: 'Davis', country: 'US', zips: ['84010'],
    lat: 40.8894, lng: -111.8808, spread: 0.018, medianPrice: 610_000, weight: 3, built: 1968,
    neighbourhoods: [n('Bountiful Heights', 1.1), n('Val Verda', 0.95)],
  },
  {
    name: 'Layton', state: 'UT', county: 'Davis', country: 'US', zips: ['84040', '84041'],
    lat: 41.0602, lng: -111.9711, spread: 0.025, medianPrice: 500_000, weight: 5, built: 1990,
    neighbourhoods: [n('East Layton', 1.1), n('Kays Creek', 0.95)],
  },
  {
    name: 'Ogden', state: 'UT', county: 'Weber', country: 'US', zips: ['84401', '84403', '84404', '84405'],
    lat: 41.223, lng: -111.9738, spread: 0.03, medianPrice: 395_000, weight: 6, built: 1950,
    neighbourhoods: [n('Jefferson', 0.8, { built: 1915, trend: 0.1 }), n('Eccles', 1.1, { built: 1910 }), n('Shadow Valley', 1.05, { built: 1975 }), n('Ben Lomond', 0.85)],
  },
  {
    name: 'Park City', state: 'UT', county: 'Summit', country: 'US', zips: ['84060', '84098'],
    lat: 40.6461, lng: -111.498, spread: 0.03, medianPrice: 1_850_000, weight: 3, built: 1990,
    neighbourhoods: [n('Old Town', 1.15, { built: 1960 }), n('Park Meadows', 1), n('Kimball Junction', 0.75, { built: 2000 }), n('Deer Valley', 1.45, { trend: -0.03 })],
  },
];

/** Median prices in NPR; Kathmandu valley land is priced per aana. */
export const KATHMANDU_CITIES: readonly City[] = [
  {
    name: 'Kathmandu', state: 'Bagmati', county: 'Kathmandu', country: 'NP', zips: ['44600'],
    lat: 27.7172, lng: 85.324, spread: 0.03, medianPrice: 45_000_000, weight: 10, built: 2008,
    neighbourhoods: [
      n('Baluwatar', 1.4), n('Budhanilkantha', 1.05, { trend: 0.12 }), n('Maharajgunj', 1.25), n('Baneshwor', 1.1), n('Thamel', 1.2, { trend: 0.01 }),
      n('Koteshwor', 0.9), n('Kapan', 0.8), n('Chabahil', 0.95), n('Bansbari', 1), n('Kalanki', 0.85),
    ],
  },
  {
    name: 'Lalitpur', state: 'Bagmati', county: 'Lalitpur', country: 'NP', zips: ['44700'],
    lat: 27.6644, lng: 85.3188, spread: 0.022, medianPrice: 40_000_000, weight: 6, built: 2008,
    neighbourhoods: [n('Jhamsikhel', 1.3), n('Sanepa', 1.25), n('Kupondole', 1.15), n('Bhaisepati', 0.9), n('Imadol', 0.8), n('Satdobato', 0.9), n('Jawalakhel', 1.1)],
  },
  {
    name: 'Bhaktapur', state: 'Bagmati', county: 'Bhaktapur', country: 'NP', zips: ['44800'],
    lat: 27.671, lng: 85.4298, spread: 0.02, medianPrice: 30_000_000, weight: 4, built: 2006,
    neighbourhoods: [n('Suryabinayak', 0.95), n('Thimi', 0.9), n('Sallaghari', 1.05), n('Kamalbinayak', 1), n('Lokanthali', 1.1)],
  },
];

export const UTAH_STREET_NAMES = [
  'Maple', 'Cottonwood', 'Aspen', 'Canyon View', 'Wasatch', 'Juniper', 'Sego Lily', 'Quail Hollow', 'Deer Creek',
  'Oak Hills', 'Sunnyside', 'Pioneer', 'Granite', 'Bonneville', 'Highland', 'Lone Peak', 'Millcreek', 'Emigration',
  'Red Butte', 'Big Cottonwood', 'Timpanogos', 'Oquirrh', 'Sagebrush', 'Bear Hollow', 'Willow', 'Cherry Hill',
  'Eagle Crest', 'Harvest Moon', 'Spring Creek', 'Hidden Valley', 'Country Club', 'Mountain View', 'Orchard',
  'Silver Fox', 'Summit Ridge', 'Alpine Loop', 'Golden Hills', 'Fox Hollow', 'Meadowlark', 'Ridgeview',
] as const;
export const UTAH_STREET_SUFFIXES = ['Dr', 'Ln', 'Way', 'Cir', 'Ct', 'Ave', 'St', 'Rd', 'Pl'] as const;

export const FIRST_NAMES = [
  'Avery', 'Jordan', 'Taylor', 'Morgan', 'Riley', 'Casey', 'Jamie', 'Quinn', 'Parker', 'Hayden', 'Emma', 'Liam',
  'Olivia', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Mason', 'Isabella', 'Lucas', 'Mia', 'Logan', 'Charlotte', 'Jacob',
  'Amelia', 'McKay', 'Brigham', 'Kimball', 'Tanner', 'Brooklyn', 'Kaden', 'Oaklee', 'Sadie', 'Hunter', 'Ellie',
] as const;
export const LAST_NAMES = [
  'Smith', 'Jensen', 'Christensen', 'Young', 'Anderson', 'Larsen', 'Nielsen', 'Peterson', 'Hansen', 'Allred',
  'Richards', 'Taylor', 'Johnson', 'Clark', 'Petersen', 'Thompson', 'Madsen', 'Bennion', 'Kimball', 'Snow',
  'Pratt', 'Sorensen', 'Ellis', 'Stone', 'Walker', 'Garcia', 'Martinez', 'Nguyen', 'Tuilagi', 'Fonua',
] as const;
export const NEPALI_FIRST_NAMES = [
  'Aarav', 'Sita', 'Bikash', 'Anjali', 'Prakash', 'Sunita', 'Rajesh', 'Pooja', 'Suman', 'Nirmala', 'Kiran',
  'Sarita', 'Dipesh', 'Manisha', 'Roshan', 'Asmita', 'Sagar', 'Binita', 'Nabin', 'Rekha',
] as const;
export const NEPALI_LAST_NAMES = [
  'Shrestha', 'Maharjan', 'Tamang', 'Gurung', 'Sharma', 'Adhikari', 'Thapa', 'Karki', 'Pradhan', 'Joshi',
  'Bajracharya', 'Shakya', 'Rai', 'Magar', 'KC', 'Dahal', 'Poudel', 'Rana',
] as const;

export const WASATCH_BROKERAGES = [
  'Wasatch Homes Realty', 'Summit Peak Realty', 'Bonneville Real Estate', 'Red Rock Properties', 'Beehive Brokers',
  'Deseret Realty Group', 'Canyon Crest Realty', 'Great Salt Lake Homes', 'Timpanogos Real Estate',
  'Golden Spike Realty', 'Park City Mountain Realty', 'Oquirrh View Properties',
] as const;
export const KATHMANDU_BROKERAGES = [
  'Himalayan Homes', 'Valley Real Estate Nepal', 'Bagmati Properties', 'Swayambhu Realty', 'Patan Land & Housing',
] as const;
