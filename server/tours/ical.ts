/** iCalendar (RFC 5545) files for scheduled tours and open houses: one VEVENT, times in UTC, CRLF lines folded at 75 octets. */
import { TZDate } from '@date-fns/tz';

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  status?: 'CONFIRMED' | 'CANCELLED';
  /** DTSTAMP: when the file was made. */
  stamp: Date;
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma escaped; line breaks as \n. */
export const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');

/** 20250309T150000Z. */
export const utcStamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/** Folds a content line at 75 octets (never inside a UTF-8 character); continuations start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines carry the leading space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function renderCalendar(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hearth//Tours and open houses//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `STATUS:${event.status ?? 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Spec §9 pattern test-{year}.{month}.{day}.ical, with the event's date at the listing (no zero padding). */
export function icalFileName(start: Date, zone: string): string {
  const d = new TZDate(start.getTime(), zone);
  return `test-${d.getFullYear()}.${d.getMonth() + 1}.${d.getDate()}.ical`;
}
