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

/** The scheme and guest prefix of spec §6. */
export const QUESTIONNAIRE_SCHEME = 'Questionnaire';
export const NOT_AUTHORIZED = 'Not authorized.';
export const PIN_LENGTH = 8;

export class QuestionnaireAccessError extends Error {
  constructor() {
    super(NOT_AUTHORIZED);
    this.name = 'QuestionnaireAccessError';
  }
}

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

export const PIN_ATTEMPTS = { max: 10, windowMs: 15 * 60_000 } as const;

/** Wrong PINs per response id, in memory (per API process, like the other rate limits). */
export class PinAttempts {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly limit: { max: number; windowMs: number } = PIN_ATTEMPTS,
    private readonly now: () => number = Date.now,
  ) {}

  #recent(responseId: string): number[] {
    const since = this.now() - this.limit.windowMs;
    const recent = (this.#failures.get(responseId) ?? []).filter((t) => t > since);
    if (recent.length) this.#failures.set(responseId, recent);
    else this.#failures.delete(responseId);
    return recent;
  }

  blocked(responseId: string): boolean {
    return this.#recent(responseId).length >= this.limit.max;
  }

  fail(responseId: string): void {
    this.#failures.set(responseId, [...this.#recent(responseId), this.now()]);
  }
}

const pinAttempts = new PinAttempts();

export function mayAccess(response: GuardedResponse, caller: Caller, attempts: PinAttempts = pinAttempts): boolean {
  if (response.partnerId !== caller.partnerId) return false;
  if (response.ownerUserId !== null && caller.userId === response.ownerUserId) return true;
  const auth = caller.authorization;
  if (response.pinHash && auth && auth.scheme.toLowerCase() === QUESTIONNAIRE_SCHEME.toLowerCase()) {
    if (attempts.blocked(response.id)) return false;
    const given = Buffer.from(hashPin(response.id, auth.credentials.trim()), 'hex');
    const stored = Buffer.from(response.pinHash, 'hex');
    const right = given.length === stored.length && timingSafeEqual(given, stored);
    if (!right) attempts.fail(response.id);
    return right;
  }
  return false;
}
