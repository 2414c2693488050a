import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerTourGrid, instantAt, openHouseDays, addDaysToKey, dayKeyOf } from '../../core/tours/tour-times';
import type { RunningServer } from '../app';
import { outbox, signUp, type SignedUp } from '../accounts/testing';
import { engineName, startTestServer } from '../testing/test-server';
import { codeOf, graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { signIcalToken } from './ical-links';

let server: RunningServer;
let listingId: number;
let otherListingId: number;
let zone: string;
let buyer: SignedUp;
let seller: SignedUp;
let stranger: SignedUp;
let agent: SignedUp;

const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);

const TOUR_FIELDS = `id tourStatus start end cancellationReason listingAddress thumbnailPhotoUri
  requestedSchedule { scheduledDateTime } tourListing { slugId listingCodeId }
  requestUser { fullName firstName lastName initials } listingAddressModel { city }
  agentAndQualification { agent agentName qualified qualifiedAmount } ical`;

const SAVE_TOUR = `mutation ($listingId: ID!, $times: [String!]!, $aq: AgentAndQualificationInput) {
  saveTour(listingId: $listingId, scheduledDateTimes: $times, agentAndQualification: $aq) { ${TOUR_FIELDS} } }`;
const SELLER = `mutation ($id: ID!, $start: String, $end: String, $status: TourStatus!, $reason: String) {
  saveTourSeller(id: $id, start: $start, end: $end, tourStatus: $status, cancellationReason: $reason) { ${TOUR_FIELDS} } }`;
const MODIFY = `mutation ($id: ID!, $start: String, $end: String, $status: TourStatus!, $times: [String!]) {
  modifyTour(id: $id, start: $start, end: $end, tourStatus: $status, scheduledDateTimes: $times) {
    id tourStatus start end cancellationReason cancelledBy requestedSchedule { scheduledDateTime } } }`;

/** Two valid slots: tomorrow (all of tomorrow's grid is in the future) at 10 am and 2 pm, listing time. */
function futureSlots() {
  const tomorrow = buyerTourGrid(new Date(), zone).gridDays[1]!;
  return [tomorrow.slots[1]!.dateTime, tomorrow.slots[5]!.dateTime];
}

const tour0 = (tour: Record<string, any>) => tour.requestedSchedule[0].scheduledDateTime as string;

async function requestTour(times = futureSlots()) {
  const r = await gql(buyer, SAVE_TOUR, {
    listingId,
    times,
    aq: { agent: true, agentName: 'Jo Agent', agentPhone: '801 555 0100', qualified: true, qualifiedLenderName: 'Bank', qualifiedAmount: '450000' },
  });
  expect(r.errors).toBeUndefined();
  return r.data!.saveTour as Record<string, any>;
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  const { rows } = await server.db.query<{ id: number; time_zone: string }>(
    'SELECT id, time_zone FROM listings WHERE internet_entire_listing_display AND enable_request_tour ORDER BY id LIMIT 2',
  );
  listingId = Number(rows[0]!.id);
  otherListingId = Number(rows[1]!.id);
  zone = rows[0]!.time_zone;
  [buyer, seller, stranger, agent] = await Promise.all([signUp(server), signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE listings SET seller_user_id = $1 WHERE id = $2', [seller.user.id, listingId]);
  await server.db.query('UPDATE users SET is_company_agent = true WHERE id = $1', [agent.user.id]);
  // The user's own agent setting opens nothing: the stranger says they are an agent.
  await server.db.query('UPDATE users SET agent = true WHERE id = $1', [stranger.user.id]);
});
afterAll(async () => {
  await server?.close();
});

describe(`requested tours (${engineName()})`, () => {
  it('a buyer requests a tour; the seller is mailed; agent and qualification are kept', async () => {
    const times = futureSlots();
    const tour = await requestTour(times);
    expect(tour).toMatchObject({
      tourStatus: 'REQUESTED',
      start: null,
      ical: null,
      requestUser: { fullName: 'Ada Lovelace', initials: 'AL' },
      agentAndQualification: { agent: true, agentName: 'Jo Agent', qualified: true, qualifiedAmount: '450,000' },
    });
    expect(tour.requestedSchedule.map((s: any) => s.scheduledDateTime)).toEqual([...times].sort());
    expect(tour.tourListing.slugId).toBeTruthy();
    const mails = await outbox(server, seller.email);
    expect(mails.at(-1)!.subject).toContain('Tour request');
    expect(mails.at(-1)!.body).toContain('Ada Lovelace would like to tour');
  });

  it('refuses past, off-hour, beyond-horizon, zone-less and missing times; needs sign-in', async () => {
    const today = dayKeyOf(new Date(), zone);
    const bad = [
      new Date(Date.now() - 3600_000).toISOString(),
      instantAt(addDaysToKey(today, 1), 8 * 60, zone).toISOString(),
      instantAt(addDaysToKey(today, 1), 22 * 60, zone).toISOString(),
      instantAt(addDaysToKey(today, 1), 10 * 60 + 30, zone).toISOString(),
      instantAt(addDaysToKey(today, 15), 10 * 60, zone).toISOString(),
      '2030-01-01T10:00:00',
    ];
    for (const time of bad) {
      const r = await gql(buyer, SAVE_TOUR, { listingId, times: [time] });
      expect(codeOf(r), time).toBe('BAD_USER_INPUT');
    }
    expect(codeOf(await gql(buyer, SAVE_TOUR, { listingId, times: [] }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(null, SAVE_TOUR, { listingId, times: futureSlots() }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(buyer, SAVE_TOUR, { listingId: 999999999, times: futureSlots() }))).toBe('NOT_FOUND');
    // Day 15 at 9 pm is the last valid slot.
    const last = instantAt(addDaysToKey(today, 14), 21 * 60, zone).toISOString();
    expect((await gql(buyer, SAVE_TOUR, { listingId, times: [last] })).errors).toBeUndefined();
    // A seller cannot request their own listing.
    expect(codeOf(await gql(seller, SAVE_TOUR, { listingId, times: futureSlots() }))).toBe('BAD_USER_INPUT');
  });

  it('who may read: buyer, seller, company agent; strangers get NOT_FOUND', async () => {
    const tour = await requestTour();
    const one = `query ($id: ID!) { requestedTour(id: $id) { id } }`;
    for (const who of [buyer, seller, agent]) expect((await gql(who, one, { id: tour.id })).data!.requestedTour.id).toBe(tour.id);
    expect(codeOf(await gql(stranger, one, { id: tour.id }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(null, one, { id: tour.id }))).toBe('UNAUTHENTICATED');

    const list = '{ requestedTours { id } }';
    const ids = (r: GraphqlResponse) => (r.data!.requestedTours as { id: string }[]).map((t) => t.id);
    expect(ids(await gql(buyer, list))).toContain(tour.id);
    expect(ids(await gql(seller, list))).toContain(tour.id);
    expect(ids(await gql(stranger, list))).not.toContain(tour.id);

    const byListing = `query ($l: ID!) { requestedTourByListing(listingId: $l) { id } }`;
    const idsBy = (r: GraphqlResponse) => (r.data!.requestedTourByListing as { id: string }[]).map((t) => t.id);
    expect(idsBy(await gql(buyer, byListing, { l: listingId }))).toContain(tour.id);
    expect(idsBy(await gql(seller, byListing, { l: listingId }))).toContain(tour.id);
    expect(idsBy(await gql(agent, byListing, { l: listingId }))).toContain(tour.id);
    expect(idsBy(await gql(stranger, byListing, { l: listingId }))).toEqual([]);
  });

  it('seller schedules one of the requested times (end = start + 1 h); buyer mailed; ical downloads', async () => {
    const tour = await requestTour();
    const start = tour.requestedSchedule[0].scheduledDateTime;

    // Strangers and the buyer cannot decide.
    expect(codeOf(await gql(stranger, SELLER, { id: tour.id, start, status: 'SCHEDULED' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(stranger, MODIFY, { id: tour.id, start, status: 'SCHEDULED' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(buyer, SELLER, { id: tour.id, start, status: 'SCHEDULED' }))).toBe('FORBIDDEN');
    // Not one of the requested times; a wrong end; COMPLETED straight from REQUESTED.
    const other = instantAt(addDaysToKey(dayKeyOf(new Date(), zone), 2), 12 * 60, zone).toISOString();
    expect(codeOf(await gql(seller, SELLER, { id: tour.id, start: other, status: 'SCHEDULED' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(seller, SELLER, { id: tour.id, start, end: start, status: 'SCHEDULED' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(seller, SELLER, { id: tour.id, status: 'COMPLETED' }))).toBe('BAD_USER_INPUT');

    const r = await gql(seller, SELLER, { id: tour.id, start, status: 'SCHEDULED' });
    expect(r.errors).toBeUndefined();
    const scheduled = r.data!.saveTourSeller;
    expect(scheduled.tourStatus).toBe('SCHEDULED');
    expect(Date.parse(scheduled.end) - Date.parse(scheduled.start)).toBe(3600_000);
    expect((await outbox(server, buyer.email)).at(-1)!.subject).toContain('Tour scheduled');

    // The buyer's link (signed query token) works as a plain download.
    const buyerView = await gql(buyer, `query ($id: ID!) { requestedTour(id: $id) { ical } }`, { id: tour.id });
    const link = buyerView.data!.requestedTour.ical as string;
    expect(link).toMatch(new RegExp(`/v1/api/tours/${tour.id}/ical\\?token=`));
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="test-\d{4}\.\d{1,2}\.\d{1,2}\.ical"$/);
    const ics = await download.text();
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
    expect(ics).toContain('BEGIN:VEVENT\r\n');
    expect(ics).toContain(`DTSTART:${stamp(scheduled.start)}\r\n`);
    expect(ics).toContain(`DTEND:${stamp(scheduled.end)}\r\n`);
    expect(ics).toContain(`UID:tour-${tour.id}@`);
    expect(ics).toMatch(/SUMMARY:Home tour: .*\\,/);

    // Authorization header works too; strangers get 404 with their header, a forged or foreign token, or nothing.
    const path = `${server.url}/v1/api/tours/${tour.id}/ical`;
    expect((await fetch(path, { headers: { Authorization: `Token ${seller.token}` } })).status).toBe(200);
    expect((await fetch(path, { headers: { Authorization: `Token ${agent.token}` } })).status).toBe(200);
    expect((await fetch(path, { headers: { Authorization: `Token ${stranger.token}` } })).status).toBe(404);
    expect((await fetch(path)).status).toBe(404);
    expect((await fetch(`${path}?token=${signIcalToken('tour', Number(tour.id), stranger.user.id)}`)).status).toBe(404);
    expect((await fetch(`${path}?token=${link.split('token=')[1]!.slice(0, -2)}xx`)).status).toBe(404);
    expect((await fetch(`${path}?token=${signIcalToken('tour', Number(tour.id), buyer.user.id, Date.now() - 2 * 3600_000)}`)).status).toBe(404);

    // COMPLETED from SCHEDULED, via modifyTour (company agent).
    const done = await gql(agent, MODIFY, { id: tour.id, status: 'COMPLETED' });
    expect(done.errors).toBeUndefined();
    expect(done.data!.modifyTour.tourStatus).toBe('COMPLETED');
    expect((await outbox(server, buyer.email)).at(-1)!.subject).toContain('Tour completed');
    expect((await fetch(path, { headers: { Authorization: `Token ${buyer.token}` } })).status).toBe(200);
  });

  it('cancel needs a 50–200 character reason; modifyTour cannot cancel; no ical for cancelled', async () => {
    const tour = await requestTour();
    expect(codeOf(await gql(seller, SELLER, { id: tour.id, status: 'CANCELLED', reason: 'x'.repeat(49) }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(seller, SELLER, { id: tour.id, status: 'CANCELLED', reason: 'x'.repeat(201) }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(seller, MODIFY, { id: tour.id, status: 'CANCELLED' }))).toBe('BAD_USER_INPUT');
    const reason = 'The house is under contract now; sorry, we cannot show it.'.padEnd(50, '.');
    const r = await gql(seller, SELLER, { id: tour.id, status: 'CANCELLED', reason });
    expect(r.errors).toBeUndefined();
    expect(r.data!.saveTourSeller).toMatchObject({ tourStatus: 'CANCELLED', cancellationReason: reason, ical: null });
    const one = await gql(buyer, `query ($id: ID!) { requestedTour(id: $id) { cancelledBy } }`, { id: tour.id });
    expect(one.data!.requestedTour.cancelledBy).toBe('SELLER');
    expect((await outbox(server, buyer.email)).at(-1)!.body).toContain(reason);
    expect(codeOf(await gql(seller, SELLER, { id: tour.id, status: 'SCHEDULED', start: tour.requestedSchedule[0].scheduledDateTime }))).toBe(
      'BAD_USER_INPUT',
    );
    expect((await fetch(`${server.url}/v1/api/tours/${tour.id}/ical`, { headers: { Authorization: `Token ${buyer.token}` } })).status).toBe(404);
  });

  it('the buyer cancels their own request with modifyTour; the seller is mailed; once over it cannot change', async () => {
    const tour = await requestTour();
    expect(codeOf(await gql(stranger, MODIFY, { id: tour.id, status: 'CANCELLED' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(null, MODIFY, { id: tour.id, status: 'CANCELLED' }))).toBe('UNAUTHENTICATED');
    // The buyer decides nothing for the seller, and a cancellation takes no times.
    expect(codeOf(await gql(buyer, MODIFY, { id: tour.id, status: 'ACCEPTED' }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(buyer, MODIFY, { id: tour.id, status: 'CANCELLED', times: futureSlots() }))).toBe('BAD_USER_INPUT');

    const r = await gql(buyer, MODIFY, { id: tour.id, status: 'CANCELLED' });
    expect(r.errors).toBeUndefined();
    expect(r.data!.modifyTour).toMatchObject({ tourStatus: 'CANCELLED', cancellationReason: null, cancelledBy: 'BUYER' });
    const mail = (await outbox(server, seller.email)).at(-1)!;
    expect(mail.subject).toContain('Tour cancelled by the buyer');
    expect(mail.body).toContain('Ada Lovelace cancelled their tour request for');
    expect(codeOf(await gql(buyer, MODIFY, { id: tour.id, status: 'CANCELLED' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(buyer, MODIFY, { id: tour.id, status: 'REQUESTED', times: futureSlots() }))).toBe('BAD_USER_INPUT');
  });

  it('the buyer offers new times for a scheduled tour: back to REQUESTED, the old time given up, the seller mailed', async () => {
    const tour = await requestTour();
    const [first] = tour.requestedSchedule.map((s: any) => s.scheduledDateTime);
    expect((await gql(seller, SELLER, { id: tour.id, start: first, status: 'SCHEDULED' })).errors).toBeUndefined();
    const day3 = buyerTourGrid(new Date(), zone).gridDays[2]!;
    const times = [day3.slots[0]!.dateTime, day3.slots[3]!.dateTime];

    // The seller offers no times; the buyer picks no start; times follow the request's rules, and a refusal changes nothing.
    expect(codeOf(await gql(seller, MODIFY, { id: tour.id, status: 'REQUESTED', times }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(buyer, MODIFY, { id: tour.id, status: 'REQUESTED', start: times[0] }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(buyer, MODIFY, { id: tour.id, status: 'REQUESTED', times: [] }))).toBe('BAD_USER_INPUT');
    const offHour = instantAt(day3.day, 10 * 60 + 30, zone).toISOString();
    const refused = await gql(buyer, MODIFY, { id: tour.id, status: 'REQUESTED', times: [times[0], offHour] });
    expect(refused.errors![0]!.message).toBe('Requested tour times must be on the hour, 9 am to 9 pm, within the next 15 days and in the future.');
    const one = `query ($id: ID!) { requestedTour(id: $id) { tourStatus start } }`;
    expect((await gql(buyer, one, { id: tour.id })).data!.requestedTour).toMatchObject({ tourStatus: 'SCHEDULED', start: first });

    const r = await gql(buyer, MODIFY, { id: tour.id, status: 'REQUESTED', times });
    expect(r.errors).toBeUndefined();
    expect(r.data!.modifyTour).toMatchObject({ tourStatus: 'REQUESTED', start: null, end: null });
    expect(r.data!.modifyTour.requestedSchedule.map((s: any) => s.scheduledDateTime)).toEqual(times);
    const mail = (await outbox(server, seller.email)).at(-1)!;
    expect(mail.subject).toContain('New tour times');
    expect(mail.body).toContain('instead of the scheduled');
    // The seller picks again among the new times only.
    expect(codeOf(await gql(seller, SELLER, { id: tour.id, start: first, status: 'SCHEDULED' }))).toBe('BAD_USER_INPUT');
    expect((await gql(seller, SELLER, { id: tour.id, start: times[1], status: 'SCHEDULED' })).errors).toBeUndefined();
  });

  it('a tour whose time has begun, or a listing that stopped taking requests, limits what the buyer can change', async () => {
    const begun = await requestTour();
    const start = tour0(begun);
    expect((await gql(seller, SELLER, { id: begun.id, start, status: 'SCHEDULED' })).errors).toBeUndefined();
    await server.db.query("UPDATE requested_tours SET start_at = now() - interval '10 minutes', end_at = now() + interval '50 minutes' WHERE id = $1", [begun.id]);
    const late = await gql(buyer, MODIFY, { id: begun.id, status: 'CANCELLED' });
    expect(late.errors![0]!.message).toBe('This tour has begun: it can no longer be changed.');

    const open = await requestTour();
    await server.db.query('UPDATE listings SET enable_request_tour = false WHERE id = $1', [listingId]);
    try {
      const r = await gql(buyer, MODIFY, { id: open.id, status: 'REQUESTED', times: futureSlots() });
      expect(r.errors![0]!.message).toBe('This listing no longer takes tour requests.');
      expect((await gql(buyer, MODIFY, { id: open.id, status: 'CANCELLED' })).data!.modifyTour.tourStatus).toBe('CANCELLED');
    } finally {
      await server.db.query('UPDATE listings SET enable_request_tour = true WHERE id = $1', [listingId]);
    }
  });

  it('a past start gets the exact §5 message and title', async () => {
    const tour = await requestTour();
    const past = new Date(Date.now() - 24 * 3600_000);
    past.setUTCMinutes(0, 0, 0);
    await server.db.query('INSERT INTO requested_tour_times (tour_id, scheduled_at) VALUES ($1, $2)', [tour.id, past]);
    const r = await gql(seller, SELLER, { id: tour.id, start: past.toISOString(), status: 'SCHEDULED' });
    expect(r.errors![0]!.message).toBe('Selected tour time needs to after current date and time.');
    expect(r.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', title: 'Invalid date and time selection.' });
  });
});

describe(`open houses (${engineName()})`, () => {
  const NEW = `mutation ($start: String!, $end: String!, $listingId: ID) {
    newOpenHouse(start: $start, end: $end, listingId: $listingId) { id isActive openHouseStatus startDateTime endDateTime ical } }`;
  const SAVE = `mutation ($id: ID!, $start: String, $end: String, $status: OpenHouseStatusChange) {
    saveOpenHouse(id: $id, start: $start, end: $end, openHouseStatus: $status) { id isActive openHouseStatus startDateTime endDateTime } }`;
  const ONE = `query ($id: ID!) { openHouse(id: $id) { id isActive tourListing { slugId } } }`;

  const times = (startMinutes: number, endMinutes: number, dayOffset = 2) => {
    const day = openHouseDays(new Date(), zone)[dayOffset]!.day;
    return { start: instantAt(day, startMinutes, zone).toISOString(), end: instantAt(day, endMinutes, zone).toISOString() };
  };
  const publicOpenHouseIds = async () => {
    const r = await fetch(`${server.url}/public_graphql/?queryName=Op`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: `query Op($id: ID!) { listingInfo(listingId: $id) { openHouse { id } } }`, variables: { id: listingId } }),
    });
    const body = (await r.json()) as GraphqlResponse;
    return ((body.data?.listingInfo?.openHouse ?? []) as { id: string }[]).map((o) => o.id);
  };

  it('the seller creates, cancels and re-activates; the public listing follows; ical works', async () => {
    const created = await gql(seller, NEW, { ...times(570, 690), listingId });
    expect(created.errors).toBeUndefined();
    const oh = created.data!.newOpenHouse;
    expect(oh).toMatchObject({ isActive: true, openHouseStatus: 'Active' });
    expect(await publicOpenHouseIds()).toContain(oh.id);

    const ics = await fetch(oh.ical);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain(`DTSTART:${oh.startDateTime.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}`);

    const cancelled = await gql(seller, SAVE, { id: oh.id, status: 'Cancelled' });
    expect(cancelled.data!.saveOpenHouse).toMatchObject({ isActive: false, openHouseStatus: 'Cancelled' });
    expect(await publicOpenHouseIds()).not.toContain(oh.id);
    // Cancelled: no longer public; the seller's signed link still works, a bare request does not.
    expect((await fetch(`${server.url}/v1/api/open-houses/${oh.id}/ical`)).status).toBe(404);
    expect((await fetch(oh.ical)).status).toBe(200);

    const active = await gql(seller, SAVE, { id: oh.id, status: 'Activate', ...times(600, 720) });
    expect(active.errors).toBeUndefined();
    expect(active.data!.saveOpenHouse.isActive).toBe(true);
    expect(active.data!.saveOpenHouse.startDateTime).toBe(times(600, 720).start);
    expect(await publicOpenHouseIds()).toContain(oh.id);

    expect((await gql(seller, ONE, { id: oh.id })).data!.openHouse.id).toBe(oh.id);
  });

  it('refuses bad times and everyone but the seller', async () => {
    expect(codeOf(await gql(seller, NEW, { ...times(690, 570), listingId }))).toBe('BAD_USER_INPUT'); // end before start
    expect(codeOf(await gql(seller, NEW, { ...times(540, 600), listingId }))).toBe('BAD_USER_INPUT'); // 9:00 am
    expect(codeOf(await gql(seller, NEW, { ...times(585, 660), listingId }))).toBe('BAD_USER_INPUT'); // 9:45
    expect(codeOf(await gql(seller, NEW, { ...times(600, 660, 17), listingId }))).toBeUndefined(); // day 18
    const day19 = addDaysToKey(dayKeyOf(new Date(), zone), 18);
    expect(
      codeOf(await gql(seller, NEW, { start: instantAt(day19, 600, zone).toISOString(), end: instantAt(day19, 660, zone).toISOString(), listingId })),
    ).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(seller, NEW, times(600, 660)))).toBe('BAD_USER_INPUT'); // no listingId

    for (const who of [stranger, buyer, agent]) {
      expect(codeOf(await gql(who, NEW, { ...times(600, 660), listingId }))).toBe('NOT_FOUND');
    }
    expect(codeOf(await gql(seller, NEW, { ...times(600, 660), listingId: otherListingId }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(null, NEW, { ...times(600, 660), listingId }))).toBe('UNAUTHENTICATED');

    const oh = (await gql(seller, NEW, { ...times(600, 660, 3), listingId })).data!.newOpenHouse;
    for (const who of [stranger, buyer, agent]) {
      expect(codeOf(await gql(who, SAVE, { id: oh.id, status: 'Cancelled' }))).toBe('NOT_FOUND');
      expect(codeOf(await gql(who, ONE, { id: oh.id }))).toBe('NOT_FOUND');
      expect((await fetch(`${server.url}/v1/api/open-houses/${oh.id}/ical?token=${signIcalToken('open-house', Number(oh.id), who.user.id)}`)).status).toBe(
        200, // active and public: anyone may add it to a calendar
      );
    }
    expect(codeOf(await gql(seller, SAVE, { id: oh.id, start: times(600, 660).start }))).toBe('BAD_USER_INPUT'); // start without end
  });
});
