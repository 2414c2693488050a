/**
 * Who may read and answer a response (marketplace spec §6): a guest with the response's PIN, sent as
 * `Authorization: Questionnaire <PIN>`, or the signed-in user who started it. Everyone else — another
 * user, a wrong PIN, no credentials, another partner — gets the same 'Not authorized.', so a response
 * id reveals nothing.
 *
 * Guessing a PIN is bounded: after PIN_ATTEMPTS.max wrong PINs for one response within PIN_ATTEMPTS.windowMs,
 * every PIN for it — the right one too — is refused until the window has passed (the owner, signed in, is
 * not affected). 10 guesses per 15 minutes against 10^8 PINs: ~1,400 years for a 1% chance.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db';
import { DomainError } from '../domain-error';
import { rateLimitsFor, type RateLimit, type RateLimitStore } from '../http/rate-limit';

/** The scheme and guest prefix of spec §6. */
export const QUESTIONNAIRE_SCHEME = 'Questionnaire';
export const NOT_AUTHORIZED = 'Not authorized.';
export const PIN_LENGTH = 8;

/** The one answer for every caller who may not open a response. */
export const notAuthorized = () => new DomainError('FORBIDDEN', NOT_AUTHORIZED);

export const newPin = () => Array.from({ length: PIN_LENGTH }, () => randomInt(10)).join('');

/** Salted with the response id: equal PINs of two responses hash differently. */
export const hashPin = (responseId: string, pin: string) => createHash('sha256').update(`${responseId}:${pin}`).digest('hex');

export interface Caller {
  partnerId: number;
  userId: number | null;
  authorization: { scheme: string; credentials: string } | null;
}

export interface GuardedResponse {
  id: string;
  partnerId: number;
  ownerUserId: number | null;
  pinHash: string | null;
}

export const PIN_ATTEMPTS: RateLimit = { max: 10, windowMs: 15 * 60_000 };

/**
 * Wrong PINs per response id, in the server's rate-limit windows (server/http/rate-limit.ts: shared by
 * every API process on PostgreSQL). Reads and writes the store: call it outside any transaction.
 */
export class PinAttempts {
  constructor(
    private readonly store: RateLimitStore,
    readonly limit: RateLimit = PIN_ATTEMPTS,
  ) {}

  async blocked(responseId: string): Promise<boolean> {
    return (await this.store.count(PIN_SCOPE, this.limit, responseId)) >= this.limit.max;
  }

  fail(responseId: string): Promise<void> {
    return this.store.record(PIN_SCOPE, this.limit, responseId);
  }
}

const PIN_SCOPE = 'questionnaire-pin';

export const pinAttemptsFor = (db: Database) => new PinAttempts(rateLimitsFor(db));

const rightPin = (response: GuardedResponse, pin: string) => {
  if (!response.pinHash) return false;
  const given = Buffer.from(hashPin(response.id, pin.trim()), 'hex');
  const stored = Buffer.from(response.pinHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};

const pinOf = (response: GuardedResponse, caller: Caller) => {
  const auth = caller.authorization;
  return response.pinHash && auth && auth.scheme.toLowerCase() === QUESTIONNAIRE_SCHEME.toLowerCase() ? auth.credentials : null;
};

const isOwner = (response: GuardedResponse, caller: Caller) => response.ownerUserId !== null && caller.userId === response.ownerUserId;

/**
 * The access rule with the bound on guessing: a wrong PIN is counted, and a response with too many wrong
 * PINs lets no PIN in until the window has passed.
 */
export async function mayAccess(response: GuardedResponse, caller: Caller, attempts: PinAttempts): Promise<boolean> {
  if (response.partnerId !== caller.partnerId) return false;
  if (isOwner(response, caller)) return true;
  const pin = pinOf(response, caller);
  if (pin === null) return false;
  if (await attempts.blocked(response.id)) return false;
  const right = rightPin(response, pin);
  if (!right) await attempts.fail(response.id);
  return right;
}

/**
 * The access rule alone, counting nothing: for a second look inside a transaction at a response the caller
 * was already let in to by mayAccess (rate-limit windows are never touched inside a transaction).
 */
export function mayAccessAgain(response: GuardedResponse, caller: Caller): boolean {
  if (response.partnerId !== caller.partnerId) return false;
  if (isOwner(response, caller)) return true;
  const pin = pinOf(response, caller);
  return pin !== null && rightPin(response, pin);
}
