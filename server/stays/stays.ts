/**
 * Booking requests of stays (issue 18): a guest asks for dates on <hearth-availability-calendar>; the dates
 * are checked against the stay's calendar with the rules the calendar applies (core/stays/stay-rules.ts),
 * then stored as a lead of the partner with the dates, and the partner's agent is mailed in the same
 * transaction. Rate-limited per client and partner like the contact form.
 */
import { brandName } from '../../core/config/brand';
import { stayProblemMessage } from '../../core/stays/calendar-state';
import { checkStay, daysByDate, isCalendarDate, isStayGuests, nightsBetween, stayCost, stayGuestLimit, todayIn, type StayDay } from '../../core/stays/stay-rules';
import { stayTexts } from '../../core/i18n/stays';
import { formatAddress } from '../../core/format/address';
import { formatMoney } from '../../core/format/money';
import { contextPhoneCountry } from '../../core/format/phone';
import { phoneRules } from '../../core/format/phone-static';
import { validateContact, type ContactFormValues } from '../../core/validation/contact';
import { shownPhone } from '../contact/phone';
import { insertLead } from '../contact/leads';
import { HEARTH_LEADS_ADDRESS } from '../contact/notification';
import type { Database, Queryable } from '../db';
import { badFields, badInput, DomainError, rateLimited } from '../domain-error';
import { rateLimitsFor, retryAfterSeconds, type RateLimit } from '../http/rate-limit';
import { findPublicListing, type PublicListing } from '../listings/search/listing';
import type { AvailabilityDayRow } from '../listings/search/availability';
import { MAX_STAY_NIGHTS, type GeoInput, type PlaceFilter } from '../listings/search/filters';
import { queueMail, type OutgoingMail } from '../mail/outbox';
import type { AppContext } from '../../core/config/schema';

/** As the contact form's default (server/app.ts): generous for people, tight for abuse. */
export const STAY_REQUEST_RATE_LIMIT: RateLimit = { max: 10, windowMs: 60_000 };

export const NOT_A_STAY = 'This listing is not a stay: only stays take booking requests.';
export const NO_SUCH_STAY = 'No such stay.';

export interface StayRequestInput {
  listingId: number;
  checkIn: string;
  checkOut: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  /** How many people are coming: 1 to the listing's maxGuests (else MAX_STAY_GUESTS). */
  guests: number;
}

export interface StayRequest {
  /** The lead's id. */
  id: string;
  listingId: number;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  totalInPennies: number;
  priceCurrencyCode: string;
}

export interface StayRequestContext {
  db: Database;
  partner: { id: number; slug: string };
  appContext: AppContext;
  /** Who is rate-limited: `user:<id>` or `ip:<address>`. */
  clientKey: string;
  publicOrigin: string;
  now?: Date;
}

type DayRow = AvailabilityDayRow;

/** The calendar days from checkIn to checkOut, both included. */
async function stayDays(db: Queryable, listingId: number, checkIn: string, checkOut: string): Promise<Map<string, StayDay>> {
  const { rows } = await db.query<DayRow>(
    `SELECT calendar_date::text AS day, available, available_for_checkin, available_for_checkout, min_nights, max_nights,
            price_in_pennies
       FROM stay_availability WHERE listing_id = $1 AND calendar_date BETWEEN $2::date AND $3::date`,
    [listingId, checkIn, checkOut],
  );
  return daysByDate(
    rows.map((r) => ({
      calendarDate: r.day,
      available: r.available,
      availableForCheckin: r.available_for_checkin,
      availableForCheckout: r.available_for_checkout,
      minNights: r.min_nights,
      maxNights: r.max_nights,
      ...(r.price_in_pennies === null ? {} : { nightlyPriceInPennies: Number(r.price_in_pennies) }),
    })),
  );
}

function checkDates(checkIn: string, checkOut: string): void {
  if (!isCalendarDate(checkIn)) throw badInput('checkIn must be a date as YYYY-MM-DD.', 'checkIn');
  if (!isCalendarDate(checkOut)) throw badInput('checkOut must be a date as YYYY-MM-DD.', 'checkOut');
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1 || nights > MAX_STAY_NIGHTS) throw badInput(`checkOut must be 1 to ${MAX_STAY_NIGHTS} nights after checkIn.`, 'checkOut');
}

function checkContact(input: StayRequestInput, appContext: AppContext): ContactFormValues {
  const result = validateContact({
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    comment: input.message,
  }, phoneRules.check(contextPhoneCountry(appContext)));
  if (result.ok) return result.value;
  const { comment, ...others } = result.errors;
  throw badFields({ ...others, ...(comment ? { message: comment } : {}) });
}

export function stayRequestMail(input: {
  appContext: AppContext;
  guest: ContactFormValues;
  listing: Pick<PublicListing, 'slugId' | 'listingCodeId' | 'address' | 'title'>;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  total: string;
  publicOrigin: string;
}): OutgoingMail {
  const { guest, listing } = input;
  const name = `${guest.firstName} ${guest.lastName}`;
  const stay = listing.title || formatAddress(listing.address);
  return {
    to: input.appContext.agentEmail || input.appContext.supportEmail || HEARTH_LEADS_ADDRESS,
    senderName: brandName(input.appContext),
    subject: `Booking request for ${stay}: ${input.checkIn} to ${input.checkOut}`,
    body: [
      `${name} asks to book ${stay}.`,
      '',
      `Check-in: ${input.checkIn}`,
      `Check-out: ${input.checkOut}`,
      `Nights: ${input.nights}`,
      `Guests: ${input.guests}`,
      `Total: ${input.total}`,
      '',
      `Name: ${name}`,
      `Email: ${guest.email}`,
      `Phone: ${shownPhone(guest.phone, contextPhoneCountry(input.appContext))}`,
      `Listing: ${input.publicOrigin}/listing/${listing.slugId}/${listing.listingCodeId}`,
      '',
      guest.comment,
    ].join('\n'),
  };
}

/** Checks and stores a booking request; the refusals name the argument at fault. */
export async function requestStay(ctx: StayRequestContext, input: StayRequestInput): Promise<StayRequest> {
  const { db } = ctx;
  const decision = await rateLimitsFor(db).hit('stay-request', STAY_REQUEST_RATE_LIMIT, `${ctx.clientKey}|${ctx.partner.slug}`);
  if (!decision.allowed) {
    const seconds = retryAfterSeconds(decision.retryAfterMs);
    throw rateLimited(`Too many booking requests. Try again in ${seconds} seconds.`, seconds);
  }
  const guest = checkContact(input, ctx.appContext);
  checkDates(input.checkIn, input.checkOut);

  const listing = await findPublicListing(db, input.listingId);
  if (!listing) throw new DomainError('NOT_FOUND', NO_SUCH_STAY, 'listingId');
  if (listing.classification !== 'stay') throw badInput(NOT_A_STAY, 'listingId');
  const guestLimit = stayGuestLimit(listing.maxGuests);
  if (!isStayGuests(input.guests, guestLimit)) throw badInput(stayTexts.form.guestsLimit(guestLimit), 'guests', { maxGuests: guestLimit });

  const today = todayIn(listing.timeZone, ctx.now);
  const days = await stayDays(db, listing.id, input.checkIn, input.checkOut);
  const check = checkStay(days, input.checkIn, input.checkOut, today);
  if (!check.ok) {
    throw badInput(stayProblemMessage(check.problem), check.problem.kind === 'past' || check.problem.kind === 'check-in-unavailable' ? 'checkIn' : 'checkOut', {
      problem: check.problem.kind,
    });
  }
  const { totalInPennies } = stayCost(days, input.checkIn, check.nights, listing.priceInPennies);
  const mail = stayRequestMail({
    appContext: ctx.appContext,
    guest,
    listing,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    nights: check.nights,
    guests: input.guests,
    total: formatMoney(totalInPennies, listing.priceCurrencyCode),
    publicOrigin: ctx.publicOrigin,
  });
  const id = await db.transaction(async (tx) => {
    const leadId = await insertLead(
      tx,
      { ...guest, partnerId: ctx.partner.id, listingId: listing.id, pageOrigin: null, stay: { checkIn: input.checkIn, checkOut: input.checkOut, guests: input.guests }, source: 'stay' },
      ctx.publicOrigin,
    );
    await queueMail(tx, mail);
    return leadId;
  });
  return {
    id,
    listingId: listing.id,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    nights: check.nights,
    guests: input.guests,
    totalInPennies,
    priceCurrencyCode: listing.priceCurrencyCode,
  };
}

/**
 * The region of a stay search (issue 35, renters): the place or map area searched; with neither, the
 * partner's country (the first of its search countries, the one its prices and phone numbers are read
 * for), so a search never mixes another country's stays and currency into the partner's.
 */
export function stayRegion(appContext: unknown, where: { place?: PlaceFilter | null; geo?: GeoInput | null }): readonly string[] | null {
  return where.place || where.geo ? null : [contextPhoneCountry(appContext)];
}
