/**
 * Outbound requests to an address a partner or a user chose (a partner's tile source, its webhook, its analytics
 * collector): the one rule for every such fetch, so the server is never a way into its own network (SSRF).
 *
 * - **At connect time** (the guarantee): every connection of `outboundFetch` goes through a connector that resolves
 *   the host itself, refuses it when any of its addresses is not a public unicast address (`refusedAddress`:
 *   loopback, private, link-local and cloud metadata, CGNAT, benchmark, documentation, multicast, broadcast,
 *   reserved; IPv4, IPv6, and IPv4 carried in IPv6: mapped, NAT64, 6to4), and connects to the address it checked, so
 *   a name that answers differently the second time (DNS rebinding) gains nothing. A redirect opens a new
 *   connection, checked the same way. An IP literal in any spelling (decimal, octal, hex) is the address it means.
 * - **At save time** (early feedback): `refusedTarget` judges a URL's text (an address literal, an internal name
 *   such as `localhost.` or `metadata.google.internal`), `checkedTarget` also resolves the name.
 * - **The operator's allowlist**: `HEARTH_OUTBOUND_ALLOW` (comma separated `host[:port]`, e.g.
 *   `127.0.0.1:9000,[::1]:8080,tiles.lan`) and `startServer({ outboundAllow })` name internal receivers partners
 *   may reach (a local tile server, a test receiver). Nothing a partner sets can add to it.
 * - **One failure**: whatever went wrong before an answer (refused address, no such host, connection refused,
 *   TLS) is an `OutboundError` with the same message, so the error says nothing of what is behind an address.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch, type Dispatcher, type RequestInit, type Response } from 'undici';

/** What every failed outbound request says, whatever the reason. */
export const OUTBOUND_FAILURE = 'The address could not be reached.';
/** A name that has not resolved by then is not reached. */
const RESOLVE_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** A request that did not get an answer; `cause` (for the log) says why, `message` never does. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(cause: unknown) {
    super(OUTBOUND_FAILURE, { cause });
  }
}

/** A connection the rule refused (the `cause` of an OutboundError). */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

// ---------------------------------------------------------------------------------------------------
// The address rule

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** The IPv4 address an IPv6 one carries (mapped, the well-known NAT64 prefix, 6to4), or null. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped':
      return address.toIPv4Address();
    case 'rfc6052':
      return address.match(NAT64_WELL_KNOWN) ? new ipaddr.IPv4(bytes.slice(12)) : null;
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6));
    default:
      return null;
  }
}

/**
 * Why the server may not connect to `address` (its range: 'loopback', 'private', 'linkLocal', 'reserved', …),
 * or null for a public unicast address. IPv6 must be global unicast (2000::/3) outside the special ranges; one
 * that carries an IPv4 address is judged by that address.
 */
export function refusedAddress(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return 'not an address';
  }
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? null : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const inner = refusedAddress(embedded.toString());
    return inner && `${v6.range()} ${inner}`;
  }
  const range = v6.range();
  if (range !== 'unicast') return range;
  return v6.match(GLOBAL_UNICAST_V6) ? null : 'reserved';
}

/** Names that mean something only inside a network: one label (`localhost`, `intranet`), `*.localhost`, `*.internal`, `*.local`, … */
const INTERNAL_NAME = /^(?:[^.]+|.+\.(?:localhost|internal|local|localdomain|home\.arpa|home|lan|corp|intranet))$/;

/** A host as allowlist entries and checks compare it: an address in its canonical form, a name in lower case without its final dot. */
function canonicalHost(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(bare) && (isIP(bare) || /^[0-9a-fx.]+$/i.test(bare))) return ipaddr.process(bare).toString();
  return bare.toLowerCase().replace(/\.+$/, '');
}

// ---------------------------------------------------------------------------------------------------
// The operator's allowlist

interface AllowEntry {
  host: string;
  /** null: any port. */
  port: number | null;
}

/** `host[:port]` entries, comma separated; a bad entry throws, naming it. */
export function parseOutboundAllow(text: string, setting = 'HEARTH_OUTBOUND_ALLOW'): AllowEntry[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[0-9a-f:.]+\]|[^:\s[\]/]+)(?::(\d{1,5}))?$/i.exec(entry);
      const port = match?.[2] === undefined ? null : Number(match[2]);
      if (!match || (port !== null && (port < 1 || port > 65_535))) {
        throw new Error(`${setting}: "${entry}" is not host[:port] (e.g. 127.0.0.1:9000, [::1]:8080, tiles.lan).`);
      }
      return { host: canonicalHost(match[1]!), port };
    });
}

const registered = new Map<symbol, AllowEntry[]>();
/** outboundFetch's dispatcher when the caller names none. */
let shared: Dispatcher | undefined;
let envCache: { text: string; entries: AllowEntry[] } = { text: '', entries: [] };

function envAllowlist(): AllowEntry[] {
  const text = process.env.HEARTH_OUTBOUND_ALLOW ?? '';
  if (text !== envCache.text) envCache = { text, entries: parseOutboundAllow(text) };
  return envCache.entries;
}

/** Adds operator entries (`host[:port]`) for as long as the server runs; the function returned takes them back. */
export function allowOutbound(entries: readonly string[]): () => void {
  envAllowlist(); // a bad environment setting fails the start too
  const key = Symbol('outbound allow');
  registered.set(key, parseOutboundAllow(entries.join(','), 'outboundAllow'));
  return () => {
    registered.delete(key);
    // Connections are checked when opened: the pooled ones go with the entries.
    const pooled = shared;
    shared = undefined;
    void pooled?.close();
  };
}

function isAllowed(host: string, port: number, extra: readonly AllowEntry[]): boolean {
  const canonical = canonicalHost(host);
  const matches = (entry: AllowEntry) => entry.host === canonical && (entry.port === null || entry.port === port);
  return extra.some(matches) || envAllowlist().some(matches) || [...registered.values()].some((entries) => entries.some(matches));
}

const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/** Whether the operator named the URL's host (and port) in the allowlist. */
export const isOutboundAllowed = (url: URL): boolean => isAllowed(url.hostname, portOf(url), []);

// ---------------------------------------------------------------------------------------------------
// Save time: early feedback

/**
 * Why the server may not fetch `url`, judged from its text alone (an address literal, an internal name), or null.
 * An allowlisted host passes. The connection is checked again whatever this says.
 */
export function refusedTarget(url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not http(s)';
  if (isOutboundAllowed(url)) return null;
  const host = canonicalHost(url.hostname);
  if (isIP(host)) return refusedAddress(host);
  return INTERNAL_NAME.test(host) ? 'internal name' : null;
}

export type Resolver = (host: string) => Promise<readonly { address: string }[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

async function resolveInTime(resolve: Resolver, host: string): Promise<readonly { address: string }[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OutboundRefused(`${host} did not resolve within ${RESOLVE_TIMEOUT_MS} ms`)), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([resolve(host), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `refusedTarget`, then the name resolved: refused when any of its addresses is. A name that does not resolve
 * (yet) passes here; the connection is checked again.
 */
export async function checkedTarget(url: URL, resolve: Resolver = systemResolver): Promise<string | null> {
  const refused = refusedTarget(url);
  if (refused || isIP(canonicalHost(url.hostname)) || isOutboundAllowed(url)) return refused;
  let addresses: readonly { address: string }[];
  try {
    addresses = await resolveInTime(resolve, canonicalHost(url.hostname));
  } catch {
    return null;
  }
  for (const { address } of addresses) {
    const why = isAllowed(address, portOf(url), []) ? null : refusedAddress(address);
    if (why) return why;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Connect time: the guarantee

/** The addresses to connect to: the host's, each allowed (an allowlisted name: all of them). Throws OutboundRefused. */
async function checkedAddresses(hostname: string, port: number, extra: readonly AllowEntry[], resolve: Resolver): Promise<string[]> {
  const host = canonicalHost(hostname);
  const trusted = isAllowed(host, port, extra);
  const addresses = isIP(host) ? [host] : (await resolveInTime(resolve, host)).map((a) => a.address);
  if (addresses.length === 0) throw new OutboundRefused(`${host} has no address`);
  if (!trusted) {
    for (const address of addresses) {
      const why = isAllowed(address, port, extra) ? null : refusedAddress(address);
      if (why) throw new OutboundRefused(`${host}:${port} is refused: ${address} is ${why}`);
    }
  }
  return addresses;
}

function guardedConnector(extra: readonly AllowEntry[], resolve: Resolver): buildConnector.connector {
  const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    // TLS still names (and verifies) the host asked for, not the address.
    const servername = options.servername || (isIP(options.hostname) ? undefined : options.hostname.replace(/\.+$/, ''));
    const tryFrom = (addresses: string[], index: number) =>
      connect({ ...options, hostname: addresses[index]!, servername }, (...args) => {
        if (args[0] && index + 1 < addresses.length) tryFrom(addresses, index + 1);
        else callback(...args);
      });
    checkedAddresses(options.hostname, port, extra, resolve).then(
      (addresses) => tryFrom(addresses, 0),
      (error: Error) => callback(error, null),
    );
  };
}

export interface OutboundDispatcherOptions {
  /** More allowlist entries, for this dispatcher only (the operator's own tile source). */
  allow?: readonly string[];
  /** Time to the answer's headers, and the longest pause in its body (undici's headersTimeout and bodyTimeout). */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** How names are resolved (tests); default the system's resolver. */
  resolve?: Resolver;
}

/** An undici dispatcher every connection of which is held to the rule. Connections are pooled per origin. */
export function outboundDispatcher(options: OutboundDispatcherOptions = {}): Dispatcher {
  const extra = parseOutboundAllow((options.allow ?? []).join(','), 'allow');
  return new Agent({
    connect: guardedConnector(extra, options.resolve ?? systemResolver),
    headersTimeout: options.headersTimeoutMs ?? 30_000,
    bodyTimeout: options.bodyTimeoutMs ?? 30_000,
  });
}

export type OutboundInit = RequestInit & { dispatcher?: Dispatcher };

/**
 * `fetch` held to the rule (undici's fetch over `outboundDispatcher`): the same Response, redirects as
 * `init.redirect` says (each one checked). Rejects with the signal's reason when `init.signal` aborts, else
 * with an OutboundError for anything that kept an answer from coming.
 */
export async function outboundFetch(url: string | URL, init: OutboundInit = {}): Promise<Response> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new OutboundError(new OutboundRefused(`${target.protocol} is not fetched`));
  try {
    return await fetch(target, { ...init, dispatcher: init.dispatcher ?? (shared ??= outboundDispatcher()) });
  } catch (error) {
    if (init.signal?.aborted) throw init.signal.reason;
    // undici's "fetch failed" says nothing; its cause says why (for the log).
    throw new OutboundError(error instanceof TypeError && error.cause ? error.cause : error);
  }
}
