/** A stay's booking request on a lead (server/stays, migration 150 and 400): its dates and guests, as stored and read. */

export interface StayDates {
  checkIn: string;
  checkOut: string;
  /** How many people are coming; null on requests stored before requestStay asked (migration 400). */
  guests: number | null;
}

/** The stay of a lead's row (null unless it is a booking request). */
export const stayOfRow = (r: { stay_check_in: string | null; stay_check_out: string | null; stay_guests: number | string | null }): StayDates | null =>
  r.stay_check_in && r.stay_check_out
    ? { checkIn: r.stay_check_in, checkOut: r.stay_check_out, guests: r.stay_guests === null ? null : Number(r.stay_guests) }
    : null;

/** The stay columns of `leads` as LeadMessageRow reads them (`alias.` before each). */
export const stayColumns = (alias: string) =>
  `${alias}stay_check_in::text AS stay_check_in, ${alias}stay_check_out::text AS stay_check_out, ${alias}stay_guests`;
