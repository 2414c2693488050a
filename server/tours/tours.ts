/**
 * Requested tours (spec §3, §4, §5; issue 7): the buyer's request, the seller's decisions, who may see
 * and do what, and the mails they cause.
 *
 * Roles for one tour:
 *   buyer   the user who requested it: reads it (and its calendar file), cancels it or offers new times while it is open.
 *   seller  listings.seller_user_id of the tour's listing: reads and decides (schedule, cancel, complete).
 *   agent   a company agent (users.is_company_agent, set by an administrator): reads and decides on every tour.
 * Everyone else gets NOT_FOUND, exactly as for an id that does not exist.
 */
import { formatAddress } from '../../core/format/address';
import { tourTexts } from '../../core/i18n/tours';
import { qualifiedAmountOf, type AgentAndQualification } from '../../core/tours/agent-and-qualification';
import { formatTourTime } from '../../core/tours/tour-format';
import { buyerTourChanges, canMoveTour, TOUR_STATUSES_WITH_TIME, type TourStatus } from '../../core/tours/tour-status';
import {
  checkCancellationReason,
  isValidRequestedTime,
  parseInstant,
  scheduledEnd,
  sellerTimeError,
} from '../../core/tours/tour-times';
import { readPhone, shownPhone } from '../contact/phone';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import type { UserRecord } from '../accounts/users';
import { PUBLIC_ADDRESS_COLUMNS, publicAddress, type PublicAddress, type PublicAddressRow } from '../listings/search/listing';
import { queueMail } from '../mail/outbox';

export const REQUESTED_TIMES_MAX = 20;
export const REQUESTED_TOURS_PAGE_MAX = 100;

const notFound = () => new DomainError('NOT_FOUND', 'Requested tour not found.');

export type { AgentAndQualification };

export interface TourListing {
  id: number;
  slugId: string;
  listingCodeId: string;
  address: PublicAddress;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  photoUri: string | null;
  sellerUserId: number | null;
}

export interface TourRecord {
  id: number;
  status: TourStatus;
  start: Date | null;
  end: Date | null;
  cancellationReason: string | null;
  /** Who cancelled a CANCELLED tour: the buyer (no reason) or the seller's side (the seller or a company agent, with one). */
  cancelledBy: 'buyer' | 'seller' | null;
  requestedTimes: Date[];
  agentAndQualification: AgentAndQualification;
  listing: TourListing;
  buyer: { id: number; firstName: string; lastName: string; email: string };
  createdAt: Date;
  updatedAt: Date;
}

export type TourRole = 'buyer' | 'seller' | 'agent';

/** What the viewer is to this tour; null = a stranger (NOT_FOUND). */
export function tourRole(tour: TourRecord, user: UserRecord): TourRole | null {
  if (tour.listing.sellerUserId === user.id) return 'seller';
  if (user.isCompanyAgent) return 'agent';
  if (tour.buyer.id === user.id) return 'buyer';
  return null;
}

/** The §4 statuses that show the scheduled time and get a calendar file. */
export const hasCalendarFile = (tour: TourRecord) =>
  tour.start !== null && tour.end !== null && TOUR_STATUSES_WITH_TIME.includes(tour.status);

// ---------------------------------------------------------------------------------------------------
// Reading

interface TourRow extends PublicAddressRow {
  id: number;
  tour_status: TourStatus;
  start_at: Date | null;
  end_at: Date | null;
  cancellation_reason: string | null;
  cancelled_by: 'buyer' | 'seller' | null;
  has_agent: boolean;
  agent_name: string;
  agent_phone: string;
  qualified: boolean;
  qualified_lender_name: string;
  qualified_amount: string;
  created_at: Date;
  updated_at: Date;
  requested: number[] | null;
  listing_id: number;
  slug_id: string;
  listing_code_id: string;
  latitude: number | null;
  longitude: number | null;
  time_zone: string;
  photo_uri: string | null;
  seller_user_id: number | null;
  buyer_id: number;
  buyer_first_name: string;
  buyer_last_name: string;
  buyer_email: string;
}

const TOUR_SELECT = `SELECT t.id, t.tour_status, t.start_at, t.end_at, t.cancellation_reason, t.cancelled_by, t.has_agent, t.agent_name,
    t.agent_phone, t.qualified, t.qualified_lender_name, t.qualified_amount, t.created_at, t.updated_at,
    (SELECT json_agg((extract(epoch FROM r.scheduled_at) * 1000)::bigint ORDER BY r.scheduled_at)
       FROM requested_tour_times r WHERE r.tour_id = t.id) AS requested,
    l.id AS listing_id, l.slug_id, l.listing_code_id, ${PUBLIC_ADDRESS_COLUMNS}, l.latitude, l.longitude, l.time_zone,
    l.photos -> 0 ->> 'photoUrl' AS photo_uri, l.seller_user_id,
    u.id AS buyer_id, u.first_name AS buyer_first_name, u.last_name AS buyer_last_name, u.email AS buyer_email
  FROM requested_tours t JOIN listings l ON l.id = t.listing_id JOIN users u ON u.id = t.buyer_user_id`;

function toTour(r: TourRow): TourRecord {
  return {
    id: Number(r.id),
    status: r.tour_status,
    start: r.start_at,
    end: r.end_at,
    cancellationReason: r.cancellation_reason,
    cancelledBy: r.cancelled_by,
    requestedTimes: (r.requested ?? []).map((ms) => new Date(Number(ms))),
    agentAndQualification: {
      agent: r.has_agent,
      agentName: r.agent_name,
      agentPhone: r.agent_phone,
      qualified: r.qualified,
      qualifiedLenderName: r.qualified_lender_name,
      qualifiedAmount: r.qualified_amount,
    },
    listing: {
      id: Number(r.listing_id),
      slugId: r.slug_id,
      listingCodeId: r.listing_code_id,
      address: publicAddress(r),
      latitude: r.latitude,
      longitude: r.longitude,
      timeZone: r.time_zone,
      photoUri: r.photo_uri,
      sellerUserId: r.seller_user_id === null ? null : Number(r.seller_user_id),
    },
    buyer: { id: Number(r.buyer_id), firstName: r.buyer_first_name, lastName: r.buyer_last_name, email: r.buyer_email },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function findTour(db: Queryable, id: number): Promise<TourRecord | null> {
  const { rows } = await db.query<TourRow>(`${TOUR_SELECT} WHERE t.id = $1`, [id]);
  return rows[0] ? toTour(rows[0]) : null;
}

/** The tour if the user may read it, with the role they read it in; else NOT_FOUND. */
export async function readableTour(db: Queryable, id: number, user: UserRecord): Promise<{ tour: TourRecord; role: TourRole }> {
  const tour = await findTour(db, id);
  const role = tour ? tourRole(tour, user) : null;
  if (!tour || !role) throw notFound();
  return { tour, role };
}

/** The user's tours as buyer or as seller, newest first. */
export async function listTours(db: Queryable, userId: number): Promise<TourRecord[]> {
  const { rows } = await db.query<TourRow>(
    `${TOUR_SELECT} WHERE t.buyer_user_id = $1 OR l.seller_user_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT ${REQUESTED_TOURS_PAGE_MAX}`,
    [userId],
  );
  return rows.map(toTour);
}

/**
 * Tours of one listing: all of them for its seller and for a company agent, the viewer's own requests
 * for anyone else (a buyer checking "did I already ask?"). Unknown listings give an empty list.
 */
export async function listToursByListing(db: Queryable, listingId: number, user: UserRecord): Promise<TourRecord[]> {
  const { rows: owner } = await db.query<{ seller_user_id: number | null }>('SELECT seller_user_id FROM listings WHERE id = $1', [
    listingId,
  ]);
  const manages = user.isCompanyAgent || (owner[0] !== undefined && Number(owner[0].seller_user_id) === user.id);
  const { rows } = await db.query<TourRow>(
    `${TOUR_SELECT} WHERE t.listing_id = $1 ${manages ? '' : 'AND t.buyer_user_id = $2'}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${REQUESTED_TOURS_PAGE_MAX}`,
    manages ? [listingId] : [listingId, user.id],
  );
  return rows.map(toTour);
}

/**
 * listToursByListing for many listings in one query (SellerListing.tours of a page of cases): the same rule
 * per listing (all tours for its seller or a company agent, the viewer's own otherwise), the same order and cap.
 */
export async function listToursByListings(db: Queryable, listingIds: readonly number[], user: UserRecord): Promise<TourRecord[][]> {
  const { rows } = await db.query<TourRow & { k: number }>(
    `SELECT k.k, x.* FROM unnest($1::bigint[]) WITH ORDINALITY AS k(listing_id, k)
       CROSS JOIN LATERAL (SELECT s.*, row_number() OVER () AS n FROM (${TOUR_SELECT}
         WHERE t.listing_id = k.listing_id AND ($2::boolean OR l.seller_user_id = $3::bigint OR t.buyer_user_id = $3::bigint)
         ORDER BY t.created_at DESC, t.id DESC LIMIT ${REQUESTED_TOURS_PAGE_MAX}) s) x
     ORDER BY k.k, x.n`,
    [listingIds, user.isCompanyAgent, user.id],
  );
  const result: TourRecord[][] = listingIds.map(() => []);
  for (const r of rows) result[Number(r.k) - 1]!.push(toTour(r));
  return result;
}

// ---------------------------------------------------------------------------------------------------
// The buyer's request (saveTour)

export interface AgentAndQualificationInput {
  agent?: boolean | null;
  agentName?: string | null;
  agentPhone?: string | null;
  qualified?: boolean | null;
  qualifiedLenderName?: string | null;
  qualifiedAmount?: string | null;
}

const TEXT_MAX = 200;

function readAgentAndQualification(input: AgentAndQualificationInput | null | undefined, phoneCountry: string): AgentAndQualification {
  const text = (value: string | null | undefined, name: string, max = TEXT_MAX) => {
    const trimmed = (value ?? '').replace(/\s+/g, ' ').trim();
    if ([...trimmed].length > max) throw badInput(`${name} is too long (at most ${max} characters).`, `agentAndQualification.${name}`);
    return trimmed;
  };
  const agent = input?.agent ?? false;
  const qualified = input?.qualified ?? false;
  // The agent's phone as typed, read for the partner's country and stored in E.164 (server/contact/phone.ts).
  const phone = agent ? readPhone(input?.agentPhone ?? '', phoneCountry, { optional: true }) : { ok: true as const, value: '' };
  if (!phone.ok) throw badInput(phone.message, 'agentAndQualification.agentPhone');
  const amount = qualifiedAmountOf(text(input?.qualifiedAmount, 'qualifiedAmount', 40));
  if (amount === null) throw badInput('qualifiedAmount must be an amount, e.g. 450,000.', 'agentAndQualification.qualifiedAmount');
  // What does not apply is not kept: no agent name without an agent, no lender without a qualification.
  return {
    agent,
    agentName: agent ? text(input?.agentName, 'agentName') : '',
    agentPhone: phone.value,
    qualified,
    qualifiedLenderName: qualified ? text(input?.qualifiedLenderName, 'qualifiedLenderName') : '',
    qualifiedAmount: qualified ? amount : '',
  };
}

export interface SaveTourInput {
  listingId: number;
  scheduledDateTimes: readonly string[];
  agentAndQualification?: AgentAndQualificationInput | null;
  /** The partner's country of the request: the agent's phone is read and shown for it. */
  phoneCountry: string;
}

/** The brand a tour's mails are sent in: the partner whose site the request or decision was made on (issue 35). */
export interface TourMailBrand {
  senderName: string;
}

export async function requestTour(
  db: Database,
  buyer: UserRecord,
  input: SaveTourInput,
  brand: TourMailBrand,
  now = new Date(),
): Promise<TourRecord> {
  const { rows } = await db.query<{
    id: number;
    time_zone: string;
    enable_request_tour: boolean;
    seller_user_id: number | null;
  }>(
    'SELECT id, time_zone, enable_request_tour, seller_user_id FROM listings WHERE id = $1 AND internet_entire_listing_display',
    [input.listingId],
  );
  const listing = rows[0];
  if (!listing) throw new DomainError('NOT_FOUND', 'Listing not found.');
  if (!listing.enable_request_tour) throw badInput('This listing does not take tour requests.', 'listingId');
  if (listing.seller_user_id !== null && Number(listing.seller_user_id) === buyer.id) {
    throw badInput('You cannot request a tour of your own listing.', 'listingId');
  }

  const times = readRequestedTimes(input.scheduledDateTimes, now, listing.time_zone);
  const agentAndQualification = readAgentAndQualification(input.agentAndQualification, input.phoneCountry);

  const id = await db.transaction(async (tx) => {
    const a = agentAndQualification;
    const { rows: inserted } = await tx.query<{ id: number }>(
      `INSERT INTO requested_tours (listing_id, buyer_user_id, has_agent, agent_name, agent_phone, qualified,
         qualified_lender_name, qualified_amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [listing.id, buyer.id, a.agent, a.agentName, a.agentPhone, a.qualified, a.qualifiedLenderName, a.qualifiedAmount],
    );
    const tourId = Number(inserted[0]!.id);
    await insertRequestedTimes(tx, tourId, times);
    const tour = (await findTour(tx, tourId))!;
    await mailSellerAboutRequest(tx, tour, input.phoneCountry, brand);
    return tourId;
  });
  return (await findTour(db, id))!;
}

/**
 * The times a buyer offers (a request, or new times for it): 1–20, each on the hour 9 am–9 pm at the listing,
 * within the 15 days, in the future; the same instant twice counts once. Milliseconds since the epoch.
 */
function readRequestedTimes(texts: readonly string[], now: Date, zone: string): number[] {
  if (texts.length === 0) throw badInput(tourTexts.requestedTimeMissing, 'scheduledDateTimes');
  if (texts.length > REQUESTED_TIMES_MAX) throw badInput(`Choose at most ${REQUESTED_TIMES_MAX} tour times.`, 'scheduledDateTimes');
  const times = new Set<number>();
  for (const text of texts) {
    const time = parseInstant(text);
    if (!time || !isValidRequestedTime(time, now, zone)) {
      throw badInput(tourTexts.requestedTimeInvalid, 'scheduledDateTimes', { value: text.slice(0, 40) });
    }
    times.add(time.getTime());
  }
  return [...times];
}

const insertRequestedTimes = (tx: Queryable, tourId: number, times: readonly number[]) =>
  tx.query('INSERT INTO requested_tour_times (tour_id, scheduled_at) SELECT $1, to_timestamp(ms / 1000.0) FROM unnest($2::bigint[]) AS ms', [
    tourId,
    times,
  ]);

async function sellerEmail(tx: Queryable, tour: TourRecord): Promise<string | null> {
  if (tour.listing.sellerUserId === null) return null;
  const { rows } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [tour.listing.sellerUserId]);
  return rows[0]?.email ?? null;
}

const buyerName = (tour: TourRecord) => `${tour.buyer.firstName} ${tour.buyer.lastName}`.trim() || 'A buyer';

/** The seller hears of a new request. Listings without a seller of ours (feed listings) mail nobody. */
async function mailSellerAboutRequest(tx: Queryable, tour: TourRecord, phoneCountry: string, brand: TourMailBrand): Promise<void> {
  const to = await sellerEmail(tx, tour);
  if (!to) return;
  const zone = tour.listing.timeZone;
  const a = tour.agentAndQualification;
  const lines = [
    `${buyerName(tour)} would like to tour ${formatAddress(tour.listing.address)}.`,
    '',
    'Requested times:',
    ...tour.requestedTimes.map((t) => `- ${formatTourTime(t, zone)}`),
    '',
    a.agent ? `Buyer's agent: ${a.agentName || 'not named'}${a.agentPhone ? `, ${shownPhone(a.agentPhone, phoneCountry)}` : ''}` : 'The buyer has no agent.',
    a.qualified
      ? `Pre-qualified${a.qualifiedLenderName ? ` with ${a.qualifiedLenderName}` : ''}${a.qualifiedAmount ? ` for ${a.qualifiedAmount}` : ''}.`
      : 'The buyer is not pre-qualified.',
    '',
    `Open your tours on ${brand.senderName} to confirm one of the times or cancel the request.`,
  ];
  await queueMail(tx, { to, subject: `Tour request: ${formatAddress(tour.listing.address)}`, body: lines.join('\n'), senderName: brand.senderName });
}

async function mailBuyerAboutDecision(tx: Queryable, tour: TourRecord, brand: TourMailBrand): Promise<void> {
  const zone = tour.listing.timeZone;
  const address = formatAddress(tour.listing.address);
  let subject: string;
  let body: string[];
  if (tour.status === 'SCHEDULED') {
    subject = `Tour scheduled: ${address}`;
    body = [`Your tour of ${address} is scheduled for ${formatTourTime(tour.start!, zone)}.`, '', tourTexts.statusMessage.SCHEDULED];
  } else if (tour.status === 'CANCELLED') {
    subject = `Tour cancelled: ${address}`;
    body = [`Your tour request for ${address} was cancelled.`, '', `Reason: ${tour.cancellationReason ?? ''}`];
  } else if (tour.status === 'COMPLETED') {
    subject = `Tour completed: ${address}`;
    body = [`Your tour of ${address} is marked as completed. Thank you for visiting.`];
  } else {
    return;
  }
  await queueMail(tx, { to: tour.buyer.email, subject, body: body.join('\n'), senderName: brand.senderName });
}

// ---------------------------------------------------------------------------------------------------
// The seller's decisions (saveTourSeller, modifyTour)

export interface TourDecision {
  tourStatus: TourStatus;
  start?: string | null;
  end?: string | null;
  cancellationReason?: string | null;
}

/**
 * The tour's updated_at is still the one read (`param`): compared to the millisecond a JavaScript Date holds, since
 * PostgreSQL keeps microseconds (PGlite's clock ticks in milliseconds, so an exact compare passed there only).
 */
const SAME_UPDATE = (param: string) => `abs(extract(epoch FROM updated_at - ${param}::timestamptz)) < 0.001`;

/**
 * Applies a seller's or company agent's decision. ACCEPTED (optionally with a time) and SCHEDULED take a
 * start that is one of the requested times and after now; the end is always start + 1 hour (a different
 * end given is refused). COMPLETED only from SCHEDULED. CANCELLED needs a 50–200 character reason.
 */
export async function decideTour(
  db: Database,
  user: UserRecord,
  id: number,
  decision: TourDecision,
  options: { allowCancel: boolean; brand: TourMailBrand; now?: Date },
): Promise<TourRecord> {
  const now = options.now ?? new Date();
  const { tour, role } = await readableTour(db, id, user);
  if (role === 'buyer') throw new DomainError('FORBIDDEN', 'Only the seller or a company agent can change this tour.');

  const to = decision.tourStatus;
  if (!canMoveTour(tour.status, to)) throw badInput(`A ${tour.status} tour cannot become ${to}.`, 'tourStatus');

  let start = tour.start;
  let end = tour.end;
  let reason: string | null = tour.cancellationReason;

  if (to === 'SCHEDULED' || (to === 'ACCEPTED' && decision.start)) {
    if (!decision.start) throw badInput('Choose one of the requested times.', 'start');
    const chosen = parseInstant(decision.start);
    if (!chosen) throw badInput('start must be an ISO date-time with a time zone.', 'start');
    if (!tour.requestedTimes.some((t) => t.getTime() === chosen.getTime())) {
      throw badInput('start must be one of the requested times.', 'start');
    }
    const past = sellerTimeError(chosen, now);
    if (past) throw badInput(past.message, 'start', { title: past.title });
    const expectedEnd = scheduledEnd(chosen);
    if (decision.end) {
      const givenEnd = parseInstant(decision.end);
      if (!givenEnd || givenEnd.getTime() !== expectedEnd.getTime()) throw badInput('A tour lasts one hour: end must be start + 1 hour.', 'end');
    }
    start = chosen;
    end = expectedEnd;
  } else if (to === 'CANCELLED') {
    if (!options.allowCancel) throw badInput('Cancelling needs a reason: use saveTourSeller with cancellationReason.', 'tourStatus');
    const check = checkCancellationReason(decision.cancellationReason ?? '');
    if (!check.valid) throw badInput(check.error!, 'cancellationReason', { counter: check.counter });
    reason = decision.cancellationReason!.trim();
  }

  return db.transaction(async (tx) => {
    // The tour as it was read in the WHERE makes two changes at once safe (two decisions, or a decision and the
    // buyer's new times): the second one finds nothing to change.
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE requested_tours SET tour_status = $3, start_at = $4, end_at = $5, cancellation_reason = $6, cancelled_by = $8, updated_at = now()
        WHERE id = $1 AND tour_status = $2 AND ${SAME_UPDATE('$7')} RETURNING id`,
      [tour.id, tour.status, to, start, end, to === 'CANCELLED' ? reason : null, tour.updatedAt, to === 'CANCELLED' ? 'seller' : null],
    );
    if (rows.length === 0) throw badInput('The tour was changed meanwhile; reload it.', 'tourStatus');
    const updated = (await findTour(tx, tour.id))!;
    await mailBuyerAboutDecision(tx, updated, options.brand);
    return updated;
  });
}

// ---------------------------------------------------------------------------------------------------
// The buyer's own changes (modifyTour by the buyer: the edit-tour dialog)

/** Cancel the request, or offer new times for it (1–20, the rules of a request). */
export type BuyerTourChangeInput = { kind: 'cancel' } | { kind: 'reschedule'; scheduledDateTimes: readonly string[] };

/**
 * The buyer cancels their own request, or offers new times: the requested times are replaced, the tour goes back
 * to REQUESTED (a scheduled time is given up) for the seller to pick again. Only while buyerTourChanges allows it
 * (open, its time not begun); new times only while the listing takes tour requests. The seller is mailed.
 * A cancellation by the buyer has no reason (the seller's needs 50–200 characters).
 */
async function changeOwnTour(db: Database, user: UserRecord, id: number, change: BuyerTourChangeInput, brand: TourMailBrand, now = new Date()): Promise<TourRecord> {
  const { tour, role } = await readableTour(db, id, user);
  if (role !== 'buyer') throw new DomainError('FORBIDDEN', 'Only the buyer who requested this tour can cancel it or offer new times.');
  if (!buyerTourChanges(tour.status, tour.start, now).includes(change.kind)) {
    throw badInput(
      tour.start !== null && tour.start.getTime() <= now.getTime() && canMoveTour(tour.status, 'CANCELLED')
        ? 'This tour has begun: it can no longer be changed.'
        : `A ${tour.status} tour can no longer be changed.`,
      'tourStatus',
    );
  }
  let times: number[] = [];
  if (change.kind === 'reschedule') {
    const { rows } = await db.query<{ enable_request_tour: boolean }>(
      'SELECT enable_request_tour FROM listings WHERE id = $1 AND internet_entire_listing_display',
      [tour.listing.id],
    );
    if (!rows[0]?.enable_request_tour) throw badInput('This listing no longer takes tour requests.', 'scheduledDateTimes');
    times = readRequestedTimes(change.scheduledDateTimes, now, tour.listing.timeZone);
  }

  return db.transaction(async (tx) => {
    const to: TourStatus = change.kind === 'cancel' ? 'CANCELLED' : 'REQUESTED';
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE requested_tours SET tour_status = $3, start_at = $4, end_at = $5, cancellation_reason = NULL,
          cancelled_by = CASE WHEN $3 = 'CANCELLED' THEN 'buyer' END, updated_at = now()
        WHERE id = $1 AND tour_status = $2 AND ${SAME_UPDATE('$6')} RETURNING id`,
      [tour.id, tour.status, to, change.kind === 'cancel' ? tour.start : null, change.kind === 'cancel' ? tour.end : null, tour.updatedAt],
    );
    if (rows.length === 0) throw badInput('The tour was changed meanwhile; reload it.', 'tourStatus');
    if (change.kind === 'reschedule') {
      await tx.query('DELETE FROM requested_tour_times WHERE tour_id = $1', [tour.id]);
      await insertRequestedTimes(tx, tour.id, times);
    }
    const updated = (await findTour(tx, tour.id))!;
    await mailSellerAboutBuyerChange(tx, tour, updated, brand);
    return updated;
  });
}

/** The seller hears that the buyer cancelled, or offered new times (and gave up a scheduled one). */
async function mailSellerAboutBuyerChange(tx: Queryable, before: TourRecord, after: TourRecord, brand: TourMailBrand): Promise<void> {
  const to = await sellerEmail(tx, after);
  if (!to) return;
  const zone = after.listing.timeZone;
  const address = formatAddress(after.listing.address);
  const scheduled = before.start ? ` (scheduled for ${formatTourTime(before.start, zone)})` : '';
  if (after.status === 'CANCELLED') {
    await queueMail(tx, {
      to,
      subject: `Tour cancelled by the buyer: ${address}`,
      body: [`${buyerName(after)} cancelled their tour request for ${address}${scheduled}.`, '', 'There is nothing for you to do.'].join('\n'),
      senderName: brand.senderName,
    });
    return;
  }
  await queueMail(tx, {
    to,
    subject: `New tour times: ${address}`,
    body: [
      `${buyerName(after)} offered new times to tour ${address}${before.start ? `, instead of the scheduled ${formatTourTime(before.start, zone)}` : ''}.`,
      '',
      'Requested times:',
      ...after.requestedTimes.map((t) => `- ${formatTourTime(t, zone)}`),
      '',
      `Open your tours on ${brand.senderName} to confirm one of the times or cancel the request.`,
    ].join('\n'),
    senderName: brand.senderName,
  });
}

export interface ModifyTourInput {
  tourStatus: TourStatus;
  start?: string | null;
  end?: string | null;
  scheduledDateTimes?: readonly string[] | null;
}

/**
 * modifyTour (spec §7): for the listing's seller or a company agent, a decision without a reason (decideTour:
 * it cannot cancel); for the tour's buyer, CANCELLED cancels the request and REQUESTED with scheduledDateTimes
 * offers new times (changeOwnTour). Anyone else: NOT_FOUND.
 */
export async function modifyTour(db: Database, user: UserRecord, id: number, input: ModifyTourInput, brand: TourMailBrand, now = new Date()): Promise<TourRecord> {
  const { role } = await readableTour(db, id, user);
  const times = input.scheduledDateTimes ?? null;
  if (role !== 'buyer') {
    if (times !== null) throw badInput('Only the buyer offers new times; choose one of the requested times with start.', 'scheduledDateTimes');
    return decideTour(db, user, id, { tourStatus: input.tourStatus, start: input.start, end: input.end }, { allowCancel: false, brand, now });
  }
  if (input.start || input.end) throw badInput('Offer new times with scheduledDateTimes; start and end are the seller’s choice.', input.start ? 'start' : 'end');
  if (input.tourStatus === 'CANCELLED') {
    if (times !== null) throw badInput('A cancellation takes no times.', 'scheduledDateTimes');
    return changeOwnTour(db, user, id, { kind: 'cancel' }, brand, now);
  }
  if (input.tourStatus === 'REQUESTED') return changeOwnTour(db, user, id, { kind: 'reschedule', scheduledDateTimes: times ?? [] }, brand, now);
  throw new DomainError('FORBIDDEN', 'Only the seller or a company agent can change this tour.');
}
