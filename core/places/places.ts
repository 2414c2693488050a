/**
 * Place search for the search box (spec §3 address search result, §9): without a maps key, our own
 * server's `placeSearch` over cities, ZIPs, addresses and neighbourhoods, restricted to the partner's
 * countries (default US and NP). Missing coordinates are 0.
 */
import * as z from 'zod/mini';
import { query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

export interface Place {
  description: string;
  lat: number;
  lng: number;
  kind: 'state' | 'city' | 'zip' | 'address' | 'neighbourhood' | 'current-location';
  placeId: string;
}

/** Spec §9: autocomplete starts this long after the box loads. */
export const AUTOCOMPLETE_START_MS = 1000;
/** Spec §9: focus events are debounced by this much. */
export const FOCUS_DEBOUNCE_MS = 150;
/** Keystrokes are debounced by this much before a request (ours). */
export const TYPING_DEBOUNCE_MS = 200;
/** Spec §9 default countries. */
export const DEFAULT_COUNTRIES = ['us', 'np'] as const;

export const PlaceSearchQuery = /* GraphQL */ `
  query PlaceSearch($query: String!, $countries: [String!], $limit: Int) {
    placeSearch(query: $query, countries: $countries, limit: $limit) {
      description
      lat
      lng
      kind
      placeId
    }
  }
`;

const placesSchema = lazySchema(() =>
  z.array(
    z.object({
      description: z.string(),
      lat: z.nullable(z.number()),
      lng: z.nullable(z.number()),
      kind: z.enum(['STATE', 'CITY', 'ZIP', 'ADDRESS', 'NEIGHBOURHOOD']),
      placeId: z.string(),
    }),
  ),
);

/** Suggestions from our server; none when the text is blank. */
export async function searchPlaces(typed: string, countries: readonly string[], limit = 8): Promise<Result<Place[]>> {
  const text = typed.trim();
  if (!text) return { ok: true, value: [] };
  const found = await query(
    PlaceSearchQuery,
    { query: text.slice(0, 200), countries: countries.map((c) => c.toUpperCase()), limit },
    placesSchema,
    { muteError: true, requestPolicy: 'cache-first' },
  );
  if (!found.ok) return found;
  return {
    ok: true,
    value: found.value.map((p) => ({
      description: p.description,
      lat: p.lat ?? 0,
      lng: p.lng ?? 0,
      kind: p.kind.toLowerCase() as Place['kind'],
      placeId: p.placeId,
    })),
  };
}

/** 'Salt Lake City, UT, USA' → 'Salt-Lake-City,-UT,-USA' (the search route's location segment, spec §3). */
export const locationSlug = (description: string) => description.trim().replace(/\s+/g, '-');

/** The inverse of `locationSlug`. */
export const locationFromSlug = (slug: string) => slug.replace(/-/g, ' ').replace(/\s+,/g, ',');
