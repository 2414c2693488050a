/**
 * Dates as the public pages write them. Each format is made once per time zone and kept: making one costs a phone
 * about a millisecond, and the listing page's price history and every card's next open house made theirs per row
 * (issue 38).
 */
const OPTIONS = {
  /** 'Mar 5, 2026' */
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 'Sat, Nov 28' */
  weekday: { weekday: 'short', month: 'short', day: 'numeric' },
  /** '1:00 PM' */
  time: { hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The en-US format of `kind` in the given time zone (else the viewer's). */
export function dateFormat(kind: keyof typeof OPTIONS, timeZone?: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-US', { ...OPTIONS[kind], timeZone })));
  return format;
}

/** An ISO 8601 instant as a short day, e.g. 'Mar 5, 2026', in the given time zone (else the viewer's); the text itself when it is no date. */
export function dayText(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat('day', timeZone).format(date);
}
