/**
 * Sending a stored file (server/storage): streamed through us from either storage, or — for a download from a
 * bucket that signs links — a redirect to a presigned GET of the store itself, made only after the route's own
 * authorization check (issue 37). Which files go which way, and why (docs/deployment.md, "Object storage"):
 * - images (`/media/…`, shown by partner pages inside shadow roots under a strict CSP whose img-src names our API
 *   origin, and cached by URL) and inline previews (framed by partner pages, with our sandboxing CSP) are streamed;
 * - documents and PDFs asked for as an attachment (`download=1`) are redirected to the store when it signs links:
 *   the bytes never pass through the API process, the link works for PRESIGNED_DOWNLOAD_SECONDS, and an attachment
 *   is never rendered, so the store's origin needs no CSP of ours.
 */
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { OpenedFile, Storage } from '../storage';

/** How long a presigned download works: enough to start it, short enough that a forwarded link is soon useless. */
export const PRESIGNED_DOWNLOAD_SECONDS = 60;

/** Streams the file after the caller's headers; a failure mid-way (the client gone, the store failing) ends the response. */
export async function pipeStoredFile(res: ServerResponse, file: OpenedFile): Promise<void> {
  res.setHeader('Content-Length', file.size);
  try {
    await pipeline(file.body, res);
  } catch {
    file.body.destroy();
    res.destroy();
  }
}

/** Redirects to a presigned GET of the store when it signs links; false (nothing sent) when it does not. */
export async function redirectToStore(res: ServerResponse, storage: Storage, key: string, disposition: string, contentType: string): Promise<boolean> {
  const link = await storage.downloadLink?.(key, { disposition, contentType, expiresIn: PRESIGNED_DOWNLOAD_SECONDS });
  if (!link) return false;
  res.statusCode = 302;
  res.setHeader('Location', link);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end();
  return true;
}
