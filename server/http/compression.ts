/**
 * Text answers go compressed (issue 38): pages, site.css and site.js, GraphQL and REST JSON. A search page's
 * listings were 29 KB of JSON sent as they are, its stylesheet 15 KB on the first paint's path; on a phone's
 * network (Lighthouse: 1.6 Mbit/s) that is a quarter of a second before the first picture. Express's own
 * `compression` (brotli or gzip, as the browser accepts; on libuv's threads, not the event loop) over every route;
 * what is already compressed (the CDN's .br/.gz files, pictures, PDFs) and answers under 1 KB are left as they are.
 *
 * An answer that carries a secret next to text a third party can choose (BREACH: the log-out page's CSRF token) is
 * marked with `keepUncompressed` and goes as it is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';

const UNCOMPRESSED = Symbol('hearth.uncompressed');

/** This answer holds a secret: never compress it (see above). */
export function keepUncompressed(res: ServerResponse): void {
  (res as ServerResponse & { [UNCOMPRESSED]?: true })[UNCOMPRESSED] = true;
}

const middleware = compression({
  threshold: 1024,
  filter: (req, res) => !(res as ServerResponse & { [UNCOMPRESSED]?: true })[UNCOMPRESSED] && compression.filter(req, res),
});

export function withCompression(listener: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // Express's types name its own request and response; the middleware needs only Node's.
    middleware(req as never, res as never, () => listener(req, res));
  };
}
