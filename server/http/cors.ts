/**
 * Which browser origins may call the API for a partner. CORS only protects browsers, so requests
 * without an Origin header (curl, servers, same-origin GETs) pass; rate limits and API keys guard those.
 */
import type { ServerResponse } from 'node:http';
import { originMatches } from '../../core/partners/origins';

const CORS_ALLOWED_HEADERS = 'Content-Type, Authorization, X-CSRFToken';
const CORS_MAX_AGE_SECONDS = 600;
const ANY_ORIGIN = '*';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isStateChanging = (method: string) => STATE_CHANGING.has(method);

/** The canonical form of an origin, or null when it is not an http(s) origin (including `null`). */
export function canonicalOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** 127.0.0.0/8, localhost and [::1], on any port. */
function isLoopbackOrigin(origin: string): boolean {
  const canonical = canonicalOrigin(origin);
  if (!canonical) return false;
  const { hostname } = new URL(canonical);
  return hostname === 'localhost' || hostname === '[::1]' || IPV4_LOOPBACK.test(hostname);
}

export interface CorsEnvironment {
  production: boolean;
  /** The API's own public origin: the hosted site calls it same-origin. */
  selfOrigin: string;
}

export function isOriginAllowed(allowedOrigins: readonly string[], origin: string, env: CorsEnvironment): boolean {
  const canonical = canonicalOrigin(origin);
  if (!canonical) return false;
  if (canonical === canonicalOrigin(env.selfOrigin)) return true;
  if (allowedOrigins.includes(ANY_ORIGIN)) return true;
  if (!env.production && isLoopbackOrigin(canonical)) return true;
  return allowedOrigins.some((allowed) => canonicalOrigin(allowed) === canonical || originMatches(allowed, canonical));
}

/**
 * May a page at `url` be sent back to after a payment on another site (Stripe Checkout's return URLs)? The API's
 * own origin (the hosted site), the partner's own domains over https, its allowed origins as written — but never
 * through '*' (a partner embeddable anywhere is not a redirect to anywhere) — and loopback outside production.
 */
export function isReturnUrlAllowed(partner: { allowedOrigins: readonly string[]; domains: readonly string[] }, url: URL, env: CorsEnvironment): boolean {
  if (url.username || url.password) return false;
  const canonical = canonicalOrigin(url.href);
  if (!canonical) return false;
  if (canonical === canonicalOrigin(env.selfOrigin)) return true;
  if (!env.production && isLoopbackOrigin(canonical)) return true;
  if (partner.domains.some((domain) => canonicalOrigin(`https://${domain}`) === canonical)) return true;
  const explicit = partner.allowedOrigins.filter((allowed) => allowed !== ANY_ORIGIN);
  return explicit.some((allowed) => canonicalOrigin(allowed) === canonical || originMatches(allowed, canonical));
}

/** Lets the browser hand this response to `origin`; caches must keep one copy per origin. */
export function allowOrigin(res: ServerResponse, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  addVary(res, 'Origin');
}

export function addVary(res: ServerResponse, field: string): void {
  const current = String(res.getHeader('Vary') ?? '');
  const fields = current ? current.split(/\s*,\s*/) : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  res.setHeader('Vary', fields.join(', '));
}

export function writePreflight(res: ServerResponse, origin: string, methods: readonly string[]): void {
  allowOrigin(res, origin);
  res.setHeader('Access-Control-Allow-Methods', [...methods, 'OPTIONS'].join(', '));
  res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
  res.setHeader('Access-Control-Max-Age', String(CORS_MAX_AGE_SECONDS));
  res.statusCode = 204;
  res.end();
}
