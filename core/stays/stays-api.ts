/**
 * Stays over GraphQL (spec §7 availabilityCalendar; requestStay): the operations, checked against
 * server/schema.graphql by core/graphql/operations.test.ts, their answers' shapes, and the calls
 * <hearth-availability-calendar> makes. Errors come back as values; the calendar shows them itself.
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

// ---- operations ----

export const AvailabilityCalendarQuery = /* GraphQL */ `
  query AvailabilityCalendar($listingId: ID!, $count: Int!, $month: Int!, $year: Int!) {
    availabilityCalendar(listingId: $listingId, count: $count, month: $month, year: $year) {
      name
      month
      year
      priceInPennies
      priceCurrencyCode
      timeZone
      maxGuests
      days {
        calendarDate
        dayOfWeek
        available
        availableForCheckin
        availableForCheckout
        minNights
        maxNights
        nightlyPriceInPennies
      }
    }
  }
`;

export const RequestStayMutation = /* GraphQL */ `
  mutation RequestStay(
    $listingId: ID!
    $checkIn: String!
    $checkOut: String!
    $firstName: String!
    $lastName: String!
    $email: String!
    $phone: String!
    $message: String!
    $guests: Int!
  ) {
    requestStay(
      listingId: $listingId
      checkIn: $checkIn
      checkOut: $checkOut
      firstName: $firstName
      lastName: $lastName
      email: $email
      phone: $phone
      message: $message
      guests: $guests
    ) {
      id
      listingId
      checkIn
      checkOut
      nights
      guests
      totalInPennies
      priceCurrencyCode
    }
  }
`;

// ---- shapes ----

const buildMonthSchema = () =>
  z.object({
    name: z.string(),
    month: z.number(),
    year: z.number(),
    priceInPennies: z.number(),
    priceCurrencyCode: z.string(),
    timeZone: z.string(),
    maxGuests: z.number(),
    days: z.array(
      z.object({
        calendarDate: z.string(),
        dayOfWeek: z.number(),
        available: z.boolean(),
        availableForCheckin: z.boolean(),
        availableForCheckout: z.boolean(),
        minNights: z.number(),
        maxNights: z.number(),
        nightlyPriceInPennies: z.number(),
      }),
    ),
  });

export type CalendarMonth = z.infer<ReturnType<typeof buildMonthSchema>>;
export type CalendarDay = CalendarMonth['days'][number];

const calendarSchema = lazySchema(() => z.nullable(z.array(buildMonthSchema())));

const buildStayRequestSchema = () =>
  z.object({
    id: z.string(),
    listingId: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    nights: z.number(),
    guests: z.number(),
    totalInPennies: z.number(),
    priceCurrencyCode: z.string(),
  });

export type StayRequest = z.infer<ReturnType<typeof buildStayRequestSchema>>;
const stayRequestSchema = lazySchema(buildStayRequestSchema);

// ---- calls ----

/** `count` months of a stay from month/year; null when the listing is not a public stay. */
export function loadAvailability(listingId: number, first: { month: number; year: number }, count: number): Promise<Result<CalendarMonth[] | null>> {
  return query(AvailabilityCalendarQuery, { listingId: String(listingId), count, month: first.month, year: first.year }, calendarSchema, {
    muteError: true,
    requestPolicy: 'network-only',
  });
}

export interface StayRequestValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
}

/** What the guest asks for: the dates and how many people are coming. */
export interface StayAsked {
  checkIn: string;
  checkOut: string;
  guests: number;
}

export function requestStay(listingId: number, asked: StayAsked, values: StayRequestValues): Promise<Result<StayRequest>> {
  return mutate(RequestStayMutation, { listingId: String(listingId), ...asked, ...values }, stayRequestSchema, { muteError: true });
}
