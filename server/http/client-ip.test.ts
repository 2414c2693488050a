/**
 * The client behind trusted proxies (issue 33): only the entries our proxies appended to X-Forwarded-For (and
 * X-Forwarded-Proto) are believed, counted from the right; whatever the client wrote to their left is not.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientIp, clientKey, forwardedEntry, parseTrustProxy } from './client-ip';
import { overTls } from './security-headers';

const request = (headers: IncomingMessage['headers'], remoteAddress = '10.0.0.9') => ({ headers, socket: { remoteAddress } as Socket }) as IncomingMessage;

describe('clientIp', () => {
  it('believes no X-Forwarded-For without a trusted proxy', () => {
    expect(clientIp(request({ 'x-forwarded-for': '1.2.3.4' }), false)).toBe('10.0.0.9');
    expect(clientIp(request({ 'x-forwarded-for': '1.2.3.4' }), 0)).toBe('10.0.0.9');
    expect(clientIp(request({}, '::ffff:192.0.2.7'), false)).toBe('192.0.2.7');
  });

  it('takes the address one proxy appended, not the one the client sent before it', () => {
    // The client sends X-Forwarded-For: 6.6.6.6 to pick its own address; the proxy appends the real one.
    const spoofed = request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5' });
    expect(clientIp(spoofed, true)).toBe('203.0.113.5');
    expect(clientIp(spoofed, 1)).toBe('203.0.113.5');
    // A fresh spoofed address per request changes nothing.
    expect(clientIp(request({ 'x-forwarded-for': '7.7.7.7, 8.8.8.8, 203.0.113.5' }), 1)).toBe('203.0.113.5');
    // The header twice: its lines are one list, in order.
    expect(clientIp(request({ 'x-forwarded-for': ['6.6.6.6', '203.0.113.5'] as unknown as string }), 1)).toBe('203.0.113.5');
  });

  it('counts two hops from the right behind a CDN and a load balancer', () => {
    // Client → CDN (appends the client) → load balancer (appends the CDN) → us.
    expect(clientIp(request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 198.51.100.1' }), 2)).toBe('203.0.113.5');
    // Fewer entries than proxies (one overwrote the header): the leftmost, which a proxy wrote.
    expect(clientIp(request({ 'x-forwarded-for': '203.0.113.5' }), 2)).toBe('203.0.113.5');
  });

  it('reads addresses with ports and brackets, and falls back to the peer for anything else', () => {
    expect(clientIp(request({ 'x-forwarded-for': '203.0.113.5:4711' }), 1)).toBe('203.0.113.5');
    expect(clientIp(request({ 'x-forwarded-for': '[2001:db8::1]:443' }), 1)).toBe('2001:db8::1');
    expect(clientIp(request({ 'x-forwarded-for': '6.6.6.6, not-an-address' }), 1)).toBe('10.0.0.9');
    expect(clientIp(request({ 'x-forwarded-for': ' , ' }), 1)).toBe('10.0.0.9');
  });
});

describe('clientKey', () => {
  it('is the IPv4 address, or the /64 of an IPv6 one', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('X-Forwarded-Proto', () => {
  const config = (trustProxy: boolean | number) => ({ publicOrigin: 'http://api.example', trustProxy });

  it('is read from the right as X-Forwarded-For is: a client cannot claim TLS for a plain request', () => {
    // The client sends X-Forwarded-Proto: https over plain HTTP; the proxy appends what it saw.
    expect(overTls(request({ 'x-forwarded-proto': 'https, http' }), config(1))).toBe(false);
    expect(overTls(request({ 'x-forwarded-proto': 'https' }), config(1))).toBe(true);
    expect(overTls(request({ 'x-forwarded-proto': 'HTTPS' }), config(true))).toBe(true);
    expect(overTls(request({ 'x-forwarded-proto': 'https' }), config(false))).toBe(false);
    // CDN (https from the client) → load balancer (http from the CDN).
    expect(overTls(request({ 'x-forwarded-proto': 'http, https, http' }), config(2))).toBe(true);
    expect(forwardedEntry(request({ 'x-forwarded-proto': 'https, http' }), 'x-forwarded-proto', 0)).toBeNull();
  });
});

describe('TRUST_PROXY', () => {
  it('is the number of proxies in front of the server; 1 keeps its meaning', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('')).toBe(0);
    expect(parseTrustProxy('0')).toBe(0);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    for (const bad of ['true', 'yes', '-1', '1.5', '11']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});
