/** How the resource centre writes a post's dates: `March 4, 2026` (en-US, the viewer's time zone unless given). */
export function formatPostDate(iso: string | null, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** A date with its time, for the editor: `Mar 4, 2026, 9:30 AM`. */
export function formatPostDateTime(iso: string | null, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}
