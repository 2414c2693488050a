/**
 * A stay's dates in a link (issue 35, renters): a stay search's cards link to the stay's page with the dates
 * and guests searched, and the page opens its calendar with the dates chosen and its booking form with the
 * guests. One spelling for both ends: `checkIn`, `checkOut` (YYYY-MM-DD) and `guests`, as the /stays search's own URL.
 */
export interface StayDatesChosen {
  checkIn: string | null;
  checkOut: string | null;
  /** How many people are coming; null/0: not said. */
  guests?: number | null;
}

/** Whether `value` is a guest count a link may carry: a whole number from 1 to 100 (the stay's own limit is its calendar's). */
export const isGuestCount = (value: number | null | undefined): value is number => Number.isInteger(value) && value! >= 1 && value! <= 100;

/** `?checkIn=…&checkOut=…` when both dates are given and in order, `guests=…` when given; '' when neither. */
export function stayDatesQuery({ checkIn, checkOut, guests }: StayDatesChosen): string {
  const parts = [
    ...(checkIn && checkOut && checkIn < checkOut ? [`checkIn=${checkIn}`, `checkOut=${checkOut}`] : []),
    ...(isGuestCount(guests) ? [`guests=${guests}`] : []),
  ];
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The `guests` of a page's URL when it is a guest count a link may carry, else null. */
export function guestsParam(params: URLSearchParams): number | null {
  const raw = params.get('guests');
  const value = raw && /^[0-9]{1,3}$/.test(raw) ? Number(raw) : null;
  return isGuestCount(value) ? value : null;
}
