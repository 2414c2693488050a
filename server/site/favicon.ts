/**
 * The hosted site's icon (issue 35): a browser asks every site for one, so a missing icon was a 404 on every
 * signed-out page. A partner's site shows the partner's logo when it has one (`<link rel="icon">` of each page);
 * otherwise, and at `/favicon.svg` and `/favicon.ico` (where browsers look without a link), the first letter
 * of the site's name, in its primary colour — our own site's is ours, a partner's never is.
 */
import type { ServerResponse } from 'node:http';
import { brandName } from '../../core/config/brand';
import type { ResolvedAppContext } from '../../core/config/context';
import { DEFAULT_TOKENS } from '../../themes/tokens';
import { escapeHtml } from './html';

const HEX = /^#[0-9a-f]{6}$/i;

/** The site's letter icon: its name's first letter (or character) on its primary colour, as an SVG. */
export function letterIconSvg(context: ResolvedAppContext): string {
  const tokens = (context.themeData.tokens ?? {}) as Record<string, string>;
  const background = HEX.test(tokens['color-primary'] ?? '') ? tokens['color-primary']! : DEFAULT_TOKENS['color-primary'];
  const foreground = HEX.test(tokens['color-on-primary'] ?? '') ? tokens['color-on-primary']! : DEFAULT_TOKENS['color-on-primary'];
  const letter = [...brandName(context).trim()][0]?.toUpperCase() ?? '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
    `<rect width="64" height="64" rx="14" fill="${background}"/>` +
    (letter
      ? `<text x="32" y="45" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="40" font-weight="700" fill="${foreground}">${escapeHtml(letter)}</text>`
      : '') +
    `</svg>`
  );
}

/** The icon's response: an SVG (also at /favicon.ico, which browsers ask for without a link; they read it by its type). */
export function sendSvgIcon(res: ServerResponse, svg: string, head: boolean): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'image/svg+xml');
  // The icon follows the partner's name and colour; a short cache keeps a change visible soon.
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('Content-Length', Buffer.byteLength(svg));
  res.end(head ? undefined : svg);
}

/** The `<link rel="icon">` of a hosted page: the partner's logo, else the letter icon of the request's partner. */
export function iconLinkHtml(context: ResolvedAppContext, url: URL): string {
  const logo = context.partner.logo || context.appLogo;
  if (logo) return `<link rel="icon" href="${escapeHtml(logo)}">`;
  const partner = url.searchParams.get('partner');
  const href = partner ? `/favicon.svg?partner=${encodeURIComponent(partner)}` : '/favicon.svg';
  return `<link rel="icon" href="${escapeHtml(href)}" type="image/svg+xml">`;
}
