/**
 * Serving files from a directory without ever leaving it: URL segments are decoded one by one and
 * `..`, dot-files, separators and NUL are refused before touching the disk; symlinks are resolved and
 * checked against the root's real path.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { addVary } from './cors';
import { HttpError, notFound } from './errors';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const contentTypeFor = (file: string) => CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

const badPath = () => new HttpError(400, 'bad_path', 'The path is not allowed.');

/** Decoded, checked segments of a URL path below a mount point. Throws 400 on anything suspicious. */
function safeSegments(encodedPath: string): string[] {
  const segments: string[] = [];
  for (const raw of encodedPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw badPath();
    }
    if (segment.startsWith('.') || /[/\\\0]/.test(segment) || segment.includes(':')) throw badPath();
    segments.push(segment);
  }
  return segments;
}

export type StaticTarget = { kind: 'file'; path: string; size: number; mtimeMs: number } | { kind: 'directory'; path: string };

/** Finds `encodedPath` under `root`; null when it does not exist or escapes through a symlink. */
export async function locate(root: string, encodedPath: string): Promise<StaticTarget | null> {
  const segments = safeSegments(encodedPath);
  let realRoot: string;
  let target: string;
  try {
    realRoot = await realpath(root);
    target = await realpath(join(realRoot, ...segments));
  } catch {
    return null;
  }
  if (target !== realRoot && !target.startsWith(realRoot + sep)) return null;
  const info = await stat(target);
  if (info.isDirectory()) return { kind: 'directory', path: target };
  if (!info.isFile()) return null;
  return { kind: 'file', path: target, size: info.size, mtimeMs: info.mtimeMs };
}

export interface ServeOptions {
  cacheControl: string;
  headers?: Record<string, string>;
  /** Serve `index.html` for a directory (redirecting to the slash-terminated URL first). */
  index?: boolean;
  /** Send a `<file>.br` or `<file>.gz` made at build time when the browser accepts it. */
  precompressed?: boolean;
}

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The best precompressed sibling the request accepts, if the build made one. */
async function compressedSibling(
  req: IncomingMessage,
  file: Extract<StaticTarget, { kind: 'file' }>,
): Promise<{ encoding: string; file: Extract<StaticTarget, { kind: 'file' }> } | null> {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]!.toLowerCase());
  for (const { name, suffix } of ENCODINGS) {
    if (!accepted.includes(name)) continue;
    try {
      const info = await stat(file.path + suffix);
      if (info.isFile()) return { encoding: name, file: { kind: 'file', path: file.path + suffix, size: info.size, mtimeMs: info.mtimeMs } };
    } catch {
      // no sibling for this encoding
    }
  }
  return null;
}

/** Serves the file at `encodedPath` below `root`, or throws 404/400. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  encodedPath: string,
  options: ServeOptions,
): Promise<void> {
  let target = await locate(root, encodedPath);
  if (target?.kind === 'directory') {
    if (!options.index) throw notFound();
    const requestPath = new URL(req.url ?? '/', 'http://request.invalid').pathname;
    // Relative links in index.html only resolve against a URL that ends in a slash.
    if (!requestPath.endsWith('/')) {
      res.statusCode = 301;
      res.setHeader('Location', `${requestPath}/`);
      res.end();
      return;
    }
    target = await locate(target.path, 'index.html');
  }
  if (target?.kind !== 'file') throw notFound();
  if (options.precompressed) {
    addVary(res, 'Accept-Encoding');
    const sibling = await compressedSibling(req, target);
    if (sibling) {
      res.setHeader('Content-Encoding', sibling.encoding);
      sendFile(req, res, sibling.file, options, contentTypeFor(target.path));
      return;
    }
  }
  sendFile(req, res, target, options);
}

function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: Extract<StaticTarget, { kind: 'file' }>,
  options: ServeOptions,
  contentType = contentTypeFor(file.path),
): void {
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', file.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file.path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
