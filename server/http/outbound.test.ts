import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  allowOutbound,
  checkedTarget,
  OUTBOUND_FAILURE,
  OutboundError,
  outboundDispatcher,
  outboundFetch,
  parseOutboundAllow,
  refusedAddress,
  refusedTarget,
  type Resolver,
} from './outbound';

describe('the address rule', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'teredo'],
    ['::7f00:1', 'reserved'],
    ['::ffff:127.0.0.1', 'ipv4Mapped loopback'],
    ['::ffff:a9fe:a9fe', 'ipv4Mapped linkLocal'],
    ['64:ff9b::7f00:1', 'rfc6052 loopback'],
    ['64:ff9b::a00:1', 'rfc6052 private'],
    ['64:ff9b:1::8.8.8.8', 'rfc6052'],
    ['2002:7f00:1::', '6to4 loopback'],
    ['2002:c0a8:101::1', '6to4 private'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedAddress(address)).toBe(range);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('takes the public address %s', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it.each([
    'http://127.0.0.1:19190/secret/0/0/0.png',
    'http://2130706433:19190/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'https://localhost/',
    'https://localhost./',
    'https://foo.localhost/',
    'https://LOCALHOST.:443/',
    'https://metadata.google.internal/',
    'https://metadata/',
    'https://printer.local/',
    'https://[::127.0.0.1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[::1]/',
    'https://[fd00::1]/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://198.18.0.1/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://0.0.0.0/',
    'ftp://tiles.example.com/',
  ])('refuses %s from its text', (url) => {
    expect(refusedTarget(new URL(url))).not.toBeNull();
  });

  it.each(['https://tiles.example.com/0/0/0.png', 'https://8.8.8.8/', 'https://[2606:4700::1111]/', 'http://crm.example.com:8443/hook'])('takes %s from its text', (url) => {
    expect(refusedTarget(new URL(url))).toBeNull();
  });

  it('resolves the name when saving: refused when any address it has is internal; a name that does not resolve passes', async () => {
    const resolve: Resolver = async (host) => {
      if (host === 'rebind.example') return [{ address: '93.184.215.14' }, { address: '10.0.0.5' }];
      if (host === 'public.example') return [{ address: '93.184.215.14' }, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c' }];
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    expect(await checkedTarget(new URL('https://rebind.example/hook'), resolve)).toBe('private');
    expect(await checkedTarget(new URL('https://public.example/hook'), resolve)).toBeNull();
    expect(await checkedTarget(new URL('https://nowhere.example/hook'), resolve)).toBeNull();
    expect(await checkedTarget(new URL('https://10.0.0.5/'), resolve)).toBe('private');
  });

  it('reads the operator allowlist: host[:port], addresses in any spelling; a bad entry is refused by name', () => {
    expect(parseOutboundAllow('127.0.0.1:9000, [::1]:8080 ,Tiles.LAN.,2130706433')).toEqual([
      { host: '127.0.0.1', port: 9000 },
      { host: '::1', port: 8080 },
      { host: 'tiles.lan', port: null },
      { host: '127.0.0.1', port: null },
    ]);
    expect(() => parseOutboundAllow('http://127.0.0.1:9000/')).toThrow(/HEARTH_OUTBOUND_ALLOW: "http:\/\/127.0.0.1:9000\/" is not host\[:port\]/);
    expect(() => parseOutboundAllow('127.0.0.1:70000')).toThrow(/is not host\[:port\]/);
  });
});

describe('outboundFetch: the rule when connecting', () => {
  let receiver: Server;
  let other: Server;
  let port: number;
  let otherPort: number;
  const hits = { receiver: 0, other: 0 };
  let withdraw: (() => void) | undefined;

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };

  beforeAll(async () => {
    other = createServer((_, res) => {
      hits.other += 1;
      res.writeHead(200, { 'Content-Type': 'image/png' }).end('secret');
    });
    otherPort = await listen(other);
    receiver = createServer((req, res) => {
      hits.receiver += 1;
      if (req.url === '/to-other') res.writeHead(302, { Location: `http://127.0.0.1:${otherPort}/secret` }).end();
      else if (req.url === '/to-self') res.writeHead(302, { Location: '/ok' }).end();
      else if (req.url === '/forbidden') res.writeHead(403, { 'Content-Type': 'text/html' }).end('<h1>403</h1>');
      else res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
    port = await listen(receiver);
  });
  afterEach(() => {
    withdraw?.();
    withdraw = undefined;
    hits.receiver = 0;
    hits.other = 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await new Promise((resolve) => other.close(resolve));
  });

  const failure = (url: string, init?: Parameters<typeof outboundFetch>[1]) => outboundFetch(url, init).then(
    () => null,
    (error: unknown) => error,
  );

  it('refuses a loopback address, in any spelling, and a name that resolves to one; nothing reaches the receiver', async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://2130706433:${port}/`, `http://localhost:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      const error = await failure(url);
      expect(error, url).toBeInstanceOf(OutboundError);
      expect((error as Error).message).toBe(OUTBOUND_FAILURE);
    }
    expect(hits.receiver).toBe(0);
  });

  it('checks the address it connects to, not an earlier answer: a name that turns internal (DNS rebinding) is refused', async () => {
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: calls++ === 0 ? '93.184.215.14' : '127.0.0.1' }];
    expect(await checkedTarget(new URL(`http://rebind.example:${port}/`), rebinding)).toBeNull();
    const error = await failure(`http://rebind.example:${port}/`, { dispatcher: outboundDispatcher({ resolve: rebinding }) });
    expect(error).toBeInstanceOf(OutboundError);
    expect(String((error as Error).cause)).toMatch(/127\.0\.0\.1 is loopback/);
    expect(hits.receiver).toBe(0);
  });

  it('reaches a receiver the operator allowed, by address or by a name resolving to it', async () => {
    withdraw = allowOutbound([`127.0.0.1:${port}`]);
    expect(await (await outboundFetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    const named = await outboundFetch(`http://allowed.example:${port}/`, { dispatcher: outboundDispatcher({ resolve: async () => [{ address: '127.0.0.1' }] }) });
    expect(named.status).toBe(200);
    await named.body?.cancel();
    expect(hits.receiver).toBe(2);
    // Another port of the same machine is not allowed.
    expect(await failure(`http://127.0.0.1:${otherPort}/`)).toBeInstanceOf(OutboundError);
    expect(hits.other).toBe(0);
  });

  it('checks every redirect: from an allowed receiver to a loopback target is refused', async () => {
    withdraw = allowOutbound([`127.0.0.1:${port}`]);
    expect(await failure(`http://127.0.0.1:${port}/to-other`, { redirect: 'follow' })).toBeInstanceOf(OutboundError);
    expect(hits).toEqual({ receiver: 1, other: 0 });
    expect(await (await outboundFetch(`http://127.0.0.1:${port}/to-self`, { redirect: 'follow' })).text()).toBe('ok');
  });

  it('fails the same way for a refused address, a closed port and a name that does not resolve', async () => {
    const closed = createServer();
    const closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    withdraw = allowOutbound([`127.0.0.1:${closedPort}`]);
    const errors = await Promise.all([
      failure(`http://127.0.0.1:${port}/`),
      failure(`http://127.0.0.1:${closedPort}/`),
      failure('http://nowhere.invalid/'),
      failure('file:///etc/passwd'),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as Error).message).toBe(OUTBOUND_FAILURE);
    }
  });

  it('answers the abort of its signal as the signal says', async () => {
    withdraw = allowOutbound([`127.0.0.1:${port}`]);
    const error = await failure(`http://127.0.0.1:${port}/`, { signal: AbortSignal.abort(new Error('stopped')) });
    expect(error).toMatchObject({ message: 'stopped' });
  });
});
