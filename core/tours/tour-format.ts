/**
 * How tour times read to people, in the elements and in the server's mails: always in the listing's zone,
 * with the zone named (e.g. MST).
 */
import { TZDate } from '@date-fns/tz';
import { requestTourTexts } from '../i18n/tours';
import { dayKeyOf, dayLabel, timeLabel } from './tour-times';

/** 'Tue, Jan 14, 2025, 9:00 AM MST' for an instant (ISO text or a Date), in the listing's zone. */
export function formatTourTime(at: string | Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
}

/** The zone's short name at an instant: 'MST' in winter, 'MDT' in summer for America/Denver. */
export function zoneName(at: Date, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** 'Tue, Jan 14 at 9:00 AM' for a chosen slot, on the listing's calendar (the grid's own labels). */
export function slotText(iso: string, zone: string): string {
  const local = new TZDate(Date.parse(iso), zone);
  return requestTourTexts.slotLabel(dayLabel(dayKeyOf(local, zone)), timeLabel(local.getHours() * 60 + local.getMinutes()));
}
