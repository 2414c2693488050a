/** The stand-in for the hosted site until `site/index.html` exists: where to look next. */
import type { RequestContext } from '../http/router';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearth</title>
<link rel="stylesheet" href="/static/site.css">
</head>
<body>
<main>
<h1>Hearth</h1>
<p>The hosted site is not built yet. Meanwhile:</p>
<ul>
<li><a href="/demo/agent-site/">Agent site demo</a>: an agent's page with two script tags.</li>
<li><a href="/demo/gallery/">Element gallery</a>: every element with its options.</li>
<li><a href="/v1/api/dynamic-config/?partner=acme">Dynamic config of the acme partner</a></li>
<li><a href="/healthz">Health check</a></li>
</ul>
</main>
</body>
</html>
`;

export function homePage(ctx: RequestContext): void {
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'text/html; charset=utf-8');
  ctx.res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  ctx.res.setHeader('Cache-Control', 'no-cache');
  ctx.res.end(PAGE);
}
