/**
 * Multipart GraphQL requests (issue 33): a file is never walked by the request checks (core/validation/walk.ts),
 * so megabytes of upload cost the event loop next to nothing before the resolver's own size check; the body is
 * sized by the largest file any operation takes (uploads.ts), its parts by Yoga's multipart limits, and a file
 * goes only where the operation takes a File.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { signUp, type SignedUp } from '../../accounts/testing';
import { insertSellerCase } from '../../listing-photos/demo-case';
import type { GraphqlResponse } from '../../testing/graphql';
import { engineName, startTestServer } from '../../testing/test-server';
import { getNamedType, isObjectType } from '../graphql-js';
import { schema } from '../schema/index';
import { GRAPHQL_BODY_LIMIT } from '../../http/body';
import { LARGEST_UPLOAD, MAX_UPLOAD_FILES, MULTIPART_BODY_LIMIT, UPLOAD_LIMITS } from './uploads';

const MB = 1024 * 1024;
/** JPEG's magic number, then `size` bytes of nothing: what a photo upload is checked as, and refused for. */
const fakeJpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]);

describe('UPLOAD_LIMITS', () => {
  it('names every File argument of the schema, and nothing else', () => {
    const fileArguments: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        for (const argument of field.args) if (getNamedType(argument.type).name === 'File') fileArguments.push(`${type.name}.${field.name}.${argument.name}`);
      }
    }
    expect(Object.keys(UPLOAD_LIMITS).sort()).toEqual(fileArguments.sort());
    expect(MULTIPART_BODY_LIMIT).toBeGreaterThan(LARGEST_UPLOAD);
    expect(MULTIPART_BODY_LIMIT - LARGEST_UPLOAD).toBeLessThanOrEqual(64 * 1024);
  });
});

describe(`multipart GraphQL requests (${engineName()})`, () => {
  let server: RunningServer;
  let uploadDir: string;
  let seller: SignedUp;
  let caseId: number;

  const post = async (token: string, form: FormData) => {
    const response = await fetch(`${server.url}/graphql/`, { method: 'POST', headers: { Authorization: `Token ${token}` }, body: form });
    return { status: response.status, body: (await response.json()) as GraphqlResponse };
  };
  const uploadForm = (query: string, variables: Record<string, unknown>, file: Uint8Array, paths = ['variables.f']) => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query, variables }));
    form.set('map', JSON.stringify({ 0: paths }));
    form.set('0', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'photo.jpg');
    return form;
  };
  const userPhoto = (file: Uint8Array) => uploadForm('mutation ($f: File!) { uploadUserPhoto(file: $f) { image } }', { f: null }, file);
  const listingPhoto = (file: Uint8Array) =>
    uploadForm('mutation ($f: File!, $c: ID!) { uploadListingPhoto(file: $f, applicationCaseId: $c) { id } }', { f: null, c: String(caseId) }, file);

  /** The longest the event loop (the server's and this test's: one process) stood still while `run` ran, in ms. */
  const longestStall = async (run: () => Promise<unknown>) => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    try {
      await run();
    } finally {
      delay.disable();
    }
    return delay.max / 1e6;
  };

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'hearth-transport-uploads-'));
    process.env.HEARTH_UPLOAD_DIR = uploadDir;
    server = await startTestServer({ jobs: false, trustProxy: true });
    seller = await signUp(server);
    caseId = (await insertSellerCase(server.db, seller.user.id, `U${process.pid}`)).caseId;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    delete process.env.HEARTH_UPLOAD_DIR;
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('answers megabytes of upload through two upload routes without holding up the event loop', async () => {
    // Warm: the routes' first requests compile what later ones reuse.
    await post(seller.token, userPhoto(fakeJpeg(64 * 1024)));
    await post(seller.token, listingPhoto(fakeJpeg(64 * 1024)));
    let photo: Awaited<ReturnType<typeof post>> | undefined;
    let listing: Awaited<ReturnType<typeof post>> | undefined;
    const started = performance.now();
    const stall = await longestStall(async () => {
      photo = await post(seller.token, userPhoto(fakeJpeg(8 * MB)));
      listing = await post(seller.token, listingPhoto(fakeJpeg(8 * MB)));
    });
    const elapsed = performance.now() - started;
    // Each refused by its resolver, as a photo over 5 MB and a file that only starts like a JPEG.
    expect(photo!.body.errors![0]!.message).toBe('The photo must be 5 MB or smaller.');
    expect(listing!.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    console.info(`[uploads] longest event-loop stall: ${stall.toFixed(0)} ms of the ${elapsed.toFixed(0)} ms two 8 MB uploads took`);
    // Walking the files' bytes held the loop for about 0.9 s per MB: one stall of nearly all the requests' time
    // (8 MB: ~7 s). Their copies and parsing hold it for a small share of it.
    expect(stall).toBeLessThan(Math.max(elapsed / 2, 1_000));
  }, 120_000);

  it('takes a file only where the operation takes a File', async () => {
    const form = uploadForm('mutation ($r: ID!, $d: JSON!) { questionnaireNextScreen(respId: $r, data: $d) { completedAt } }', { r: '1', d: { photo: null } }, fakeJpeg(1024), [
      'variables.d.photo',
    ]);
    const answer = await post(seller.token, form);
    expect(answer.status).toBe(400);
    expect(answer.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'variables.d.photo' });
  });

  it('holds the parts to their limits: the operations, the files, the nesting of the map', async () => {
    const query = 'mutation ($f: File!) { uploadUserPhoto(file: $f) { image } }';
    // `operations` no larger than a JSON request.
    const padded = await post(seller.token, uploadForm(query, { f: null, pad: 'x'.repeat(GRAPHQL_BODY_LIMIT) }, fakeJpeg(1024)));
    expect(padded.status).toBe(400);
    expect(padded.body.errors![0]!.message).toMatch(/Field value size exceeded/);

    const many = new FormData();
    many.set('operations', JSON.stringify({ query, variables: { f: null } }));
    many.set('map', JSON.stringify(Object.fromEntries(Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => [String(i), [`variables.x${i}`]]))));
    for (let i = 0; i <= MAX_UPLOAD_FILES; i++) many.set(String(i), new Blob([fakeJpeg(16)]), `${i}.jpg`);
    const tooMany = await post(seller.token, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors![0]!.message).toMatch(/(Files|Parts) limit exceeded/);

    // The map builds objects along its paths: 200 levels is past what the walk takes (64).
    const deep = await post(seller.token, uploadForm(query, { f: null }, fakeJpeg(1024), [`variables.${'a.'.repeat(200)}f`]));
    expect(deep.status).toBe(400);
    expect(deep.body.errors![0]!.message).toMatch(/more than 64 levels deep/);

    // The body as a whole: past the largest upload and its envelope, refused before it is read.
    const huge = await post(seller.token, userPhoto(fakeJpeg(MULTIPART_BODY_LIMIT + 1)));
    expect(huge.status).toBe(413);
  }, 120_000);

  it('refuses variables holding more values than the walk takes, naming the limit', async () => {
    const response = await fetch(`${server.url}/graphql/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${seller.token}` },
      body: JSON.stringify({ query: 'query ($x: [Int!]) { __typename }', variables: { x: new Array(100_001).fill(0) } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as GraphqlResponse;
    expect(body.errors![0]!.message).toBe('The field "variables" holds more than 100,000 values.');
  });
});
