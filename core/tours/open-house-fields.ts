/**
 * A listing's open houses as the public sees them (spec §3 Open house): the selection and its shape, shared
 * by the listing page (core/listings/listing-detail-data.ts) and <hearth-open-houses> (open-houses-api.ts).
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

/** The selection of a listing's `openHouse` items. */
export const PUBLIC_OPEN_HOUSE_FIELDS = /* GraphQL */ `
  id
  startDateTime
  endDateTime
  isActive
  isVirtual
  virtualUrl
`;

/** The answer to PUBLIC_OPEN_HOUSE_FIELDS (a shape to spread into z.object). */
export const publicOpenHouseShape = () => ({
  id: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  isActive: z.boolean(),
  isVirtual: z.boolean(),
  virtualUrl: z.nullable(z.string()),
});
