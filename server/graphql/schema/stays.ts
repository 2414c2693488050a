/** Stays (spec §3 availability calendar; §7 availabilityCalendar). stayLoad is in listing-search.ts. */
import { availabilityCalendar, MAX_CALENDAR_MONTHS, type CalendarDay, type CalendarMonth } from '../../listings/search/availability';
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
  }),
});

const CalendarMonthRef = builder.objectRef<CalendarMonth>('AvailabilityCalendar').implement({
  description: "One month of a stay's availability.",
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The stay’s name.' }),
    days: t.field({ type: [CalendarDayRef], resolve: (m) => m.days }),
    month: t.exposeInt('month', { description: '1 to 12.' }),
    year: t.exposeInt('year'),
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
