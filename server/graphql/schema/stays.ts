/**
 * Stays (spec §3 availability calendar; §7 availabilityCalendar) and their booking requests (requestStay).
 * stayLoad is in listing-search.ts.
 */
import { availabilityCalendar, MAX_CALENDAR_MONTHS, type CalendarDay, type CalendarMonth } from '../../listings/search/availability';
import { partnerAppContext } from '../../partners/app-context';
import { MAX_STAY_GUESTS } from '../../../core/stays/stay-rules';
import { requestStay, type StayRequest } from '../../stays/stays';
import { builder } from './builder';
import { ListingIdArgs, parseArgs } from './input';

const CalendarDayRef = builder.objectRef<CalendarDay>('AvailabilityDay').implement({
  description: "One day of a stay's calendar: whether it is free, for check-in and for check-out.",
  fields: (t) => ({
    dayOfWeek: t.exposeInt('dayOfWeek', { description: '0 = Sunday … 6 = Saturday.' }),
    available: t.exposeBoolean('available'),
    availableForCheckin: t.exposeBoolean('availableForCheckin'),
    availableForCheckout: t.exposeBoolean('availableForCheckout'),
    calendarDate: t.exposeString('calendarDate', { description: 'YYYY-MM-DD.' }),
    maxNights: t.exposeInt('maxNights', { description: '0 on days that are not open.' }),
    minNights: t.exposeInt('minNights', { description: '0 on days that are not open.' }),
    nightlyPriceInPennies: t.exposeFloat('nightlyPriceInPennies', {
      description: "The price of the night that starts on this day, in pennies: the day's own, else the stay's price.",
    }),
  }),
});

const CalendarMonthRef = builder.objectRef<CalendarMonth>('AvailabilityCalendar').implement({
  description: "One month of a stay's availability.",
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The stay’s name.' }),
    days: t.field({ type: [CalendarDayRef], resolve: (m) => m.days }),
    month: t.exposeInt('month', { description: '1 to 12.' }),
    year: t.exposeInt('year'),
    priceInPennies: t.exposeFloat('priceInPennies', { description: "The stay's usual price of one night, in pennies (a day may have its own)." }),
    priceCurrencyCode: t.exposeString('priceCurrencyCode', { description: 'ISO 4217 code of priceInPennies.' }),
    timeZone: t.exposeString('timeZone', { description: 'The stay’s IANA time zone: days before today there are past.' }),
    maxGuests: t.exposeInt('maxGuests', { description: `The most guests requestStay takes for this stay: what it sleeps, else ${MAX_STAY_GUESTS}.` }),
  }),
});

builder.queryField('availabilityCalendar', (t) =>
  t.field({
    type: [CalendarMonthRef],
    nullable: true,
    description: `count months (1 to ${MAX_CALENDAR_MONTHS}) of a stay from month/year; null when no such public stay.`,
    args: {
      listingId: t.arg.id({ required: true, description: "The stay's listing id." }),
      count: t.arg.int({ required: true, description: 'How many months.' }),
      month: t.arg.int({ required: true, description: 'The first month, 1–12.' }),
      year: t.arg.int({ required: true, description: "The first month's year." }),
    },
    resolve: (_root, args, ctx) => availabilityCalendar(ctx.db, parseArgs(ListingIdArgs, args).listingId, args.count, args.month, args.year),
  }),
);

// ---- booking requests --------------------------------------------------------------------------------

const StayRequestRef = builder.objectRef<StayRequest>('StayRequest').implement({
  description: 'A booking request of a stay, stored as a lead of the partner with its dates.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The lead's id." }),
    listingId: t.exposeID('listingId', { description: "The stay's listing id." }),
    checkIn: t.exposeString('checkIn', { description: 'YYYY-MM-DD: the first night.' }),
    checkOut: t.exposeString('checkOut', { description: 'YYYY-MM-DD: the day the guest leaves.' }),
    nights: t.exposeInt('nights', { description: 'Nights from checkIn to checkOut.' }),
    guests: t.exposeInt('guests', { description: 'How many people are coming.' }),
    totalInPennies: t.exposeFloat('totalInPennies', { description: 'nights × the nightly price, in pennies.' }),
    priceCurrencyCode: t.exposeString('priceCurrencyCode', { description: 'ISO 4217 code of totalInPennies.' }),
  }),
});

builder.mutationField('requestStay', (t) =>
  t.field({
    type: StayRequestRef,
    description:
      'A guest asks to book a stay: the dates must pass the calendar rules (check-in today or later on a check-in day, nights within that day’s minNights–maxNights, every night available, check-out allowed on the last day). Stored as a lead with the dates and guests; the partner’s agent is mailed. 10 per minute per client.',
    args: {
      listingId: t.arg.id({ required: true, description: "The stay's listing id." }),
      checkIn: t.arg.string({ required: true, description: 'YYYY-MM-DD: the first night.' }),
      checkOut: t.arg.string({ required: true, description: 'YYYY-MM-DD: the day the guest leaves.' }),
      firstName: t.arg.string({ required: true, description: "The guest's first name." }),
      lastName: t.arg.string({ required: true, description: "The guest's last name." }),
      email: t.arg.string({ required: true, description: "The guest's email (the contact form's rules)." }),
      phone: t.arg.string({ required: true, description: "The guest's phone, 10 to 15 digits." }),
      message: t.arg.string({ required: true, description: 'A message to the host, at least 6 characters.' }),
      guests: t.arg.int({
        required: true,
        description: `How many people are coming: 1 to the listing's maxGuests, or ${MAX_STAY_GUESTS} when it does not say (else BAD_USER_INPUT, argument guests).`,
      }),
    },
    resolve: (_root, args, ctx) =>
      requestStay(
        {
          db: ctx.db,
          partner: ctx.partner,
          appContext: partnerAppContext(ctx.partner).context,
          clientKey: ctx.payer.key,
          publicOrigin: ctx.publicOrigin,
        },
        { ...args, listingId: parseArgs(ListingIdArgs, args).listingId },
      ),
  }),
);
