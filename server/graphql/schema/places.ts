/** Place search for the search box without a maps key (spec §3 address search result; DESIGN §3). */
import type { Partner } from '../../partners/repository';
import { DEFAULT_PLACE_COUNTRIES, MAX_PLACE_RESULTS, searchPlaces, type PlaceResult } from '../../listings/places/place-search';
import { builder } from './builder';

/** The partner's addressSearchComponentRestrictions.country (spec §9), else US and NP. */
export function partnerCountries(partner: Partner): string[] {
  return contextCountries(partner.appContext);
}

/** The same, from an app context (stored or resolved). */
export function contextCountries(appContext: unknown): string[] {
  const context = appContext as { partner?: { addressSearchComponentRestrictions?: { country?: unknown } } } | null;
  const country = context?.partner?.addressSearchComponentRestrictions?.country;
  const list = typeof country === 'string' ? [country] : Array.isArray(country) ? country : [];
  const codes = list.filter((c): c is string => typeof c === 'string' && /^[A-Za-z]{2}$/.test(c));
  return codes.length > 0 ? codes.map((c) => c.toUpperCase()) : DEFAULT_PLACE_COUNTRIES;
}

const PlaceKindEnum = builder.enumType('PlaceKind', {
  description: 'The kind of a place.',
  values: {
    CITY: { value: 'city' },
    ZIP: { value: 'zip' },
    ADDRESS: { value: 'address' },
    NEIGHBOURHOOD: { value: 'neighbourhood' },
    STATE: { value: 'state', description: 'A US state (or a province of Nepal): the search covers all of it.' },
  } as const,
});

const Place = builder.objectRef<PlaceResult>('Place').implement({
  description: 'A place search result: a state, city, ZIP, neighbourhood or address.',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'e.g. "Salt Lake City, UT, USA".' }),
    lat: t.exposeFloat('lat', { description: '0 when unknown.' }),
    lng: t.exposeFloat('lng', { description: '0 when unknown.' }),
    kind: t.field({ type: PlaceKindEnum, resolve: (p) => p.kind }),
    placeId: t.exposeString('placeId'),
  }),
});

builder.queryField('placeSearch', (t) =>
  t.field({
    type: [Place],
    description:
      'Cities, ZIPs, neighbourhoods and addresses from our listings, best first: exact, then prefix, then ' +
      'typo-tolerant. Restricted to `countries` (two-letter codes), else the partner’s, else US and NP.',
    args: {
      query: t.arg.string({ required: true, description: 'What the visitor typed.' }),
      countries: t.arg.stringList({ description: 'ISO 3166-1 alpha-2 codes, e.g. ["US"].' }),
      limit: t.arg.int({ description: `Default 8, at most ${MAX_PLACE_RESULTS}.` }),
    },
    resolve: (_root, args, ctx) => searchPlaces(ctx.db, args.query, args.countries ?? partnerCountries(ctx.partner), args.limit ?? undefined),
  }),
);
