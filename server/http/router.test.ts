import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import type { Logger } from '../log';
import { routerTestConfig, startTestServer } from '../testing/test-server';
import { Router } from './router';

const logged: string[] = [];
const logger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (message, error) => logged.push(`${message} ${String(error)}`),
};

let api: RunningServer;
let server: Server;
let url: string;
beforeAll(async () => {
  api = await startTestServer();
  const router = new Router().on('/boom', {
    GET: () => {
      throw new Error('secret detail at /srv/app/boom.ts:12');
    },
  });
  const services = {
    db: api.db,
    logger,
    config: routerTestConfig(),
  };
  server = createServer(router.handler(services));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

describe('Router', () => {
  it('answers an unexpected error with a bare 500 and logs the details instead', async () => {
    const response = await fetch(`${url}/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'internal', message: 'Something went wrong on our side.' });
    expect(text).not.toContain('secret');
    expect(logged.some((line) => line.includes('secret detail'))).toBe(true);
  });

  it('answers a method the route lacks with 405 and Allow', async () => {
    const response = await fetch(`${url}/boom`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, OPTIONS');
  });
});
