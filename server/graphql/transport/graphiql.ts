/**
 * GraphiQL on /graphql/ and /public_graphql/ outside production (a GET asking for HTML), never in
 * production. Everything it loads comes from our own origin: the page, the `@graphql-yoga/graphiql`
 * bundle, its stylesheet and editor workers served from the installed package under /graphiql/, and a
 * small start script (no inline script), so it works offline and under a CSP that names only 'self'.
 * Yoga's own GraphiQL page loads the same bundle from a public CDN, which is why we do not use it.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { notFound } from '../../http/errors';
import { htmlDocumentStart } from '../../http/html-document';
import type { RequestContext, Route } from '../../http/router';
import { serveStatic } from '../../http/static';
import type { GraphqlEndpoint } from '../context';

/** Where the page's scripts, styles and workers are served from. */
export const GRAPHIQL_ASSETS = '/graphiql/';

const DIST = join(dirname(createRequire(import.meta.url).resolve('@graphql-yoga/graphiql/package.json')), 'dist');

/** The files of the package's dist/ the page uses; nothing else of node_modules is reachable. */
const ASSETS = new Set([
  'yoga-graphiql.umd.js',
  'graphiql.css',
  'monacoeditorwork/editor.worker.bundle.js',
  'monacoeditorwork/json.worker.bundle.js',
  'monacoeditorwork/graphql.worker..bundle.js',
]);

/**
 * Only our origin; styles may be inline because the editor (Monaco) and React set style attributes and
 * add <style> elements as they render. Fonts and icons are data: URLs inside the package's stylesheet.
 */
export const GRAPHIQL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Reads the page's options (a JSON data block, which the CSP lets through since it is never run), points
 * the editor's workers at our copies and renders GraphiQL.
 */
const START_SCRIPT = `(() => {
  const options = JSON.parse(document.getElementById('graphiql-options').textContent);
  const workers = {
    editorWorkerService: 'editor.worker.bundle.js',
    json: 'json.worker.bundle.js',
    graphql: 'graphql.worker..bundle.js',
  };
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: (_moduleId, label) => '${GRAPHIQL_ASSETS}monacoeditorwork/' + (workers[label] || workers.editorWorkerService),
  };
  YogaGraphiQL.renderYogaGraphiQL(document.getElementById('graphiql'), options);
})();
`;

const DEFAULT_QUERY = `# Anonymous and named operations both work; ?queryName= is optional.
# /graphql/ needs a signed-in user: add { "Authorization": "Token <token>" } under Headers.
{
  listingLoad(first: 3) {
    totalCount
    edges { node { id priceInPennies address { streetLine1 city } } }
  }
}
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page for `endpoint`; requests go to the endpoint with the page's `?partner=` (GraphiQL keeps the
 * query being edited in the page's own `?query=`, which is no part of the endpoint).
 */
export function graphiqlPage(endpoint: GraphqlEndpoint, partner: string | null): string {
  const title = `Hearth GraphiQL: /${endpoint}/`;
  const url = `/${endpoint}/${partner ? `?partner=${encodeURIComponent(partner)}` : ''}`;
  // `query` is the editor's first text (until the page's ?query= holds one).
  const options = { title, endpoint: url, query: DEFAULT_QUERY, method: 'POST' };
  // In a <script> data block only '</' could end it early: escaped as '<\/', which JSON reads back as '</'.
  const json = JSON.stringify(options).replace(/<\//g, '<\\/');
  return `${htmlDocumentStart(escapeHtml(title))}
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${GRAPHIQL_ASSETS}graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script type="application/json" id="graphiql-options">${json}</script>
<script src="${GRAPHIQL_ASSETS}yoga-graphiql.umd.js"></script>
<script src="${GRAPHIQL_ASSETS}start.js"></script>
</body>
</html>
`;
}

/** Whether a GET asks for a page (a browser's navigation) rather than data. */
export const wantsHtml = (ctx: RequestContext) => /\btext\/html\b/.test(String(ctx.req.headers.accept ?? ''));

export function sendGraphiqlPage(ctx: RequestContext, endpoint: GraphqlEndpoint): void {
  const page = graphiqlPage(endpoint, ctx.url.searchParams.get('partner'));
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'text/html; charset=utf-8');
  ctx.res.setHeader('Content-Security-Policy', GRAPHIQL_CSP);
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.setHeader('Content-Length', Buffer.byteLength(page));
  ctx.res.end(ctx.method === 'HEAD' ? undefined : page);
}

/** /graphiql/*: the page's assets outside production; 404 in production. */
export function graphiqlAssetRoutes(production: boolean): Record<string, Route> {
  return {
    [`${GRAPHIQL_ASSETS}*`]: {
      GET: async (ctx) => {
        if (production) throw notFound();
        const headers = { 'Content-Security-Policy': GRAPHIQL_CSP };
        if (ctx.rest === 'start.js') {
          ctx.res.statusCode = 200;
          ctx.res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          ctx.res.setHeader('Content-Security-Policy', GRAPHIQL_CSP);
          ctx.res.setHeader('Cache-Control', 'no-cache');
          ctx.res.end(ctx.method === 'HEAD' ? undefined : START_SCRIPT);
          return;
        }
        if (!ASSETS.has(ctx.rest)) throw notFound();
        await serveStatic(ctx.req, ctx.res, DIST, ctx.rest, { cacheControl: 'no-cache', headers });
      },
    },
  };
}
