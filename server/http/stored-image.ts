/**
 * Serving uploaded images from the upload storage (server/storage) under `/media/{folder}/*`: blog post
 * pictures, partner logos and agent pictures, seller listing photos. Partner pages on other origins show them in
 * <img>; opened directly, nothing in them may run or load.
 */
import { uploadStorage } from '../storage';
import { notFound } from './errors';
import { pipeStoredFile } from './stored-file';
import type { Route } from './router';

export interface StoredImageRoute {
  /** The storage folder, also the path segment after /media/. */
  folder: string;
  /** The names (below the folder) this route serves; any other name is 404 without touching the storage. */
  name: RegExp;
  /** The image's Content-Type, from its name. */
  contentType: (name: string) => string;
  /** Cache-Control: how long clients may keep it. */
  cache: string;
}

/** The GET route of one folder of stored images: 404 for an unknown or missing name, else the bytes. */
export function storedImageRoute({ folder, name, contentType, cache }: StoredImageRoute): Route {
  return {
    GET: async ({ res, rest }) => {
      // Streamed from either storage, never presigned: partner pages show these under a CSP that names our origin.
      const file = name.test(rest) ? await uploadStorage().open(`${folder}/${rest}`) : null;
      if (!file) throw notFound();
      res.statusCode = 200;
      res.setHeader('Content-Type', contentType(rest));
      res.setHeader('Content-Security-Policy', "default-src 'none'");
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', cache);
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      await pipeStoredFile(res, file);
    },
  };
}
