/**
 * Security headers on every response, whichever route wrote it (issue 22). The router already sets
 * BASE_SECURITY_HEADERS (nosniff, Referrer-Policy) and each route its own Content-Security-Policy; this
 * wraps the server's request listener and, just before the headers leave:
 * - adds Strict-Transport-Security when we are reached over TLS: the public origin is https, or a trusted
 *   proxy says `X-Forwarded-Proto: https` (browsers ignore HSTS over plain http anyway);
 * - gives an HTML answer that named no policy the strictest one (nothing loads, nothing frames it);
 * - makes every cookie Secure outside local development (an https public origin, or production on any
 *   origin that is not loopback) and SameSite=Lax when the route named no SameSite.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerConfig } from '../services';
import { forwardedEntry, proxyHops } from './client-ip';
import { BASE_SECURITY_HEADERS } from './respond';

/** One year; subdomains included (partner subdomains are served by us, over TLS). No preload: that is an operator's choice. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** For an HTML answer whose route set no policy. */
export const FALLBACK_HTML_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether cookies must carry Secure: everywhere but local development. */
export function secureCookies(config: Pick<ServerConfig, 'publicOrigin' | 'production'>): boolean {
  let url: URL;
  try {
    url = new URL(config.publicOrigin);
  } catch {
    return config.production;
  }
  if (url.protocol === 'https:') return true;
  return config.production && !LOOPBACK_HOST.test(url.hostname);
}

/** Whether this request reached us over TLS. */
export function overTls(req: IncomingMessage, config: Pick<ServerConfig, 'publicOrigin' | 'trustProxy'>): boolean {
  if (config.publicOrigin.startsWith('https:')) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  // The scheme our outermost proxy received the request on, counted from the right as for X-Forwarded-For
  // (client-ip.ts): an entry the client wrote itself would set HSTS and Secure cookies on plain HTTP.
  return forwardedEntry(req, 'x-forwarded-proto', proxyHops(config.trustProxy))?.toLowerCase() === 'https';
}

/** A Set-Cookie line with Secure (when asked) and a SameSite attribute. */
export function hardenCookie(line: string, secure: boolean): string {
  const attributes = line.split(';').slice(1).map((a) => a.trim().toLowerCase());
  let out = line;
  if (!attributes.some((a) => a.startsWith('samesite='))) out += '; SameSite=Lax';
  if (secure && !attributes.includes('secure')) out += '; Secure';
  return out;
}

function finishHeaders(req: IncomingMessage, res: ServerResponse, config: ServerConfig): void {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) if (!res.hasHeader(name)) res.setHeader(name, value);
  if (overTls(req, config)) res.setHeader('Strict-Transport-Security', HSTS);
  const contentType = String(res.getHeader('Content-Type') ?? '');
  if (/^\s*text\/html\b/i.test(contentType) && !res.hasHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', FALLBACK_HTML_CSP);
  const cookies = res.getHeader('Set-Cookie');
  if (cookies !== undefined) {
    const secure = secureCookies(config);
    const lines = Array.isArray(cookies) ? cookies : [String(cookies)];
    res.setHeader('Set-Cookie', lines.map((line) => hardenCookie(line, secure)));
  }
}

/**
 * The request listener with the headers above on every answer. `config` is read at answer time (the
 * public origin is known only after listen).
 */
export function withSecurityHeaders(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  config: ServerConfig,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const writeHead = res.writeHead;
    // res.end() without writeHead calls this.writeHead too (Node's implicit header), so this sees every answer.
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!this.headersSent) {
        // Headers passed to writeHead itself win over setHeader: fold them in first so the rules see them.
        const last = args[args.length - 1];
        if (args.length > 1 && last && typeof last === 'object' && !Array.isArray(last)) {
          for (const [name, value] of Object.entries(last as Record<string, string | string[] | number>)) this.setHeader(name, value);
          args = args.slice(0, -1);
        }
        finishHeaders(req, this, config);
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    listener(req, res);
  };
}
