/**
 * The home at a point (spec §7 sellerHomeAt), from our own listings' addresses and without a maps key:
 * the street when a known address is there (`exact`), else the area. Null when nothing of ours is near.
 * Asked by the sell page's start (core/sellers/use-start-listing.ts) and the questionnaire's reverse
 * geocoding (reverse-api.ts); cache-first, errors returned, not toasted.
 */
import * as z from 'zod/mini';
import { query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

export const SellerHomeAtQuery = /* GraphQL */ `
  query SellerHomeAt($lat: Float!, $lng: Float!) {
    sellerHomeAt(lat: $lat, lng: $lng) {
      address
      city
      county
      short_state
      zip_code
      exact
    }
  }
`;

const short = () => z.string().check(z.maxLength(300));
const buildHomeSchema = () => z.object({ address: short(), city: short(), county: short(), short_state: short(), zip_code: short(), exact: z.boolean() });
export type HomeAtPoint = z.infer<ReturnType<typeof buildHomeSchema>>;

const homeSchema = lazySchema(() => z.nullable(buildHomeSchema()));

export function loadHomeAt(lat: number, lng: number): Promise<Result<HomeAtPoint | null>> {
  return query(SellerHomeAtQuery, { lat, lng }, homeSchema, { muteError: true, requestPolicy: 'cache-first' });
}
