/**
 * availabilityCalendar (spec §3 availability calendar): a stay's days, month by month, from
 * stay_availability. A day without a row is not available (the host has not opened it).
 */
import { stayGuestLimit } from '../../../core/stays/stay-rules';
import type { Queryable } from '../../db';
import { PUBLIC_LISTING } from './listing';
import { badInput } from '../../domain-error';

/** One day of a stay's calendar as stored (stay_availability), as the calendar and requestStay read it. */
export interface AvailabilityDayRow {
  day: string;
  available: boolean;
  available_for_checkin: boolean;
  available_for_checkout: boolean;
  min_nights: number;
  max_nights: number;
  price_in_pennies: number | string | null;
}

export const MAX_CALENDAR_MONTHS = 12;

export interface CalendarDay {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  available: boolean;
  availableForCheckin: boolean;
  availableForCheckout: boolean;
  /** YYYY-MM-DD. */
  calendarDate: string;
  maxNights: number;
  minNights: number;
  /** The price of the night that starts this day: the day's own, else the stay's price. */
  nightlyPriceInPennies: number;
}

export interface CalendarMonth {
  /** The stay's name: its title, else its city. */
  name: string;
  days: CalendarDay[];
  month: number;
  year: number;
  /** The stay's price for one night. */
  priceInPennies: number;
  priceCurrencyCode: string;
  /** The stay's IANA time zone: its "today" decides which days are past. */
  timeZone: string;
  /** The most guests a booking request may name: what the stay sleeps, else MAX_STAY_GUESTS. */
  maxGuests: number;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** `count` months from month/year; null when the listing is not a public stay. */
export async function availabilityCalendar(
  db: Queryable,
  listingId: number,
  count: number,
  month: number,
  year: number,
): Promise<CalendarMonth[] | null> {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_CALENDAR_MONTHS) {
    throw badInput(`count must be from 1 to ${MAX_CALENDAR_MONTHS}.`, 'count');
  }
  if (!Number.isSafeInteger(month) || month < 1 || month > 12) throw badInput('month must be from 1 to 12.', 'month');
  if (!Number.isSafeInteger(year) || year < 2000 || year > 2100) throw badInput('year must be from 2000 to 2100.', 'year');

  const { rows: listings } = await db.query<{
    title: string | null;
    city: string;
    price_in_pennies: number;
    price_currency_code: string;
    time_zone: string;
    max_guests: number | null;
  }>(
    `SELECT l.title, l.city, l.price_in_pennies, l.price_currency_code, l.time_zone, l.max_guests FROM listings l WHERE l.id = $1 AND ${PUBLIC_LISTING} AND l.classification = 'stay'`,
    [listingId],
  );
  const listing = listings[0];
  if (!listing) return null;

  const endMonthIndex = month - 1 + count;
  const from = iso(year, month, 1);
  const to = iso(year + Math.floor(endMonthIndex / 12), (endMonthIndex % 12) + 1, 1);
  const { rows } = await db.query<AvailabilityDayRow>(
    `SELECT calendar_date::text AS day, available, available_for_checkin, available_for_checkout, min_nights, max_nights,
            price_in_pennies
       FROM stay_availability WHERE listing_id = $1 AND calendar_date >= $2::date AND calendar_date < $3::date`,
    [listingId, from, to],
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));

  const months: CalendarMonth[] = [];
  for (let i = 0; i < count; i++) {
    const index = month - 1 + i;
    const y = year + Math.floor(index / 12);
    const m = (index % 12) + 1;
    const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const days: CalendarDay[] = [];
    for (let d = 1; d <= length; d++) {
      const date = iso(y, m, d);
      const row = byDay.get(date);
      days.push({
        dayOfWeek: new Date(Date.UTC(y, m - 1, d)).getUTCDay(),
        available: row?.available ?? false,
        availableForCheckin: row?.available_for_checkin ?? false,
        availableForCheckout: row?.available_for_checkout ?? false,
        calendarDate: date,
        maxNights: row?.max_nights ?? 0,
        minNights: row?.min_nights ?? 0,
        nightlyPriceInPennies: Number(row?.price_in_pennies ?? listing.price_in_pennies),
      });
    }
    months.push({
      name: listing.title ?? listing.city,
      days,
      month: m,
      year: y,
      priceInPennies: Number(listing.price_in_pennies),
      priceCurrencyCode: listing.price_currency_code.trim(),
      timeZone: listing.time_zone,
      maxGuests: stayGuestLimit(listing.max_guests),
    });
  }
  return months;
}
