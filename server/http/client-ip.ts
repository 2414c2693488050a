/**
 * Who a request comes from, behind 0…n proxies we trust (`TRUST_PROXY`, issue 33). Each proxy appends the
 * address it received the request from to `X-Forwarded-For` (and its scheme to `X-Forwarded-Proto`), so only
 * the last `hops` entries were written by our proxies: the client is the `hops`-th entry from the right.
 * Everything to its left is whatever the client sent, never believed (with the leftmost entry, a client picked
 * its own address and escaped every per-address limit).
 */
import type { IncomingMessage } from 'node:http';
import { isIP, type Socket } from 'node:net';

/** `trustProxy` as configured: false/0 none, true one proxy (the meaning of `TRUST_PROXY=1`), n that many. */
export type TrustProxy = boolean | number;

/** The number of proxies in front of us. */
export const proxyHops = (trustProxy: TrustProxy): number => (trustProxy === true ? 1 : trustProxy === false ? 0 : trustProxy);

/**
 * `TRUST_PROXY` → the number of proxies in front of the server: unset, '' or '0' none; '1' one (a load balancer
 * or a CDN: what '1' always meant); '2' two (a CDN in front of a load balancer); and so on.
 */
export function parseTrustProxy(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return 0;
  const hops = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(hops) || hops > 10) {
    throw new Error(`TRUST_PROXY must be the number of proxies in front of the server (0 to 10), not "${value}".`);
  }
  return hops;
}

/**
 * The entry of a comma-separated forwarding header (X-Forwarded-For, X-Forwarded-Proto) that the outermost of
 * our `hops` proxies wrote, or null without one. Every occurrence of the header counts, in order; when it has
 * fewer entries than proxies (a proxy that overwrites rather than appends), the leftmost.
 */
export function forwardedEntry(req: IncomingMessage, header: 'x-forwarded-for' | 'x-forwarded-proto', hops: number): string | null {
  if (hops <= 0) return null;
  const raw = req.headers[header];
  if (raw === undefined) return null;
  const entries = (Array.isArray(raw) ? raw.join(',') : raw)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)]!;
}

const unmapped = (address: string) => (address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

/** An address as a proxy may write it: `1.2.3.4`, `1.2.3.4:5678`, `[::1]:80`, `::1`; null when it is none. */
function addressOf(entry: string): string | null {
  let text = entry;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  return isIP(text) ? unmapped(text) : null;
}

/** The address of a connection's peer (IPv4-mapped IPv6 addresses as IPv4). */
export const peerAddress = (socket: Socket): string => unmapped(socket.remoteAddress ?? 'unknown');

/** The client's IP: the socket's peer, or behind `trustProxy` proxies the address the outermost one received it from. */
export function clientIp(req: IncomingMessage, trustProxy: TrustProxy): string {
  const forwarded = forwardedEntry(req, 'x-forwarded-for', proxyHops(trustProxy));
  const address = forwarded === null ? null : addressOf(forwarded);
  return address ?? peerAddress(req.socket);
}

/**
 * The key per-address limits count a client under: its IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber's whole allocation: one machine can take any of its 2^64 addresses).
 */
export function clientKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::', 2);
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
