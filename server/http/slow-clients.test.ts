/**
 * Slow clients (issue 22, faults; server/http/slow-clients.ts): a client sending its headers a byte at a
 * time, a body that stops, a body that trickles — each is cut off within its timeout (short ones here,
 * set per server); beyond the bound on requests in progress the server answers 503 with Retry-After, and one
 * client address cannot take it all (issue 33): its requests and connections are bounded, a reserve is kept for
 * the others, and the health check is answered whatever the load. The other addresses are 127.0.0.x: all of
 * 127.0.0.0/8 is loopback.
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { startTestServer } from '../testing/test-server';
import { clientLimits, clientLimitsFromEnv, DEFAULT_CLIENT_LIMITS } from './slow-clients';
import { processRegistry } from '../observability/metrics';

/** How many refusals with `code` this process has counted (hearth_errors_total: the operator sees them). */
async function refusals(code: string): Promise<number> {
  const { values } = await processRegistry.getSingleMetric('hearth_errors_total')!.get();
  return values.find((v) => v.labels.kind === 'rest' && v.labels.code === code)?.value ?? 0;
}

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

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A request from the loopback address `from` (127.0.0.0/8 is all ours), on a connection of its own. */
function requestFrom(url: string, from: string, path: string, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path, method: body === undefined ? 'GET' : 'POST', localAddress: from, agent: false, headers: body === undefined ? {} : { 'Content-Type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Slow {
  socket: Socket;
  /** Whatever the server answered before the body was complete (it never is). */
  answer: Promise<string>;
}

/** A POST to /public_graphql/ from `from` announcing 50,000 bytes of body and sending one. */
function slowBody(url: string, from: string): Slow {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress: from });
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  let received = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (data: string) => {
      received += data;
      if (received.includes('\r\n\r\n')) resolve(received);
    });
    socket.on('close', () => resolve(received));
  });
  socket.on('connect', () => socket.write('POST /public_graphql/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{'));
  return { socket, answer };
}

/** Resolves once `check` holds, asking every 50 ms; fails after `attempts`. */
async function until(what: string, check: () => Promise<boolean>, attempts = 200): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

/** Opens `count` slow requests from `from` and waits until the server holds them all (its next request from there is refused). */
async function holdSlow(server: RunningServer, from: string, count: number): Promise<Slow[]> {
  const slow = Array.from({ length: count }, () => slowBody(server.url, from));
  await until(`${from} holds ${count} requests`, async () => (await requestFrom(server.url, from, '/healthz')).status === 429);
  return slow;
}

const LIGHT_READ = JSON.stringify({ query: '{ __typename }' });

describe('bounded requests in progress, overall and per client address', () => {
  let server: RunningServer;
  let open: Slow[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      clientLimits: { maxConcurrentRequests: 50, maxRequestsPerClient: 20, reservedRequests: 10, maxConnectionsPerClient: 30, bodyIdleTimeoutMs: 60_000 },
    });
  }, 60_000);
  afterEach(async () => {
    for (const { socket } of open) socket.destroy();
    open = [];
    // The server sees the sockets go.
    await until('every slow request is over', async () => (await requestFrom(server.url, '127.0.0.1', '/healthz')).status === 200);
  });
  afterAll(() => server?.close());

  it('lets one address hold at most its share of slow bodies: the others and the health check are served', async () => {
    open = await holdSlow(server, '127.0.0.1', 20);
    const counted = await refusals('too_many_requests');
    // Its next request is refused at once, its body unread.
    const refused = slowBody(server.url, '127.0.0.1');
    open.push(refused);
    const answer = await refused.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toMatch(/retry-after: 2/i);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"error":"too_many_requests"');
    expect(await refusals('too_many_requests')).toBeGreaterThan(counted);

    const health = await requestFrom(server.url, '127.0.0.2', '/healthz');
    expect(health.status).toBe(200);
    const read = await requestFrom(server.url, '127.0.0.2', '/public_graphql/', LIGHT_READ);
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body)).toEqual({ data: { __typename: 'Query' } });
  }, 60_000);

  it('keeps the reserve and the health check when several addresses fill the process', async () => {
    open = [...(await holdSlow(server, '127.0.0.1', 20)), ...(await holdSlow(server, '127.0.0.3', 20))];
    // 40 in progress: the last 10 slots are the reserve, where an address may have 2 requests at most.
    const busyBefore = await refusals('busy');
    const third = Array.from({ length: 20 }, () => slowBody(server.url, '127.0.0.4'));
    open.push(...third);
    const answers = await Promise.race([Promise.all(third.slice(2).map((s) => s.answer)), new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000))]);
    expect(answers).not.toBeNull();
    for (const answer of answers!) {
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toContain('"error":"busy"');
    }
    expect(await refusals('busy')).toBeGreaterThanOrEqual(busyBefore + answers!.length);

    // 42 in progress: a light read from another address is served from the reserve, the health check regardless.
    const read = await requestFrom(server.url, '127.0.0.2', '/public_graphql/', LIGHT_READ);
    expect(read.status).toBe(200);
    expect((await requestFrom(server.url, '127.0.0.2', '/healthz')).status).toBe(200);
    expect((await requestFrom(server.url, '127.0.0.4', '/healthz')).status).toBe(200);
  }, 60_000);

  it('answers 429 to a connection past the per-address bound, and takes it again once one closes', async () => {
    const { hostname, port } = new URL(server.url);
    const opened = (from: string) =>
      new Promise<Socket>((resolve) => {
        const socket = connect({ host: hostname, port: Number(port), localAddress: from }, () => resolve(socket));
        socket.on('error', () => undefined);
      });
    const idle = await Promise.all(Array.from({ length: 30 }, () => opened('127.0.0.5')));
    open = idle.map((socket) => ({ socket, answer: Promise.resolve('') }));
    const extra = await opened('127.0.0.5');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      extra.setEncoding('utf8');
      extra.on('data', (data: string) => (text += data));
      extra.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toContain('"error":"too_many_connections"');
    // Another address is not concerned.
    expect((await requestFrom(server.url, '127.0.0.6', '/healthz')).status).toBe(200);

    idle[0]!.destroy();
    await until('a slot is free again', async () => (await requestFrom(server.url, '127.0.0.5', '/healthz')).status === 200);
  }, 60_000);
});

describe('clientLimits', () => {
  it('takes the defaults and refuses nonsense', () => {
    expect(clientLimits()).toEqual(DEFAULT_CLIENT_LIMITS);
    expect(clientLimits({ maxConcurrentRequests: 40 })).toMatchObject({ maxRequestsPerClient: 40, reservedRequests: 4 });
    expect(() => clientLimits({ maxConcurrentRequests: 0 })).toThrow(/maxConcurrentRequests/);
    expect(() => clientLimits({ maxConcurrentRequests: 10, maxRequestsPerClient: 11 })).toThrow(/maxRequestsPerClient/);
    expect(() => clientLimits({ maxConcurrentRequests: 10, reservedRequests: 10 })).toThrow(/reservedRequests/);
    expect(clientLimitsFromEnv({ HEARTH_MAX_REQUESTS_PER_CLIENT: '20', HEARTH_RESERVED_REQUESTS: '0' })).toEqual({ maxRequestsPerClient: 20, reservedRequests: 0 });
    expect(() => clientLimitsFromEnv({ HEARTH_MAX_REQUESTS: 'lots' })).toThrow(/HEARTH_MAX_REQUESTS/);
    expect(() => clientLimits({ headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 })).toThrow(/headersTimeoutMs/);
  });
});
