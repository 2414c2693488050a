/**
 * Files: the CDN builds, our static assets, the demo sites and the hosted site's stylesheet and script.
 * CDN files are imported as modules by pages on any origin, so they carry CORS and CORP for everyone.
 */
import { join } from 'node:path';
import { serveStatic } from '../http/static';
import { notFound } from '../http/errors';
import type { RequestContext, Route } from '../http/router';
import { paths, REPO_ROOT } from '../paths';
import { SITE_PAGE_CSP, sitePageRoutes } from './pages';
import { resetPageRoute } from './reset-page';

/** The moving alias of the current build; `/cdn/v<semver>/` are the immutable ones. */
const CDN_ALIAS = 'v1';
const VERSION_FOLDER = /^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

const CDN_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

function cdnRoute(flavour: 'cdn' | 'cdn-react'): Route {
  return {
    GET: async (ctx: RequestContext) => {
      const [folder = '', ...rest] = ctx.rest.split('/');
      const { distDir, cdnVersion } = ctx.services.config;
      let versionFolder: string;
      let cacheControl: string;
      if (folder === CDN_ALIAS) {
        versionFolder = `v${cdnVersion}`;
        // Short: pages pick up a new release within minutes of it being deployed.
        cacheControl = 'public, max-age=300';
      } else if (VERSION_FOLDER.test(folder)) {
        versionFolder = folder;
        cacheControl = 'public, max-age=31536000, immutable';
      } else {
        throw notFound();
      }
      await serveStatic(ctx.req, ctx.res, join(distDir, flavour, versionFolder), rest.join('/'), {
        cacheControl,
        headers: CDN_HEADERS,
        precompressed: true,
      });
    },
  };
}

const staticRoute: Route = {
  GET: (ctx) =>
    serveStatic(ctx.req, ctx.res, paths.serverStatic, ctx.rest, {
      cacheControl: 'public, max-age=3600',
      // Agent pictures and logos are shown by partner pages on other origins.
      headers: { 'Cross-Origin-Resource-Policy': 'cross-origin' },
    }),
};

const demoRoute = (folder: string, headers?: Record<string, string>): Route => ({
  GET: (ctx) =>
    serveStatic(ctx.req, ctx.res, join(paths.demoSites, folder), ctx.rest, { cacheControl: 'no-cache', index: true, headers }),
});

/**
 * The demo pages served here (the agent's site, the gallery) are pages like the hosted site's: its policy, nothing
 * inline, their own stylesheet and our loader from 'self'. (Without one, the fallback for HTML without a policy,
 * `default-src 'none'`, blocked both: the README's first link showed unstyled text and no form.)
 */
const DEMO_PAGE_HEADERS = { 'Content-Security-Policy': SITE_PAGE_CSP };

/** The element API the gallery builds its sections from: the committed manifest (in sync with the JSDoc headers by test). */
const galleryManifestRoute: Route = {
  GET: (ctx) =>
    serveStatic(ctx.req, ctx.res, REPO_ROOT, 'custom-elements.json', { cacheControl: 'no-cache', headers: DEMO_PAGE_HEADERS }),
};

/** The hosted site's own files: its stylesheet and script (server/site/pages.ts writes the pages). */
const siteFilesRoute: Route = {
  GET: (ctx) => serveStatic(ctx.req, ctx.res, paths.site, ctx.rest, { cacheControl: 'no-cache' }),
};

export const siteRoutes: Record<string, Route> = {
  '/cdn/*': cdnRoute('cdn'),
  '/cdn-react/*': cdnRoute('cdn-react'),
  '/static/*': staticRoute,
  '/site/*': siteFilesRoute,
  '/reset/*': resetPageRoute,
  '/demo/agent-site/*': demoRoute('agent-site', DEMO_PAGE_HEADERS),
  // The bare custom element that bench/first-paint.ts measures ours against (loaded by the partner site's bare page).
  '/demo/bench/*': demoRoute('bench'),
  '/demo/gallery/custom-elements.json': galleryManifestRoute,
  '/demo/gallery/*': demoRoute('gallery', DEMO_PAGE_HEADERS),
  ...sitePageRoutes,
};
