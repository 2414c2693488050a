import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListeningFeed, MAX_RECONNECT_DELAY_MS } from './postgres-changes';

/** A stand-in for pg.Client whose connection attempts fail until `up` is set. */
function fakeClients(state: { up: boolean; attempts: number }) {
  return () => {
    const client = Object.assign(new EventEmitter(), {
      processID: 42,
      async connect() {
        state.attempts++;
        if (!state.up) throw new Error('connection refused');
      },
      async query(text: string) {
        return text.startsWith('SELECT current_schema') ? { rows: [{ schema: 'public' }] } : { rows: [] };
      },
      async end() {},
    });
    return client as unknown as pg.Client;
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ListeningFeed without a database', () => {
  it('serves nothing from memory, retries with a growing delay, and counts every kind as changed once listening', async () => {
    vi.useFakeTimers();
    const state = { up: false, attempts: 0 };
    const warnings: string[] = [];
    const feed = new ListeningFeed(fakeClients(state), { info: () => {}, warn: (m) => warnings.push(m), error: () => {} });
    await feed.start();
    expect(feed.isListening).toBe(false);
    expect(feed.version('search')).not.toBe(feed.version('search'));

    for (const seconds of [1, 2, 4, 8, 16, 30, 30]) {
      expect(warnings.at(-1)).toContain(`retrying in ${seconds} s`);
      await vi.advanceTimersByTimeAsync(seconds * 1000);
    }
    expect(state.attempts).toBe(8);
    expect(MAX_RECONNECT_DELAY_MS).toBe(30_000);

    state.up = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(feed.isListening).toBe(true);
    expect(feed.version('search')).toBe(feed.version('search'));
    expect(feed.version('partners')).toBeGreaterThan(0);
    await feed.stop();
    expect(feed.isListening).toBe(false);
  });
});
