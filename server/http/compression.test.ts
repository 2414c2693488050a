import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepUncompressed, withCompression } from './compression';

const TEXT = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Listing ${i}` })) });
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(
    withCompression((req, res) => {
      if (req.url === '/secret') keepUncompressed(res);
      res.setHeader('Content-Type', req.url === '/picture' ? 'image/png' : 'application/json; charset=utf-8');
      res.end(TEXT);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const encodingOf = (path: string) =>
  new Promise<string | undefined>((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers['content-encoding']));
    });
    req.on('error', reject);
    req.end();
  });

describe('withCompression', () => {
  it('compresses text, leaves pictures as they are, and never an answer marked as holding a secret', async () => {
    expect(await encodingOf('/data')).toBe('br');
    expect(await encodingOf('/picture')).toBeUndefined();
    expect(await encodingOf('/secret')).toBeUndefined();
  });
});
