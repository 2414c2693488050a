/**
 * Where the seed puts listings: real cities of the Wasatch Front (USD) and the Kathmandu valley (NPR),
 * with their ZIPs, a centre, a spread, and a median single-family price (2026, whole currency units).
 */
export interface City {
  name: string;
  state: string;
  county: string;
  country: 'US' | 'NP';
  zips: readonly string[];
  lat: number;
  lng: number;
  /** Standard deviation of the scatter around the centre, in degrees. */
  spread: number;
  medianPrice: number;
  /** Relative share of the region's listings. */
  weight: number;
  neighbourhoods: readonly string[];
}

export const WASATCH_CITIES: readonly City[] = [
  { name: 'Salt Lake City', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84101', '84102', '84103', '84104', '84105', '84106', '84108', '84109', '84111', '84115', '84116'], lat: 40.7608, lng: -111.891, spread: 0.035, medianPrice: 585_000, weight: 16, neighbourhoods: ['Sugar House', 'The Avenues', 'Liberty Wells', 'Capitol Hill', 'Yalecrest', 'Rose Park', 'Glendale', 'East Bench', 'Central City', '9th and 9th'] },
  { name: 'West Valley City', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84119', '84120', '84128'], lat: 40.6916, lng: -111.9939, spread: 0.03, medianPrice: 455_000, weight: 7, neighbourhoods: ['Hunter', 'Granger', 'Chesterfield', 'Redwood'] },
  { name: 'West Jordan', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84081', '84084', '84088'], lat: 40.6097, lng: -111.9391, spread: 0.03, medianPrice: 535_000, weight: 6, neighbourhoods: ['Jordan Landing', 'Oquirrh Shadows', 'Copper Hills'] },
  { name: 'Sandy', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84070', '84092', '84093', '84094'], lat: 40.5649, lng: -111.8389, spread: 0.028, medianPrice: 665_000, weight: 6, neighbourhoods: ['Quail Hollow', 'Dimple Dell', 'Willow Creek', 'Granite'] },
  { name: 'South Jordan', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84009', '84095'], lat: 40.5622, lng: -111.9297, spread: 0.025, medianPrice: 720_000, weight: 5, neighbourhoods: ['Daybreak', 'Glenmoor', 'River Park'] },
  { name: 'Draper', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84020'], lat: 40.5247, lng: -111.8638, spread: 0.025, medianPrice: 815_000, weight: 4, neighbourhoods: ['SunCrest', 'Corner Canyon', 'South Mountain'] },
  { name: 'Murray', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84107', '84117', '84123'], lat: 40.6669, lng: -111.8879, spread: 0.018, medianPrice: 525_000, weight: 4, neighbourhoods: ['Murray Park', 'Fashion Place', 'Vine Street'] },
  { name: 'Taylorsville', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84118', '84129'], lat: 40.6677, lng: -111.9388, spread: 0.018, medianPrice: 470_000, weight: 3, neighbourhoods: ['Bennion', 'Valley Park'] },
  { name: 'Millcreek', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84106', '84109', '84117'], lat: 40.6869, lng: -111.8755, spread: 0.018, medianPrice: 640_000, weight: 4, neighbourhoods: ['Canyon Rim', 'Olympus Cove', 'Millcreek Common'] },
  { name: 'Holladay', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84117', '84121', '84124'], lat: 40.6688, lng: -111.8247, spread: 0.015, medianPrice: 890_000, weight: 3, neighbourhoods: ['Cottonwood Lane', 'Holladay Village'] },
  { name: 'Cottonwood Heights', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84121'], lat: 40.6197, lng: -111.8102, spread: 0.013, medianPrice: 790_000, weight: 2, neighbourhoods: ['Butler', 'Bengal'] },
  { name: 'Riverton', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84065'], lat: 40.5219, lng: -111.9391, spread: 0.02, medianPrice: 610_000, weight: 3, neighbourhoods: ['Western Springs', 'Midas Creek'] },
  { name: 'Herriman', state: 'UT', county: 'Salt Lake', country: 'US', zips: ['84096'], lat: 40.5141, lng: -112.033, spread: 0.022, medianPrice: 625_000, weight: 3, neighbourhoods: ['Rosecrest', 'Anthem', 'Teton Ranch'] },
  { name: 'Lehi', state: 'UT', county: 'Utah', country: 'US', zips: ['84043'], lat: 40.3916, lng: -111.8508, spread: 0.03, medianPrice: 630_000, weight: 5, neighbourhoods: ['Traverse Mountain', 'Holbrook Farms', 'Thanksgiving Point'] },
  { name: 'American Fork', state: 'UT', county: 'Utah', country: 'US', zips: ['84003'], lat: 40.3769, lng: -111.7958, spread: 0.018, medianPrice: 570_000, weight: 3, neighbourhoods: ['Alpine Country', 'Art Dye'] },
  { name: 'Orem', state: 'UT', county: 'Utah', country: 'US', zips: ['84057', '84058', '84097'], lat: 40.2969, lng: -111.6946, spread: 0.025, medianPrice: 505_000, weight: 5, neighbourhoods: ['Windsor', 'Cascade', 'Orchard'] },
  { name: 'Provo', state: 'UT', county: 'Utah', country: 'US', zips: ['84601', '84604', '84606'], lat: 40.2338, lng: -111.6585, spread: 0.025, medianPrice: 485_000, weight: 6, neighbourhoods: ['Joaquin', 'Riverside', 'Edgemont', 'Grandview'] },
  { name: 'Bountiful', state: 'UT', county: 'Davis', country: 'US', zips: ['84010'], lat: 40.8894, lng: -111.8808, spread: 0.018, medianPrice: 610_000, weight: 3, neighbourhoods: ['Bountiful Heights', 'Val Verda'] },
  { name: 'Layton', state: 'UT', county: 'Davis', country: 'US', zips: ['84040', '84041'], lat: 41.0602, lng: -111.9711, spread: 0.025, medianPrice: 500_000, weight: 5, neighbourhoods: ['East Layton', 'Kays Creek'] },
  { name: 'Ogden', state: 'UT', county: 'Weber', country: 'US', zips: ['84401', '84403', '84404', '84405'], lat: 41.223, lng: -111.9738, spread: 0.03, medianPrice: 395_000, weight: 6, neighbourhoods: ['Jefferson', 'Eccles', 'Shadow Valley', 'Ben Lomond'] },
  { name: 'Park City', state: 'UT', county: 'Summit', country: 'US', zips: ['84060', '84098'], lat: 40.6461, lng: -111.498, spread: 0.03, medianPrice: 1_850_000, weight: 3, neighbourhoods: ['Old Town', 'Park Meadows', 'Kimball Junction', 'Deer Valley'] },
];

/** Median prices in NPR; Kathmandu valley land is priced per aana. */
export const KATHMANDU_CITIES: readonly City[] = [
  { name: 'Kathmandu', state: 'Bagmati', county: 'Kathmandu', country: 'NP', zips: ['44600'], lat: 27.7172, lng: 85.324, spread: 0.03, medianPrice: 45_000_000, weight: 10, neighbourhoods: ['Baluwatar', 'Budhanilkantha', 'Maharajgunj', 'Baneshwor', 'Thamel', 'Koteshwor', 'Kapan', 'Chabahil', 'Bansbari', 'Kalanki'] },
  { name: 'Lalitpur', state: 'Bagmati', county: 'Lalitpur', country: 'NP', zips: ['44700'], lat: 27.6644, lng: 85.3188, spread: 0.022, medianPrice: 40_000_000, weight: 6, neighbourhoods: ['Jhamsikhel', 'Sanepa', 'Kupondole', 'Bhaisepati', 'Imadol', 'Satdobato', 'Jawalakhel'] },
  { name: 'Bhaktapur', state: 'Bagmati', county: 'Bhaktapur', country: 'NP', zips: ['44800'], lat: 27.671, lng: 85.4298, spread: 0.02, medianPrice: 30_000_000, weight: 4, neighbourhoods: ['Suryabinayak', 'Thimi', 'Sallaghari', 'Kamalbinayak', 'Lokanthali'] },
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
