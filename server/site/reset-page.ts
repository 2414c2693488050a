/**
 * `GET /reset/<token>`: the page the password-reset mail links to. A page of the hosted site that loads
 * our loader and shows `<hearth-sign-in reset-token="…">`, whose "choose a new password" panel posts to
 * `POST /v1/api/reset/<token>`. The token is not looked up here (the POST says whether it still works);
 * it only has to look like one of our secrets before it goes into the page, and is escaped anyway.
 * The token is in the URL, so the page sends no Referer and is never cached.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { isSecretShaped } from '../accounts/tokens';
import type { RequestContext, Route } from '../http/router';
import { paths } from '../paths';
import { iconLinkHtml } from './favicon';
import { siteContext } from './pages';
import { websiteName } from './shell';

export const RESET_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The hosted site's stylesheet when the site is there, the server's own otherwise. */
const stylesheet = async () => ((await exists(join(paths.site, 'site.css'))) ? '/site/site.css' : '/static/site.css');

/**
 * The page for `token` (null: not one of our secrets) in the brand of the partner the link names (issue 35):
 * its name and its `<link rel="icon">` (already HTML).
 */
export function resetPageHtml(token: string | null, stylesheetHref: string, brand: { name: string; iconLink: string }): string {
  const heading = token ? 'Choose a new password' : 'This reset link is not valid';
  const intro = token
    ? ''
    : '<p>It may have been used already or have expired (links work once, for an hour). Ask for a new one from the sign-in form below.</p>\n';
  const element = token ? `<hearth-sign-in reset-token="${escapeHtml(token)}"></hearth-sign-in>` : '<hearth-sign-in></hearth-sign-in>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${heading} — ${escapeHtml(brand.name)}</title>
${brand.iconLink}
<link rel="stylesheet" href="${escapeHtml(stylesheetHref)}">
<script src="/cdn/v1/loader.js" async></script>
</head>
<body>
<header class="shell-header"><a class="brand" href="/">${escapeHtml(brand.name)}</a></header>
<main>
<section class="reset-page" aria-labelledby="reset-title">
<h1 id="reset-title">${heading}</h1>
${intro}${element}
</section>
</main>
</body>
</html>
`;
}

async function resetPage(ctx: RequestContext): Promise<void> {
  // `rest` is still URL-encoded: a real token never needs encoding, so anything with `%` is refused too.
  const candidate = ctx.rest.replace(/\/$/, '');
  const token = isSecretShaped(candidate) ? candidate : null;
  const { context } = await siteContext(ctx);
  const html = resetPageHtml(token, await stylesheet(), { name: websiteName(context), iconLink: iconLinkHtml(context, ctx.url) });
  const { res } = ctx;
  res.statusCode = token ? 200 : 404;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', RESET_PAGE_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

export const resetPageRoute: Route = { GET: resetPage };
