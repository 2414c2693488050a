/**
 * Slow clients (issue 22, faults; server/http/slow-clients.ts): a client sending its headers a byte at a
 * time, a body that stops, a body that trickles — each is cut off within its timeout (short ones here,
 * set per server); beyond the bound on requests in progress the server answers 503 with Retry-After.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { startTestServer } from '../testing/test-server';
import { clientLimits, DEFAULT_CLIENT_LIMITS } from './slow-clients';

interface Cut {
  /** Everything the server sent before closing. */
  answer: string;
  /** Milliseconds from the first byte sent to the close. */
  ms: number;
}

/** Opens a socket to `url`, sends `parts` one by one `everyMs` apart (then waits), resolves when the server closes it. */
function dribble(url: string, parts: string[], everyMs: number, giveUpMs = 10_000): Promise<Cut> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    let answer = '';
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms; got: ${answer}`));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (answer += data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - started });
    });
    socket.on('connect', () => {
      started = performance.now();
      let i = 0;
      const send = () => {
        if (i < parts.length && !socket.destroyed) socket.write(parts[i++]!);
      };
      send();
      timer = setInterval(send, everyMs);
    });
  });
}

const bytes = (text: string) => [...text];

describe('slow clients', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ clientLimits: { headersTimeoutMs: 500, requestTimeoutMs: 2_000, bodyIdleTimeoutMs: 700 } });
  }, 60_000);
  afterAll(() => server?.close());

  it('cuts a client that sends its headers one byte at a time (slowloris)', async () => {
    const headers = `GET /healthz HTTP/1.1\r\nHost: x\r\n${'X-Slow: ' + 'a'.repeat(400)}\r\n\r\n`;
    const cut = await dribble(server.url, bytes(headers), 20);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
    // 500 ms allowed, plus Node's check interval (a quarter of it) and some slack for a busy machine.
    expect(cut.ms).toBeLessThan(2_000);
    expect(cut.ms).toBeGreaterThanOrEqual(450);
  });

  it('answers 408 when a body stops arriving', async () => {
    const body = JSON.stringify({ firstName: 'Slow', lastName: 'Body', email: 'slow@example.com', comment: 'x'.repeat(50) });
    const head = `POST /v1/api/contact-form/?partner=acme HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const cut = await dribble(server.url, [head, body.slice(0, 10)], 10);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(cut.answer).toContain('"error":"request_timeout"');
    expect(cut.answer).toMatch(/connection: close/i);
    expect(cut.ms).toBeLessThan(2_000);
  });

  it('cuts a body that trickles in slower than the request timeout allows', async () => {
    const body = JSON.stringify({ firstName: 'Trickle', lastName: 'Body', email: 'trickle@example.com', comment: 'x'.repeat(200) });
    const head = `POST /v1/api/contact-form/?partner=acme HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // A byte every 100 ms: never idle for 700 ms, but the whole would take 25 s.
    const cut = await dribble(server.url, [head, ...bytes(body)], 100);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(cut.ms).toBeLessThan(4_000);
    expect(cut.ms).toBeGreaterThanOrEqual(1_900);
    // Nothing of it was stored.
    const { rows } = await server.db.query(`SELECT 1 FROM leads WHERE first_name = 'Trickle'`);
    expect(rows).toEqual([]);
  });

  it('still serves a normal request at once', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('bounded requests in progress', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ clientLimits: { maxConcurrentRequests: 3, bodyIdleTimeoutMs: 10_000 } });
  }, 60_000);
  afterAll(() => server?.close());

  it('answers 503 with Retry-After beyond the bound, and serves again once requests finish', async () => {
    const { port } = new URL(server.url);
    const head = `POST /v1/api/contact-form/?partner=acme HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`;
    const stalled = Array.from({ length: 3 }, () => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
      socket.on('error', () => undefined);
      return socket;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const busy = await fetch(`${server.url}/healthz`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(((await busy.json()) as { error: string }).error).toBe('busy');

    for (const socket of stalled) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('clientLimits', () => {
  it('takes the defaults and refuses nonsense', () => {
    expect(clientLimits()).toEqual(DEFAULT_CLIENT_LIMITS);
    expect(() => clientLimits({ maxConcurrentRequests: 0 })).toThrow(/maxConcurrentRequests/);
    expect(() => clientLimits({ headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 })).toThrow(/headersTimeoutMs/);
  });
});
