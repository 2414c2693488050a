import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { codeOf, graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import type { GraphqlContext } from '../graphql/context';
import { EMAIL_INVISIBLE_CHARACTERS } from './email-address';
import { isFavoriteForViewer } from './favorites';
import { cookiesOf, freshEmail, outbox, postJson, signUp, STRONG_PASSWORD } from './testing';

let server: RunningServer;
let uploadDir: string;
let listingIds: number[];

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-uploads-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  server = await startTestServer({ trustProxy: true });
  const { rows } = await server.db.query<{ id: number }>(
    'SELECT id FROM listings WHERE internet_entire_listing_display ORDER BY id LIMIT 3',
  );
  listingIds = rows.map((r) => Number(r.id));
});
afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});


const gql = (token: string | null, query: string, variables: Record<string, unknown> = {}, endpoint: 'graphql' | 'public_graphql' = 'graphql') =>
  graphqlAs(server, token, query, variables, endpoint);

describe(`GraphQL me and settings (${engineName()})`, () => {
  it('answers me for the token holder, UNAUTHENTICATED without one and on /public_graphql/', async () => {
    const { token, email } = await signUp(server);
    const mine = await gql(token, '{ me { id email firstName emailVerified isSuperuser role } }');
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.me).toMatchObject({ email, firstName: 'Ada', emailVerified: false, isSuperuser: false, role: null });

    expect(codeOf(await gql(null, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql('revoked-or-made-up-token-xxxxxxxx', '{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(token, '{ me { id } }', {}, 'public_graphql'))).toBe('UNAUTHENTICATED');
  });

  it('saves settings, validates them, and asks to confirm a changed email', async () => {
    const { token, user } = await signUp(server);
    await server.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [user.id]);
    const newEmail = freshEmail('moved');
    const saved = await gql(
      token,
      `mutation ($email: String, $phone: String, $settings: JSON) {
        saveSettings(firstName: " Grace ", lastName: "Hopper", email: $email, phone: $phone, agent: true,
                     legalName: "Grace B. Hopper", notificationSettings: $settings) {
          firstName lastName email phone agent legalName notificationSettings emailVerified
        }
      }`,
      { email: newEmail, phone: '(801) 555-0123', settings: { savedSearchEmails: true } },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.saveSettings).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: newEmail,
      phone: '+18015550123',
      agent: true,
      legalName: 'Grace B. Hopper',
      notificationSettings: { savedSearchEmails: true },
      emailVerified: false,
    });
    expect((await outbox(server, newEmail)).map((m) => m.subject)).toEqual(['Confirm your email address']);

    const bad = await gql(token, 'mutation { saveSettings(email: "nope", phone: "12") { id } }');
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors![0]!.extensions!.fields).toEqual({ email: 'Email is invalid.', phone: 'Phone number is invalid. It has too few digits for a number in the United States.' });

    const other = await signUp(server);
    const taken = await gql(token, 'mutation ($e: String) { saveSettings(email: $e) { id } }', { e: other.email.toUpperCase() });
    expect(taken.errors![0]!.message).toBe('An account with this email already exists.');
  });

  it('refuses invisible characters in a new email, and an NFKC look-alike (fullwidth) of another account’s email', async () => {
    const { token } = await signUp(server);
    const other = await signUp(server);
    const save = (email: string) => gql(token, 'mutation ($e: String) { saveSettings(email: $e) { id } }', { e: email });

    const invisible = await save(`${other.email}\u200b`);
    expect(codeOf(invisible)).toBe('BAD_USER_INPUT');
    expect(invisible.errors![0]!.extensions!.fields).toEqual({ email: EMAIL_INVISIBLE_CHARACTERS });

    const fullwidth = other.email.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const taken = await save(fullwidth);
    expect(taken.errors![0]!.message).toBe('An account with this email already exists.');
  });
});

describe(`GraphQL over a cookie session (${engineName()})`, () => {
  it('needs X-CSRFToken on GraphQL POSTs authenticated by the session cookie', async () => {
    const { email } = await signUp(server);
    const login = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD, session: true });
    const cookies = cookiesOf(login);
    const cookie = `sessionid=${cookies.get('sessionid')}; csrftoken=${cookies.get('csrftoken')}`;
    const send = (headers: Record<string, string>) =>
      fetch(`${server.url}/graphql/?queryName=Me`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
        body: JSON.stringify({ query: 'query Me { me { email } }' }),
      });

    const refused = await send({});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });

    const accepted = await send({ 'X-CSRFToken': cookies.get('csrftoken')! });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as GraphqlResponse).data!.me.email).toBe(email);
  });
});

describe(`favourites (${engineName()})`, () => {
  const toggle = (token: string, listingId: number | string) =>
    gql(token, 'mutation ($id: ID!) { saveFavorite(listingId: $id) { saved favorited } }', { id: String(listingId) });
  const favoriteCount = async (id: number) =>
    Number((await server.db.query<{ n: number }>('SELECT favorite_count AS n FROM listings WHERE id = $1', [id])).rows[0]!.n);

  it('toggles a favourite, keeps favorite_count in step, and lists favourites with dateSaved', async () => {
    const ada = await signUp(server);
    const bob = await signUp(server);
    const [first, second] = listingIds as [number, number];
    const before = await favoriteCount(first);

    expect((await toggle(ada.token, first)).data!.saveFavorite).toEqual({ saved: true, favorited: true });
    expect((await toggle(bob.token, first)).data!.saveFavorite).toEqual({ saved: true, favorited: true });
    expect(await favoriteCount(first)).toBe(before + 2);
    await toggle(ada.token, second);

    const list = await gql(ada.token, '{ favoriteListings { dateSaved listing { id favoriteCount } } }');
    expect(list.errors).toBeUndefined();
    expect(list.data!.favoriteListings.map((f: { listing: { id: string } }) => f.listing.id)).toEqual([String(second), String(first)]);
    expect(Date.parse(list.data!.favoriteListings[0].dateSaved)).not.toBeNaN();

    expect((await toggle(ada.token, first)).data!.saveFavorite).toEqual({ saved: true, favorited: false });
    expect(await favoriteCount(first)).toBe(before + 1);
    const bobs = await gql(bob.token, '{ favoriteListings { listing { id } } }');
    expect(bobs.data!.favoriteListings).toEqual([{ listing: { id: String(first) } }]);
  });

  it('answers Listing.isFavorite for the viewer in one batch, false for visitors', async () => {
    const { token, user } = await signUp(server);
    const [first, second] = listingIds as [number, number];
    await toggle(token, second);
    const ctx = { db: server.db, endpoint: 'graphql', viewer: { user: { id: user.id } } } as unknown as GraphqlContext;
    expect(await Promise.all([isFavoriteForViewer(ctx, first), isFavoriteForViewer(ctx, second)])).toEqual([false, true]);
    const publicCtx = { ...ctx, endpoint: 'public_graphql' } as GraphqlContext;
    expect(await isFavoriteForViewer(publicCtx, second)).toBe(false);
  });

  it('refuses unknown listings and visitors', async () => {
    const { token } = await signUp(server);
    expect(codeOf(await toggle(token, 999_999_999))).toBe('NOT_FOUND');
    expect(codeOf(await toggle(token, 'abc'))).toBe('NOT_FOUND');
    expect(codeOf(await gql(null, '{ favoriteListings { dateSaved } }'))).toBe('UNAUTHENTICATED');
  });
});

describe(`saved searches (${engineName()})`, () => {
  const model = {
    geoInput: { bounds: { north: 41, south: 40, east: -111, west: -112.5 } },
    searchInput: { minPriceInPennies: 10_000_000, minBedrooms: 2, classification: 'SALE' },
  };
  const save = (token: string, variables: Record<string, unknown>) =>
    gql(
      token,
      `mutation ($name: String!, $f: NotificationFrequency!, $m: JSON!) {
        saveSearch(name: $name, notificationFrequency: $f, searchModal: $m) { id name searchModel notificationFrequency }
      }`,
      variables,
    );

  it('saves, lists, reads and deletes the viewer’s own searches', async () => {
    const { token } = await signUp(server);
    const created = await save(token, { name: 'Salt Lake 2+ beds', f: 'DAILY', m: model });
    expect(created.errors).toBeUndefined();
    const search = created.data!.saveSearch;
    expect(search).toMatchObject({ name: 'Salt Lake 2+ beds', notificationFrequency: 'DAILY' });
    expect(JSON.parse(search.searchModel)).toEqual(model);

    const fromText = await save(token, { name: 'As text', f: 'NEVER', m: JSON.stringify(model) });
    expect(JSON.parse(fromText.data!.saveSearch.searchModel)).toEqual(model);

    const list = await gql(token, '{ savedSearches { id name } }');
    expect(list.data!.savedSearches.map((s: { name: string }) => s.name)).toEqual(['As text', 'Salt Lake 2+ beds']);
    const one = await gql(token, 'query ($id: ID!) { savedSearch(id: $id) { name } }', { id: search.id });
    expect(one.data!.savedSearch).toEqual({ name: 'Salt Lake 2+ beds' });

    const deleted = await gql(token, 'mutation ($id: ID!) { deleteSaved(id: $id) { id deleted } }', { id: search.id });
    expect(deleted.data!.deleteSaved).toEqual({ id: search.id, deleted: true });
    expect(codeOf(await gql(token, 'query ($id: ID!) { savedSearch(id: $id) { name } }', { id: search.id }))).toBe('NOT_FOUND');
  });

  it('renames a saved search and turns its alerts off and on (updateSavedSearch)', async () => {
    const { token } = await signUp(server);
    const id = (await save(token, { name: 'Sugar House', f: 'DAILY', m: model })).data!.saveSearch.id;
    const update = (variables: Record<string, unknown>) =>
      gql(token, 'mutation ($id: ID!, $name: String, $f: NotificationFrequency) { updateSavedSearch(id: $id, name: $name, notificationFrequency: $f) { id name notificationFrequency searchModel } }', variables);
    const off = await update({ id, f: 'NEVER' });
    expect(off.errors).toBeUndefined();
    expect(off.data!.updateSavedSearch).toMatchObject({ id, name: 'Sugar House', notificationFrequency: 'NEVER' });
    expect(JSON.parse(off.data!.updateSavedSearch.searchModel)).toEqual(model);
    expect((await update({ id, name: '  Sugar House, 2+ beds ' })).data!.updateSavedSearch).toMatchObject({ name: 'Sugar House, 2+ beds', notificationFrequency: 'NEVER' });
    expect((await update({ id, f: 'WEEKLY' })).data!.updateSavedSearch.notificationFrequency).toBe('WEEKLY');
    // Nothing to change, an empty or too long name: refused, nothing lost.
    expect(codeOf(await update({ id }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await update({ id, name: '   ' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await update({ id, name: 'x'.repeat(201) }))).toBe('BAD_USER_INPUT');
    expect((await gql(token, 'query ($id: ID!) { savedSearch(id: $id) { name notificationFrequency } }', { id })).data!.savedSearch).toEqual({
      name: 'Sugar House, 2+ beds',
      notificationFrequency: 'WEEKLY',
    });
    const intruder = await signUp(server);
    const stolen = await gql(intruder.token, 'mutation ($id: ID!) { updateSavedSearch(id: $id, notificationFrequency: NEVER) { id } }', { id });
    expect(codeOf(stolen)).toBe('NOT_FOUND');
  });

  it('refuses another user’s saved search ids as NOT_FOUND, reading and deleting', async () => {
    const owner = await signUp(server);
    const intruder = await signUp(server);
    const id = (await save(owner.token, { name: 'Mine', f: 'WEEKLY', m: model })).data!.saveSearch.id;

    expect(codeOf(await gql(intruder.token, 'query ($id: ID!) { savedSearch(id: $id) { name } }', { id }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(intruder.token, 'mutation ($id: ID!) { deleteSaved(id: $id) { deleted } }', { id }))).toBe('NOT_FOUND');
    expect((await gql(intruder.token, '{ savedSearches { id } }')).data!.savedSearches).toEqual([]);
    expect((await gql(owner.token, '{ savedSearches { id } }')).data!.savedSearches).toEqual([{ id }]);
  });

  it('validates the name, the frequency and the search', async () => {
    const { token } = await signUp(server);
    expect(codeOf(await save(token, { name: '  ', f: 'DAILY', m: model }))).toBe('BAD_USER_INPUT');
    expect((await save(token, { name: 'x', f: 'HOURLY', m: model })).errors![0]!.message).toMatch(/HOURLY/);
    expect(codeOf(await save(token, { name: 'x', f: 'DAILY', m: '{not json' }))).toBe('BAD_USER_INPUT');
    const outOfRange = await save(token, { name: 'x', f: 'DAILY', m: { geoInput: { bounds: { north: 91, south: 0, east: 0, west: 0 } } } });
    expect(codeOf(outOfRange)).toBe('BAD_USER_INPUT');
  });
});

describe(`notifications (${engineName()})`, () => {
  it('lists the viewer’s notifications and marks them read, never another user’s', async () => {
    const ada = await signUp(server);
    const bob = await signUp(server);
    for (const [userId, title] of [
      [ada.user.id, 'One'],
      [ada.user.id, 'Two'],
      [bob.user.id, 'Bob’s'],
    ] as const) {
      await server.db.query(`INSERT INTO notifications (user_id, kind, title) VALUES ($1, 'TEST', $2)`, [userId, title]);
    }
    const list = await gql(ada.token, '{ notifications { id title read } }');
    expect(list.data!.notifications.map((n: { title: string; read: boolean }) => [n.title, n.read])).toEqual([
      ['Two', false],
      ['One', false],
    ]);
    const bobsId = (await gql(bob.token, '{ notifications { id } }')).data!.notifications[0].id;

    const marked = await gql(ada.token, 'mutation ($ids: [ID!]) { markNotificationsRead(ids: $ids) }', {
      ids: [list.data!.notifications[1].id, bobsId],
    });
    expect(marked.data!.markNotificationsRead).toBe(1);
    expect((await gql(bob.token, '{ notifications { read } }')).data!.notifications).toEqual([{ read: false }]);
    expect((await gql(ada.token, 'mutation { markNotificationsRead }')).data!.markNotificationsRead).toBe(1);
    expect((await gql(ada.token, '{ notifications { read } }')).data!.notifications).toEqual([{ read: true }, { read: true }]);
  });
});

describe(`uploadUserPhoto (${engineName()})`, () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const upload = (token: string, bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation Upload($f: File!) { uploadUserPhoto(file: $f) { image } }', variables: { f: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.f'] }));
    form.set('0', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${server.url}/graphql/?queryName=Upload`, { method: 'POST', headers: { Authorization: `Token ${token}` }, body: form });
  };

  it('stores a PNG named .jpg re-encoded as WebP and serves it back', async () => {
    const { token, user } = await signUp(server);
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } }).png().toBuffer();
    const response = await upload(token, png, 'me.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    const body = (await response.json()) as GraphqlResponse;
    expect(body.errors).toBeUndefined();
    const image: string = body.data!.uploadUserPhoto.image;
    expect(image).toMatch(new RegExp(`^${server.url}/media/users/${user.id}/[0-9a-f]{24}\\.webp$`));

    const served = await fetch(image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    // Within 800 × 800, its proportions kept.
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
    expect(((await (await fetch(`${server.url}/user/me/`, { headers: { Authorization: `Token ${token}` } })).json()) as { image: string }).image).toBe(image);

    // A second photo replaces the first on disk.
    const again = (await (await upload(token, png, 'me2.png', 'image/png')).json()) as GraphqlResponse;
    expect(again.data!.uploadUserPhoto.image).not.toBe(image);
    expect(await readdir(join(uploadDir, 'users', String(user.id)))).toHaveLength(1);
  });

  it('refuses a text file whatever its name, an oversize photo, and visitors', async () => {
    const { token } = await signUp(server);
    const text = (await (await upload(token, Buffer.from('hello, not an image'), 'photo.png', 'image/png')).json()) as GraphqlResponse;
    expect(codeOf(text)).toBe('BAD_USER_INPUT');
    expect(text.errors![0]!.message).toBe('The photo must be a JPEG, PNG, WebP or GIF image.');

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const oversize = (await (await upload(token, big, 'big.png', 'image/png')).json()) as GraphqlResponse;
    expect(oversize.errors![0]!.message).toBe('The photo must be 5 MB or smaller.');

    // Past what any upload takes (a listing photo's 25 MB): refused before the body is read.
    const huge = await upload(token, Buffer.concat([PNG, Buffer.alloc(26 * 1024 * 1024)]), 'huge.png', 'image/png');
    expect(huge.status).toBe(413);
    const past5 = (await (await upload(token, Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), 'six.png', 'image/png')).json()) as GraphqlResponse;
    expect(past5.errors![0]!.message).toBe('The photo must be 5 MB or smaller.');

    const visitor = await fetch(`${server.url}/public_graphql/?queryName=Upload`, {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.set('operations', JSON.stringify({ query: 'mutation Upload($f: File!) { uploadUserPhoto(file: $f) { image } }', variables: { f: null } }));
        form.set('map', JSON.stringify({ 0: ['variables.f'] }));
        form.set('0', new Blob([PNG]), 'x.png');
        return form;
      })(),
    });
    expect(visitor.status).toBe(415);
  }, 120_000); // an oversize upload is megabytes: slow on a loaded machine
});
