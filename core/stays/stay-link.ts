/**
 * A stay's dates in a link (issue 35, renters): a stay search's cards link to the stay's page with the dates
 * searched, and the page opens its calendar with them chosen. One spelling for both ends: `checkIn`,
 * `checkOut` (YYYY-MM-DD), as the /stays search's own URL.
 */
export interface StayDatesChosen {
  checkIn: string | null;
  checkOut: string | null;
}

/** `?checkIn=…&checkOut=…` when both dates are given and in order, else ''. */
export function stayDatesQuery({ checkIn, checkOut }: StayDatesChosen): string {
  return checkIn && checkOut && checkIn < checkOut ? `?checkIn=${checkIn}&checkOut=${checkOut}` : '';
}
