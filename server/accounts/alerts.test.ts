import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { insertListings, type TestListing } from '../listings/search/test-listings';
import { engineName, openTestDatabase } from '../testing/test-server';
import { runSavedSearchAlerts } from './alerts';
import { insertSavedSearch, parseSearchModel, updateSavedSearch, type NotificationFrequency } from './saved-searches';
import { insertUser } from './users';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SITE = 'https://hearth.example';

/** Salt Lake City, 2+ beds, $300k to $900k, for sale. */
const SLC_SEARCH = {
  geoInput: { bounds: { north: 40.9, south: 40.6, east: -111.7, west: -112.1 } },
  searchInput: { minPriceInPennies: 30_000_000, maxPriceInPennies: 90_000_000, minBedrooms: 2, classification: 'SALE' },
};

let nextUser = 0;
async function user(verified: boolean) {
  nextUser += 1;
  const created = await insertUser(db, {
    email: `alerts.${nextUser}@example.com`,
    passwordHash: null,
    firstName: 'Al',
    lastName: 'Ert',
    emailVerified: verified,
  });
  return created!;
}

async function savedSearch(userId: number, frequency: NotificationFrequency, createdAt: Date, model: unknown = SLC_SEARCH) {
  const parsed = parseSearchModel(model);
  if (!parsed.ok) throw new Error(parsed.message);
  const saved = await insertSavedSearch(db, userId, { name: `Search ${frequency}`, model: parsed.model, frequency });
  await db.query('UPDATE saved_searches SET created_at = $2, alerted_through = $2 WHERE id = $1', [saved!.id, createdAt]);
  return saved!;
}

let nextListing = 900_000;
/** A listing first seen at `at`; matches SLC_SEARCH unless `overrides` say otherwise. */
async function listing(at: Date, overrides: Partial<TestListing> = {}): Promise<number> {
  nextListing += 1;
  await insertListings(db, [{ id: nextListing, latitude: 40.76, longitude: -111.89, priceInPennies: 50_000_000, bedrooms: 3, ...overrides }]);
  await db.query('UPDATE listings SET created_at = $2 WHERE id = $1', [nextListing, at]);
  return nextListing;
}

const mailsTo = async (email: string) =>
  (await db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE to_address = $1 ORDER BY id', [email])).rows;

describe(`saved-search alert job (${engineName()})`, () => {
  it('mails each new matching listing once per frequency window, only to verified emails, never twice', async () => {
    const t0 = new Date(Date.now() + 1000 * DAY); // far from the seed data's own created_at
    const daily = await user(true);
    const instant = await user(true);
    const unverified = await user(false);
    const dailySearch = await savedSearch(daily.id, 'DAILY', t0);
    await savedSearch(instant.id, 'INSTANT', t0);
    await savedSearch(unverified.id, 'INSTANT', t0);
    await savedSearch(instant.id, 'NEVER', t0);

    const match1 = await listing(new Date(t0.getTime() + MINUTE));
    await listing(new Date(t0.getTime() + MINUTE), { bedrooms: 1 }); // too few beds
    await listing(new Date(t0.getTime() + MINUTE), { latitude: 37.77, longitude: -122.42 }); // outside the box
    await listing(new Date(t0.getTime() + MINUTE), { priceInPennies: 200_000_000 }); // too dear
    await listing(new Date(t0.getTime() + MINUTE), { classification: 'rent' });
    await listing(new Date(t0.getTime() + MINUTE), { status: 'Closed' });
    await listing(new Date(t0.getTime() + MINUTE), { hidden: true });

    // Ten minutes later: INSTANT is due, DAILY is not.
    const run1 = await runSavedSearchAlerts(db, new Date(t0.getTime() + 10 * MINUTE), { siteUrl: SITE });
    expect(run1).toEqual({ searches: 2, matches: 1, mails: 1 });
    const instantMails = await mailsTo(instant.email);
    expect(instantMails).toHaveLength(1);
    expect(instantMails[0]!.subject).toBe('1 new home matches your saved search');
    expect(instantMails[0]!.body).toContain(`${SITE}/listing/listing-${match1}/T${match1}`);
    expect(instantMails[0]!.body).toContain('$500,000, 3 bd, 2 ba');
    // Where the searches are opened, their alerts changed or stopped; the notification links there too.
    expect(instantMails[0]!.body).toContain(`${SITE}/account/buying/saved-searches`);
    const note = await db.query<{ link: string }>('SELECT link FROM notifications WHERE user_id = $1', [instant.id]);
    expect(note.rows.map((n) => n.link)).toEqual(['/account/buying/saved-searches']);
    expect(await mailsTo(unverified.email)).toEqual([]);
    expect(await mailsTo(daily.email)).toEqual([]);

    // The same run again, and a run with nothing new: no mail.
    expect(await runSavedSearchAlerts(db, new Date(t0.getTime() + 10 * MINUTE), { siteUrl: SITE })).toMatchObject({ mails: 0 });
    expect(await runSavedSearchAlerts(db, new Date(t0.getTime() + 20 * MINUTE), { siteUrl: SITE })).toMatchObject({ mails: 0 });
    expect(await mailsTo(instant.email)).toHaveLength(1);

    // A day after the daily search was saved, it is due: the one match, once.
    const match2 = await listing(new Date(t0.getTime() + 30 * MINUTE));
    const run2 = await runSavedSearchAlerts(db, new Date(t0.getTime() + DAY + MINUTE), { siteUrl: SITE });
    expect(run2.mails).toBe(2); // daily: match1 + match2; instant: match2
    const dailyMails = await mailsTo(daily.email);
    expect(dailyMails).toHaveLength(1);
    expect(dailyMails[0]!.subject).toBe('2 new homes match your saved search');
    expect(dailyMails[0]!.body).toContain(`/T${match1}`);
    expect(dailyMails[0]!.body).toContain(`/T${match2}`);
    expect((await mailsTo(instant.email)).at(-1)!.body).toContain(`/T${match2}`);

    // Within the next day the daily search waits, even with a new match; then it gets only the new one.
    const match3 = await listing(new Date(t0.getTime() + DAY + 2 * MINUTE));
    await runSavedSearchAlerts(db, new Date(t0.getTime() + DAY + 12 * MINUTE), { siteUrl: SITE });
    expect(await mailsTo(daily.email)).toHaveLength(1);
    await runSavedSearchAlerts(db, new Date(t0.getTime() + 2 * DAY + 2 * MINUTE), { siteUrl: SITE });
    const dailyAfter = await mailsTo(daily.email);
    expect(dailyAfter).toHaveLength(2);
    expect(dailyAfter[1]!.body).toContain(`/T${match3}`);
    expect(dailyAfter[1]!.body).not.toContain(`/T${match1}`);

    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_search_alerts WHERE saved_search_id = $1', [
      dailySearch.id,
    ]);
    expect(rows[0]!.n).toBe(3);
    const notes = await db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1', [daily.id]);
    expect(notes.rows.map((n) => n.kind)).toEqual(['SAVED_SEARCH_ALERT', 'SAVED_SEARCH_ALERT']);
    expect(await mailsTo(unverified.email)).toEqual([]);
  });

  it('sends a weekly search its matches once a week', async () => {
    const t0 = new Date(Date.now() + 2000 * DAY);
    const weekly = await user(true);
    await savedSearch(weekly.id, 'WEEKLY', t0, { searchInput: { propertyTypes: ['Land'] } });
    await listing(new Date(t0.getTime() + DAY), { propertyType: 'Land' });
    await listing(new Date(t0.getTime() + DAY), { propertyType: 'Residential' });

    await runSavedSearchAlerts(db, new Date(t0.getTime() + 6 * DAY), { siteUrl: SITE });
    expect(await mailsTo(weekly.email)).toEqual([]);
    await runSavedSearchAlerts(db, new Date(t0.getTime() + 7 * DAY), { siteUrl: SITE });
    const mails = await mailsTo(weekly.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('1 new home matches your saved search');
  });

  it('mails no one who turned savedSearchEmails off, but still notifies them on the notifications page', async () => {
    const t0 = new Date(Date.now() + 3000 * DAY);
    const quiet = await user(true);
    const loud = await user(true);
    await db.query(`UPDATE users SET notification_settings = '{"savedSearchEmails": false}' WHERE id = $1`, [quiet.id]);
    await db.query(`UPDATE users SET notification_settings = '{"savedSearchEmails": true}' WHERE id = $1`, [loud.id]);
    await savedSearch(quiet.id, 'INSTANT', t0);
    await savedSearch(loud.id, 'INSTANT', t0);
    await listing(new Date(t0.getTime() + MINUTE));

    // (The earlier tests' searches are due too: only these two users' mail and notifications are looked at.)
    await runSavedSearchAlerts(db, new Date(t0.getTime() + 10 * MINUTE), { siteUrl: SITE });
    expect(await mailsTo(quiet.email)).toEqual([]);
    const [mail] = await mailsTo(loud.email);
    expect(mail!.body).toContain(`${SITE}/account/settings`);
    for (const who of [quiet, loud]) {
      const notes = await db.query<{ kind: string; link: string }>('SELECT kind, link FROM notifications WHERE user_id = $1', [who.id]);
      expect(notes.rows).toEqual([{ kind: 'SAVED_SEARCH_ALERT', link: '/account/buying/saved-searches' }]);
    }
  });

  it('alerts turned off mail nothing; turned on again they count only listings added from then on', async () => {
    const now = Date.now();
    const owner = await user(true);
    const search = await savedSearch(owner.id, 'NEVER', new Date(now - 10 * DAY));
    const whileOff = await listing(new Date(now - 5 * DAY));
    expect(await runSavedSearchAlerts(db, new Date(now - 4 * DAY), { siteUrl: SITE })).toMatchObject({ mails: 0 });

    const on = await updateSavedSearch(db, owner.id, search.id, { name: null, frequency: 'INSTANT' });
    expect(on).toMatchObject({ name: search.name, notificationFrequency: 'INSTANT' });
    await runSavedSearchAlerts(db, new Date(now + 10 * MINUTE), { siteUrl: SITE });
    expect(await mailsTo(owner.email)).toEqual([]);

    const afterOn = await listing(new Date(now + 11 * MINUTE));
    await runSavedSearchAlerts(db, new Date(now + 21 * MINUTE), { siteUrl: SITE });
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/T${afterOn}`);
    expect(mails[0]!.body).not.toContain(`/T${whileOff}`);

    // Off again: nothing more; another user's id changes nothing.
    await updateSavedSearch(db, owner.id, search.id, { name: 'Renamed', frequency: 'NEVER' });
    await listing(new Date(now + 22 * MINUTE));
    await runSavedSearchAlerts(db, new Date(now + 40 * MINUTE), { siteUrl: SITE });
    expect(await mailsTo(owner.email)).toHaveLength(1);
    const stranger = await user(true);
    expect(await updateSavedSearch(db, stranger.id, search.id, { name: 'Mine now', frequency: 'DAILY' })).toBeNull();
  });
});
