/**
 * sitemap.xml and robots.txt of the hosted site. The sitemap lists the public pages and every listing a
 * buyer can still act on that its feed lets us show (hidden listings are never read: PUBLIC_LISTING); URLs
 * are absolute on our public origin. Past 50,000 URLs (the sitemaps.org limit per file) /sitemap.xml is a
 * sitemap index of /sitemaps/pages.xml and /sitemaps/listings-{n}.xml.
 */
import type { Queryable } from '../db';
import type { RequestContext, Route } from '../http/router';
import { PUBLIC_LISTING, SEARCHABLE_SQL } from '../listings/search/listing';
import { escapeHtml } from './html';
import { listingPath } from './listing-summary';
import { blogSitemapPaths } from './blog-pages';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** sitemaps.org: at most 50,000 URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The indexable pages of spec §2 (account, log-in and the redirect screen are not). */
export const SITEMAP_PAGES = [
  '/',
  '/buy',
  '/sell',
  '/selling',
  '/renting',
  '/stays',
  '/search',
  '/mortgage',
  '/mortgage/calculator',
  '/mortgage/prequalify',
  '/mortgage/refinance',
  '/resources',
  '/housing-market/UT',
  '/home-value',
  '/about',
  '/about/contact',
  '/about/privacy-policy',
  '/about/terms-and-conditions',
] as const;

const LISTINGS_SQL = `FROM listings l WHERE ${PUBLIC_LISTING} AND ${SEARCHABLE_SQL}`;

async function listingCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: string | number }>(`SELECT count(*) AS count ${LISTINGS_SQL}`);
  return Number(rows[0]?.count ?? 0);
}

/** Paths of the displayable listings, by id, one sitemap file's worth from `offset`. */
async function listingPaths(db: Queryable, offset: number, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ slug_id: string; listing_code_id: string }>(
    `SELECT l.slug_id, l.listing_code_id ${LISTINGS_SQL} ORDER BY l.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return rows.map((r) => listingPath({ slugId: r.slug_id, listingCodeId: r.listing_code_id }));
}

const urlset = (origin: string, paths: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${SITEMAP_NAMESPACE}">
${paths.map((path) => `<url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`).join('\n')}
</urlset>
`;

const sitemapIndex = (origin: string, files: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="${SITEMAP_NAMESPACE}">
${files.map((file) => `<sitemap><loc>${escapeHtml(`${origin}${file}`)}</loc></sitemap>`).join('\n')}
</sitemapindex>
`;

/** The sitemap files when one is not enough: the pages, then the listings in files of `max`. */
export function sitemapFiles(listings: number, max = SITEMAP_MAX_URLS): string[] {
  const files = ['/sitemaps/pages.xml'];
  for (let n = 1; n <= Math.ceil(listings / max); n++) files.push(`/sitemaps/listings-${n}.xml`);
  return files;
}

function sendXml(ctx: RequestContext, body: string, contentType = 'application/xml; charset=utf-8'): void {
  const { res } = ctx;
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** The routes, with the per-file limit as a parameter so the split is testable on a small database. */
export function sitemapRoutes(max = SITEMAP_MAX_URLS): Record<string, Route> {
  return {
    '/sitemap.xml': {
      GET: async (ctx) => {
        const { db, config } = ctx.services;
        const count = await listingCount(db);
        const pages = [...SITEMAP_PAGES, ...(await blogSitemapPaths(db))];
        if (pages.length + count <= max) {
          sendXml(ctx, urlset(config.publicOrigin, [...pages, ...(await listingPaths(db, 0, max))]));
        } else {
          sendXml(ctx, sitemapIndex(config.publicOrigin, sitemapFiles(count, max)));
        }
      },
    },
    '/sitemaps/*': {
      GET: async (ctx) => {
        const { db, config } = ctx.services;
        if (ctx.rest === 'pages.xml') return sendXml(ctx, urlset(config.publicOrigin, [...SITEMAP_PAGES, ...(await blogSitemapPaths(db))]));
        const match = /^listings-([1-9]\d{0,5})\.xml$/.exec(ctx.rest);
        const n = match ? Number(match[1]) : 0;
        if (!n || n > Math.ceil((await listingCount(db)) / max)) {
          ctx.res.statusCode = 404;
          ctx.res.end();
          return;
        }
        sendXml(ctx, urlset(config.publicOrigin, await listingPaths(db, (n - 1) * max, max)));
      },
    },
    '/robots.txt': {
      GET: (ctx) =>
        sendXml(
          ctx,
          `User-agent: *
Disallow: /account/
Disallow: /log-in
Disallow: /log-out
Disallow: /redirect
Disallow: /photo-management
Disallow: /briefcase
Disallow: /graphql/
Disallow: /public_graphql/
Disallow: /v1/api/

Sitemap: ${ctx.services.config.publicOrigin}/sitemap.xml
`,
          'text/plain; charset=utf-8',
        ),
    },
  };
}
