/**
 * GET /v1/api/tours/<id>/ical and /v1/api/open-houses/<id>/ical: the calendar file (text/calendar, named
 * test-{year}.{month}.{day}.ical). Readable by whoever may read the tour (buyer, seller, company agent) or
 * the open house (its seller; anyone while it is public and active), authenticated by the Authorization
 * header / session, or by the signed `?token=` of the `ical` link. Anything else is a plain 404.
 */
import type { ServerResponse } from 'node:http';
import { authenticate, withDetailErrors } from '../accounts/session';
import { findUserById, type UserRecord } from '../accounts/users';
import { notFound } from '../http/errors';
import { BASE_SECURITY_HEADERS } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { formatAddress } from '../../core/format/address';
import { icalFileName, renderCalendar } from './ical';
import { type IcalKind, verifyIcalToken } from './ical-links';
import { findOpenHouse, isPublicOpenHouse, isSellerOf } from './open-houses';
import { findTour, hasCalendarFile, tourRole } from './tours';

const ICAL_PATH = /^([1-9][0-9]{0,15})\/ical\/?$/;

async function caller(ctx: RequestContext, kind: IcalKind, id: number): Promise<UserRecord | null> {
  const viewer = await authenticate(ctx.services.db, ctx.req.headers, ctx.method);
  if (viewer) return viewer.user;
  const token = ctx.url.searchParams.get('token');
  const userId = token ? verifyIcalToken(kind, id, token) : null;
  return userId === null ? null : findUserById(ctx.services.db, userId);
}

function sendCalendar(res: ServerResponse, fileName: string, body: string): void {
  res.statusCode = 200;
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

const idOf = (rest: string) => {
  const match = ICAL_PATH.exec(rest);
  if (!match) throw notFound();
  return Number(match[1]);
};

const host = (ctx: RequestContext) => ctx.url.host || 'hearth';

const tourIcal: Route = {
  GET: withDetailErrors(async (ctx) => {
    const id = idOf(ctx.rest);
    const user = await caller(ctx, 'tour', id);
    const tour = user ? await findTour(ctx.services.db, id) : null;
    if (!user || !tour || !tourRole(tour, user) || !hasCalendarFile(tour)) throw notFound();
    const address = formatAddress(tour.listing.address);
    const body = renderCalendar({
      uid: `tour-${tour.id}@${host(ctx)}`,
      start: tour.start!,
      end: tour.end!,
      summary: `Home tour: ${address}`,
      location: address,
      description: tour.status === 'COMPLETED' ? 'Completed home tour.' : 'Scheduled home tour.',
      stamp: tour.updatedAt,
    });
    sendCalendar(ctx.res, icalFileName(tour.start!, tour.listing.timeZone), body);
  }),
};

const openHouseIcal: Route = {
  GET: withDetailErrors(async (ctx) => {
    const id = idOf(ctx.rest);
    const openHouse = await findOpenHouse(ctx.services.db, id);
    if (!openHouse) throw notFound();
    if (!isPublicOpenHouse(openHouse)) {
      const user = await caller(ctx, 'open-house', id);
      if (!user || !isSellerOf(openHouse, user)) throw notFound();
    }
    const address = formatAddress(openHouse.listing.address);
    const body = renderCalendar({
      uid: `open-house-${openHouse.id}@${host(ctx)}`,
      start: openHouse.start,
      end: openHouse.end,
      summary: `Open house: ${address}`,
      location: address,
      status: openHouse.isActive ? 'CONFIRMED' : 'CANCELLED',
      stamp: new Date(),
    });
    sendCalendar(ctx.res, icalFileName(openHouse.start, openHouse.listing.timeZone), body);
  }),
};

export const tourRoutes: Record<string, Route> = {
  '/v1/api/tours/*': tourIcal,
  '/v1/api/open-houses/*': openHouseIcal,
};
