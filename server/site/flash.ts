/**
 * A message for the next page the browser shows (a "flash"): the hosted site's log-out page leaves 'You've been
 * successfully logged out.' (spec §4, §8) for the page it goes on to, whatever that page holds — a page without
 * any element says it too. The page that sets it writes a short-lived HttpOnly cookie; the next HTML page read
 * with the cookie writes the message as a `<hearth-toaster message>` (the elements' own toast: bottom right,
 * 5000 ms, a close button, read out politely), deletes the cookie and is not cached. No script of our own in the
 * page: the strict CSP stays as it is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authTexts } from '../../core/i18n/auth';
import { parseCookies } from '../accounts/session';
import { escapeHtml } from './html';

export const FLASH_COOKIE = 'hearth-flash';
/** Long enough for the log-out page's script to revoke the token and go on. */
export const FLASH_SECONDS = 60;

const FLASHES = {
  'logged-out': { message: authTexts.loggedOut, tone: 'success' },
} as const;

export type Flash = keyof typeof FLASHES;

const isFlash = (value: string | undefined): value is Flash => value !== undefined && Object.hasOwn(FLASHES, value);

/** The flash the request carries, if it names one of ours. */
export const readFlash = (req: IncomingMessage): Flash | null => {
  const value = parseCookies(req.headers.cookie).get(FLASH_COOKIE);
  return isFlash(value) ? value : null;
};

function appendSetCookie(res: ServerResponse, value: string): void {
  const before = res.getHeader('Set-Cookie');
  const list = before === undefined ? [] : Array.isArray(before) ? before : [String(before)];
  res.setHeader('Set-Cookie', [...list, value]);
}

const flashCookie = (value: string, maxAgeSeconds: number, publicOrigin: string) =>
  `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax; HttpOnly${publicOrigin.startsWith('https:') ? '; Secure' : ''}`;

/** Leaves `flash` for the next page. */
export const setFlash = (res: ServerResponse, flash: Flash, publicOrigin: string) => appendSetCookie(res, flashCookie(flash, FLASH_SECONDS, publicOrigin));

/** The flash is said once: the page that says it deletes it (and is sent with FLASH_CACHE_CONTROL: no cache keeps it). */
export const consumeFlash = (res: ServerResponse, publicOrigin: string) => appendSetCookie(res, flashCookie('', 0, publicOrigin));

export const FLASH_CACHE_CONTROL = 'private, no-store';

/** The toast of a flash, and its text for a browser without JavaScript. */
export function flashHtml(flash: Flash): string {
  const { message, tone } = FLASHES[flash];
  const text = escapeHtml(message);
  return `<hearth-toaster message="${text}" tone="${tone}"></hearth-toaster><noscript><p class="flash" role="status">${text}</p></noscript>`;
}
