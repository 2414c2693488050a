import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icalFileName, renderCalendar } from './ical';

describe('iCalendar', () => {
  it('escapes TEXT per RFC 5545', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
  it('folds at 75 octets without splitting UTF-8 characters', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(80)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(80)}`);
  });
  it('renders one VEVENT in UTC with CRLF', () => {
    const ics = renderCalendar({
      uid: 'tour-1@h',
      start: new Date('2025-03-09T15:00:00Z'),
      end: new Date('2025-03-09T16:00:00Z'),
      summary: 'Home tour: 1 Main St, Salt Lake City, UT 84101',
      stamp: new Date('2025-03-01T00:00:00.123Z'),
    });
    expect(ics).toContain('DTSTART:20250309T150000Z\r\nDTEND:20250309T160000Z\r\n');
    expect(ics).toContain('DTSTAMP:20250301T000000Z');
    expect(ics).toContain('SUMMARY:Home tour: 1 Main St\\, Salt Lake City\\, UT 84101');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });
  it('names the file by the listing-local date', () => {
    // 03:00 UTC on Mar 10 is 9 pm MDT on Mar 9.
    expect(icalFileName(new Date('2025-03-10T03:00:00Z'), 'America/Denver')).toBe('test-2025.3.9.ical');
  });
});
