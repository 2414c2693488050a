/** GET /media/listing/<listingKey>/<n>.svg: the generated placeholder photos of seed listings. */
import { notFound } from '../http/errors';
import { BASE_SECURITY_HEADERS } from '../http/respond';
import type { Route } from '../http/router';
import { renderListingPhoto } from './photos';

const PHOTO_PATH = /^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\/([1-9][0-9]?)\.svg$/;

const listingPhotoRoute: Route = {
  GET: ({ res, rest }) => {
    const match = PHOTO_PATH.exec(rest);
    if (!match) throw notFound();
    const svg = renderListingPhoto(match[1]!, Number(match[2]));
    res.statusCode = 200;
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('Content-Type', 'image/svg+xml');
    // An SVG opened directly must not run anything (it has no script, and this says so).
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    // Partner pages on other origins show these in <img>.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Content-Length', Buffer.byteLength(svg));
    res.end(svg);
  },
};

export const mediaRoutes: Record<string, Route> = {
  '/media/listing/*': listingPhotoRoute,
};
