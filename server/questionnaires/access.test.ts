import { describe, expect, it } from 'vitest';
import { MemoryRateLimits } from '../http/rate-limit';
import { hashPin, mayAccess, mayAccessAgain, PIN_ATTEMPTS, PinAttempts, type Caller, type GuardedResponse } from './access';

const response: GuardedResponse = { id: 'r-1', partnerId: 1, ownerUserId: 7, pinHash: hashPin('r-1', '12345678') };
const guest = (pin: string): Caller => ({ partnerId: 1, userId: null, authorization: { scheme: 'Questionnaire', credentials: pin } });

describe('PIN access (spec §6) and the bound on guessing', async () => {
  it('lets the right PIN and the owner in, and nobody else', async () => {
    const attempts = new PinAttempts(new MemoryRateLimits());
    expect(await mayAccess(response, guest('12345678'), attempts)).toBe(true);
    expect(await mayAccess(response, { partnerId: 1, userId: 7, authorization: null }, attempts)).toBe(true);
    expect(await mayAccess(response, { partnerId: 1, userId: 8, authorization: null }, attempts)).toBe(false);
    expect(await mayAccess(response, { ...guest('12345678'), partnerId: 2 }, attempts)).toBe(false);
    expect(await mayAccess(response, { ...guest('12345678'), authorization: { scheme: 'Token', credentials: '12345678' } }, attempts)).toBe(false);
  });

  it(`refuses even the right PIN after ${PIN_ATTEMPTS.max} wrong ones, until the window has passed; the owner is unaffected`, async () => {
    let now = 1_000_000;
    const attempts = new PinAttempts(new MemoryRateLimits(() => now), PIN_ATTEMPTS);
    for (let i = 0; i < PIN_ATTEMPTS.max; i++) expect(await mayAccess(response, guest(String(10_000_000 + i)), attempts)).toBe(false);
    expect(await mayAccess(response, guest('12345678'), attempts)).toBe(false);
    expect(await mayAccess(response, { partnerId: 1, userId: 7, authorization: null }, attempts)).toBe(true);
    // Another response is not affected.
    const other: GuardedResponse = { id: 'r-2', partnerId: 1, ownerUserId: null, pinHash: hashPin('r-2', '87654321') };
    expect(await mayAccess(other, guest('87654321'), attempts)).toBe(true);

    now += PIN_ATTEMPTS.windowMs + 1;
    expect(await mayAccess(response, guest('12345678'), attempts)).toBe(true);
  });

  it('counts only wrong PINs: right ones in between do not add up', async () => {
    const attempts = new PinAttempts(new MemoryRateLimits(), { max: 3, windowMs: 60_000 });
    for (let i = 0; i < 10; i++) expect(await mayAccess(response, guest('12345678'), attempts)).toBe(true);
    expect(await mayAccess(response, guest('00000000'), attempts)).toBe(false);
    expect(await mayAccess(response, guest('00000001'), attempts)).toBe(false);
    expect(await mayAccess(response, guest('12345678'), attempts)).toBe(true);
    expect(await mayAccess(response, guest('00000002'), attempts)).toBe(false);
    expect(await mayAccess(response, guest('12345678'), attempts)).toBe(false);
  });

  it('looks again inside a transaction without counting anything', async () => {
    const attempts = new PinAttempts(new MemoryRateLimits(), { max: 1, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(mayAccessAgain(response, guest('00000000'))).toBe(false);
    expect(mayAccessAgain(response, guest('12345678'))).toBe(true);
    expect(mayAccessAgain(response, { partnerId: 1, userId: 7, authorization: null })).toBe(true);
    expect(mayAccessAgain(response, { ...guest('12345678'), partnerId: 2 })).toBe(false);
    expect(await mayAccess(response, guest('12345678'), attempts)).toBe(true);
  });
});
