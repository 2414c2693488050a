/** POST /v1/api/registration/: a registered visitor becomes one lead of source 'registration', with the listing they viewed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../accounts/testing';
import type { RunningServer } from '../app';
import { seedListings } from '../seed/data';
import { startTestServer } from '../testing/test-server';
import { REGISTRATION_PATH } from './registration';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const register = (token: string | null, body: unknown, origin = 'http://127.0.0.1:9') =>
  fetch(`${server.url}${REGISTRATION_PATH}?partner=acme`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...(token ? { Authorization: `Token ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('lead registration', () => {
  it("makes one 'registration' lead per user, naming the listing; the agent is mailed", async () => {
    const user = await signUp(server);
    const listing = seedListings[0]!;
    const first = await register(user.token, { listingId: listing.id });
    expect(first.status).toBe(201);
    const { id, created } = (await first.json()) as { id: string; created: boolean };
    expect(created).toBe(true);
    const { rows } = await server.db.query<{ source: string; listing_id: string; email: string; comment: string }>(
      'SELECT source, listing_id, email, comment FROM leads WHERE id = $1',
      [id],
    );
    expect({ ...rows[0], listing_id: Number(rows[0]!.listing_id) }).toMatchObject({ source: 'registration', listing_id: listing.id, email: user.email });
    expect(rows[0]!.comment).toContain('Registered on the site while viewing');
    const mails = await server.db.query<{ body: string }>(`SELECT body FROM outbox WHERE body LIKE '%' || $1 || '%'`, [user.email]);
    expect(mails.rows.length).toBeGreaterThanOrEqual(1);

    const again = await register(user.token, { listingId: seedListings[1]!.id });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id, created: false });
  });

  it('refuses a visitor who is not signed in, and an origin the partner does not allow', async () => {
    expect((await register(null, {})).status).toBe(401);
    const user = await signUp(server);
    expect((await register(user.token, {}, 'https://evil.example')).status).toBe(403);
  });
});
