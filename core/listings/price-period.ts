/**
 * What a listing's price is per: a rent is per month, a stay per night, a sale is the price itself. The
 * feed's own label wins (RESO LeaseAmountFrequency gives '/wk', '/yr', …: server/listings/reso/mapping.ts).
 */
const RENT_PERIOD = '/mo';
const STAY_PERIOD = '/night';

/** '/mo', '/night', the feed's label, or '' for a sale. */
export function pricePeriod(listing: { classification?: string | null; priceLabel?: string | null }): string {
  if (listing.priceLabel && /^\/[a-z]{1,12}$/.test(listing.priceLabel)) return listing.priceLabel;
  if (listing.classification === 'RENT') return RENT_PERIOD;
  if (listing.classification === 'STAY') return STAY_PERIOD;
  return '';
}
