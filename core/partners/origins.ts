/**
 * The origins a partner allows to call the API from their pages (CORS), one rule for the console (checked
 * while typing) and the server (updatePartnerSettings, and every request through server/http/cors.ts):
 *
 * - `https://host` or `https://host:port`: exactly that origin;
 * - `https://*.example.com`: any subdomain of example.com (not example.com itself), over https on the
 *   default port: a wildcard is only ever written explicitly, as the first label;
 * - `http://` only for loopback (`localhost`, `127.x.x.x`, `[::1]`), and only outside production.
 */

export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const MAX_ORIGIN_LENGTH = 253 + 20;

const isLoopbackHost = (host: string) => host === 'localhost' || host === '[::1]' || IPV4_LOOPBACK.test(host);

/** A DNS name of at least two labels (or an IPv4 address), lower case. */
function isHostName(host: string): boolean {
  if (IPV4.test(host)) return host.split('.').every((part) => Number(part) <= 255);
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1)!);
}

/**
 * `text` as an allowed origin in its canonical form (lower case, no default port, no trailing slash), or
 * why it is not one. `production`: loopback origins are refused.
 */
export function checkAllowedOrigin(text: string, production: boolean): OriginCheck {
  const value = text.trim().replace(/\/$/, '');
  if (value === '') return { ok: false, message: 'Enter an origin, like https://www.example.com.' };
  if (value.length > MAX_ORIGIN_LENGTH) return { ok: false, message: 'That origin is too long.' };
  const match = /^(https?):\/\/(\*\.)?([^/:?#@\s]+|\[::1\])(?::(\d{1,5}))?$/i.exec(value);
  if (!match) {
    return { ok: false, message: `"${value.slice(0, 80)}" is not an origin: write the scheme and host only, like https://www.example.com.` };
  }
  const scheme = match[1]!.toLowerCase();
  const wildcard = match[2] !== undefined;
  const host = match[3]!.toLowerCase();
  const port = match[4];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return { ok: false, message: `Port ${port} does not exist.` };
  if (isLoopbackHost(host)) {
    if (production) return { ok: false, message: 'Loopback origins (localhost) are for development only.' };
    if (wildcard) return { ok: false, message: 'A wildcard cannot stand before a loopback host.' };
  } else {
    if (!isHostName(host)) return { ok: false, message: `"${host.slice(0, 80)}" is not a host name, like www.example.com.` };
    if (scheme !== 'https') return { ok: false, message: 'Origins other than localhost must use https://.' };
    if (wildcard && IPV4.test(host)) return { ok: false, message: 'A wildcard needs a domain name, like https://*.example.com.' };
    if (wildcard && port !== undefined) return { ok: false, message: 'A wildcard origin cannot name a port.' };
  }
  const defaultPort = scheme === 'https' ? '443' : '80';
  const portPart = port !== undefined && String(Number(port)) !== defaultPort ? `:${Number(port)}` : '';
  return { ok: true, origin: `${scheme}://${wildcard ? '*.' : ''}${host}${portPart}` };
}

/**
 * Whether a canonical request origin (`new URL(origin).origin`) is allowed by one stored entry: equal to
 * it, or, for `https://*.domain`, an https origin on the default port whose host ends in `.domain`.
 */
export function originMatches(allowed: string, origin: string): boolean {
  if (allowed === origin) return true;
  const wildcard = /^https:\/\/\*\.([a-z0-9.-]+)$/.exec(allowed);
  if (!wildcard) return false;
  const match = /^https:\/\/([a-z0-9.-]+)$/.exec(origin);
  return match !== null && match[1]!.endsWith(`.${wildcard[1]}`) && match[1]!.length > wildcard[1]!.length + 1;
}
