import type { Queryable } from '../db';

export interface ListingPhoto {
  photoUrl: string;
  description: string | null;
}

export interface ListingRecord {
  id: number;
  listingCodeId: string;
  slugId: string;
  address: { streetLine1: string; city: string; stateProvince: string; postalCode: string };
  priceInPennies: number;
  priceCurrencyCode: string;
  photos: ListingPhoto[];
}

interface ListingRow {
  id: number;
  listing_code_id: string;
  slug_id: string;
  street_line1: string;
  city: string;
  state_province: string;
  postal_code: string;
  price_in_pennies: number;
  price_currency_code: string;
  photos: ListingPhoto[];
}

const LISTING_ID_TEXT = /^[1-9][0-9]{0,15}$/;

/**
 * A listing id from a client: a JSON number or a string of digits (GraphQL IDs are strings), positive
 * and small enough for a JavaScript number to hold exactly. Null when it is anything else.
 */
export function parseListingId(value: unknown): number | null {
  const n = typeof value === 'string' && LISTING_ID_TEXT.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * A listing as the public may see it: null when the feed says it is not for internet display, and
 * without its street when the address is withheld (RESO InternetEntireListingDisplayYN /
 * InternetAddressDisplayYN).
 */
export async function findListingById(db: Queryable, id: number): Promise<ListingRecord | null> {
  const { rows } = await db.query<ListingRow>(
    `SELECT id, listing_code_id, slug_id,
            CASE WHEN internet_address_display THEN street_line1 ELSE '' END AS street_line1,
            city, state_province, postal_code, price_in_pennies, price_currency_code, photos
       FROM listings WHERE id = $1 AND internet_entire_listing_display`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    listingCodeId: row.listing_code_id,
    slugId: row.slug_id,
    address: {
      streetLine1: row.street_line1,
      city: row.city,
      stateProvince: row.state_province,
      postalCode: row.postal_code,
    },
    priceInPennies: row.price_in_pennies,
    priceCurrencyCode: row.price_currency_code.trim(),
    photos: row.photos,
  };
}

/** One line, as the contact form's "Go see {address}" and lead mails show it. */
export const formatAddress = ({ address: a }: ListingRecord) =>
  `${a.streetLine1 ? `${a.streetLine1}, ` : ''}${a.city}, ${a.stateProvince} ${a.postalCode}`;
