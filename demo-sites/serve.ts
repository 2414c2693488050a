/**
 * The partner demo site: a foreign page on another origin, under the strict CSP our embed contract
 * promises to work with (DESIGN §1). `{{API_ORIGIN}}` and `{{CDN}}` in its HTML become the API origin
 * and the build flavour (`?build=react` → `cdn-react`, else `cdn`).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../server/http/errors';
import { BASE_SECURITY_HEADERS, sendHttpError } from '../server/http/respond';
import { locate, serveStatic } from '../server/http/static';

const PARTNER_SITE_ROOT = join(dirname(fileURLToPath(import.meta.url)), 'partner-site');

export interface PartnerSiteOptions {
  /** 0 picks a free port. */
  port?: number;
  /** e.g. `http://127.0.0.1:8080`; must be a bare origin (it goes into the CSP). */
  apiOrigin: string;
  /** Default `demo-sites/partner-site/`. */
  root?: string;
  /**
   * What `img-src` allows besides the API origin. Default `'self' data:` (the demo pages' own images);
   * `[]` is the strictest page an agent may have: images from our API origin only.
   */
  extraImageSources?: readonly string[];
}

export interface RunningPartnerSite {
  url: string;
  close(): Promise<void>;
}

function partnerSiteCsp(apiOrigin: string, extraImageSources: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${apiOrigin}`,
    "style-src 'self'",
    // 'self' first, as the policy read before extraImageSources existed.
    `img-src ${[...extraImageSources.filter((s) => s === "'self'"), apiOrigin, ...extraImageSources.filter((s) => s !== "'self'")].join(' ')}`,
    // 'self': the page's own robots.txt, which Lighthouse's SEO audit fetches from inside the page.
    `connect-src 'self' ${apiOrigin}`,
    "font-src 'self'",
    // <hearth-blog>'s post videos (YouTube's privacy-enhanced host), as docs/embedding.md asks of partners.
    'frame-src https://www.youtube-nocookie.com',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The loader line of a demo page (any attributes after its src). */
const LOADER_SCRIPT = /<script src="\{\{API_ORIGIN\}\}\/\{\{CDN\}\}\/v1\/loader\.js"[^>]*><\/script>/;

/**
 * Page B of the first-paint bench (bench/first-paint.ts), `/bare-contact-form.html`: index.html itself with a
 * bare custom element (demo-sites/bench/) where ours stands and its script in place of the loader, so the two
 * pages the bench compares differ in nothing else.
 */
function benchPage(indexHtml: string): string {
  if (!LOADER_SCRIPT.test(indexHtml)) throw new Error('index.html has no loader line for the bench page to replace');
  return indexHtml
    .replace(LOADER_SCRIPT, '<script src="{{API_ORIGIN}}/demo/bench/bare-contact-form.js" async></script>')
    .replaceAll('hearth-contact-form', 'bare-contact-form');
}

export function startPartnerSite(options: PartnerSiteOptions): Promise<RunningPartnerSite> {
  const apiOrigin = new URL(options.apiOrigin).origin;
  if (apiOrigin !== options.apiOrigin.replace(/\/$/, '')) {
    throw new Error(`apiOrigin must be an origin like http://127.0.0.1:8080, got "${options.apiOrigin}"`);
  }
  const root = options.root ?? PARTNER_SITE_ROOT;
  const csp = partnerSiteCsp(apiOrigin, options.extraImageSources ?? ["'self'", 'data:']);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new HttpError(405, 'method_not_allowed', 'Use GET.', undefined, { Allow: 'GET, HEAD' });
    }
    const url = new URL(req.url ?? '/', 'http://request.invalid');
    // As a partner's web server would for <hearth-app base="/homes">: every path under the base is its page.
    const appPath = url.pathname === '/homes' || url.pathname.startsWith('/homes/');
    const encodedPath = appPath ? '/app.html' : url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
    if (!encodedPath.endsWith('.html')) {
      await serveStatic(req, res, root, encodedPath, { cacheControl: 'no-cache', index: true });
      return;
    }
    const bench = encodedPath === '/bare-contact-form.html';
    const target = await locate(root, bench ? '/index.html' : encodedPath);
    if (target?.kind !== 'file') throw new HttpError(404, 'not_found', 'Nothing here.');
    const flavour = url.searchParams.get('build') === 'react' ? 'cdn-react' : 'cdn';
    const page = await readFile(target.path, 'utf8');
    const html = (bench ? benchPage(page) : page)
      .replaceAll('{{API_ORIGIN}}', apiOrigin)
      .replaceAll('{{CDN}}', flavour);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof HttpError) return sendHttpError(res, error);
      console.error('[partner-site] unhandled error', error);
      sendHttpError(res, new HttpError(500, 'internal', 'Something went wrong.'));
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
