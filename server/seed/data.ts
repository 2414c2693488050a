/**
 * Demo data: the default partner, an agent partner (acme), the special partner domain of spec §1
 * (summit), and three Salt Lake City listings. Demo API keys are public on purpose (docs/api.md, tests);
 * production partners get generated keys.
 */
import { UNBRANDED } from '../../core/config/brand-fields';
import { DEFAULT_APP_CONTEXT, type AppContext } from '../../core/config/schema';
import { DEFAULT_PARTNER_SLUG } from '../partners/repository';
import type { NewDemoListing } from './demo-listing';

/** Demo API keys for GET /v1/api/leads/. */
export const DEMO_API_KEYS = { acme: 'dev-acme-key', summit: 'dev-summit-key' } as const;

interface SeedPartner {
  slug: string;
  name: string;
  allowedOrigins: string[];
  domains: string[];
  appContext: AppContext;
  apiKey: string | null;
}

export const seedPartners: SeedPartner[] = [
  {
    slug: DEFAULT_PARTNER_SLUG,
    name: 'Hearth',
    // The default brand is what any site gets before it signs up: it may be embedded anywhere.
    allowedOrigins: ['*'],
    domains: [],
    appContext: DEFAULT_APP_CONTEXT,
    apiKey: null,
  },
  {
    slug: 'acme',
    name: 'Acme Realty',
    // Empty in development: loopback origins are accepted anyway outside production.
    allowedOrigins: [],
    domains: [],
    // A partner's brand is its own: none of ours beneath it (issue 35).
    appContext: {
      ...DEFAULT_APP_CONTEXT,
      ...UNBRANDED,
      partner: { ...DEFAULT_APP_CONTEXT.partner, name: 'Acme Realty' },
      themeData: {
        shortHeading: 'Homes with Avery',
        sellEnabled: true,
        rentalEnabled: true,
        tokens: { 'color-primary': '#0b6e4f' },
      },
      agentName: 'Avery Stone',
      agentEmail: 'avery.stone@acme-realty.example',
      // Relative on purpose: the API turns it into an absolute URL on its own public origin.
      agentPic: '/static/demo/avery.svg',
      officeNumber: '+18015550142',
      cellNumber: '+18015550199',
      tollFreeNumber: '+18885550147',
      supportEmail: 'help@acme-realty.example',
      appName: 'Acme Realty',
      websiteName: 'Acme Realty',
      poweredBy: 'Powered by Hearth',
      showPoweredBy: true,
    },
    apiKey: DEMO_API_KEYS.acme,
  },
  {
    slug: 'summit',
    name: 'Summit Peak Realty',
    allowedOrigins: ['https://summit.example'],
    domains: ['summit.example'],
    appContext: {
      ...DEFAULT_APP_CONTEXT,
      ...UNBRANDED,
      partner: { ...DEFAULT_APP_CONTEXT.partner, name: 'Summit Peak Realty' },
      themeData: {
        shortHeading: 'Find your summit',
        sellEnabled: true,
        rentalEnabled: false,
        tokens: { 'color-primary': '#7a3cff' },
      },
      officeNumber: '+18015550123',
      agentEmail: 'leads@summit.example',
      appName: 'Summit Peak Realty',
      websiteName: 'Summit Homes',
      poweredBy: 'Powered by Hearth',
      showPoweredBy: false,
    },
    apiKey: DEMO_API_KEYS.summit,
  },
];

/** A demo listing (where it is and what it is, so it shows on the map and in search too), its year built and what it takes. */
interface SeedListing extends Omit<NewDemoListing, 'title' | 'listedDaysAgo' | 'more'> {
  yearBuilt: number;
  /** Default true; 1003 takes neither tour requests nor offers, so that state shows in the demos and tests. */
  enableRequestTour?: boolean;
  enableOffer?: boolean;
}

export const seedListings: SeedListing[] = [
  {
    id: 1001,
    listingCodeId: 'HRT1001',
    slugId: '455-e-300-s-salt-lake-city-ut-84111',
    streetLine1: '455 E 300 S',
    city: 'Salt Lake City',
    stateProvince: 'UT',
    postalCode: '84111',
    priceInPennies: 48_900_000,
    priceCurrencyCode: 'USD',
    photos: [],
    latitude: 40.764_1,
    longitude: -111.876_9,
    bedrooms: 2,
    bathrooms: 2,
    areaSqFt: 1_180,
    yearBuilt: 2016,
    propertySubType: 'Condominium',
  },
  {
    id: 1002,
    listingCodeId: 'HRT1002',
    slugId: '1387-s-1100-e-salt-lake-city-ut-84105',
    streetLine1: '1387 S 1100 E',
    city: 'Salt Lake City',
    stateProvince: 'UT',
    postalCode: '84105',
    priceInPennies: 62_500_000,
    priceCurrencyCode: 'USD',
    photos: [],
    latitude: 40.737_6,
    longitude: -111.858_3,
    bedrooms: 4,
    bathrooms: 2,
    areaSqFt: 2_240,
    yearBuilt: 1938,
    propertySubType: 'Single Family Residence',
  },
  {
    id: 1003,
    listingCodeId: 'HRT1003',
    slugId: '2734-s-highland-dr-salt-lake-city-ut-84106',
    streetLine1: '2734 S Highland Dr',
    city: 'Salt Lake City',
    stateProvince: 'UT',
    postalCode: '84106',
    priceInPennies: 39_990_000,
    priceCurrencyCode: 'USD',
    photos: [],
    latitude: 40.711_7,
    longitude: -111.854_6,
    bedrooms: 3,
    bathrooms: 2,
    areaSqFt: 1_650,
    yearBuilt: 1955,
    propertySubType: 'Single Family Residence',
    enableRequestTour: false,
    enableOffer: false,
  },
];

/**
 * Demo accounts (development only: never seeded when NODE_ENV=production). The seller owns the demo
 * listings 1001 and 1002 (so their tours, open houses and offers reach them); the agent is a company
 * agent (spec §1: coordinates tours with the seller). Passwords are public on purpose (README).
 */
export const DEMO_USERS = [
  { email: 'seller@hearth.example', password: 'hearth-demo-seller', firstName: 'Sally', lastName: 'Seller', owns: [1001, 1002], companyAgent: false },
  { email: 'buyer@hearth.example', password: 'hearth-demo-buyer', firstName: 'Bo', lastName: 'Buyer', owns: [], companyAgent: false },
  { email: 'agent@hearth.example', password: 'hearth-demo-agent', firstName: 'Avery', lastName: 'Agent', owns: [], companyAgent: true },
  // The resource centre's editor: server/content/seed-posts.ts gives it the editor flag.
  { email: 'editor@hearth.example', password: 'hearth-demo-editor', firstName: 'Eden', lastName: 'Editor', owns: [], companyAgent: false },
] as const;
