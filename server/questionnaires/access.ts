/**
 * Who may read and answer a response (marketplace spec §6): a guest with the response's PIN, sent as
 * `Authorization: Questionnaire <PIN>`, or the signed-in user who started it. Everyone else — another
 * user, a wrong PIN, no credentials, another partner — gets the same 'Not authorized.', so a response
 * id reveals nothing.
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

export function mayAccess(response: GuardedResponse, caller: Caller): boolean {
  if (response.partnerId !== caller.partnerId) return false;
  if (response.ownerUserId !== null && caller.userId === response.ownerUserId) return true;
  const auth = caller.authorization;
  if (response.pinHash && auth && auth.scheme.toLowerCase() === QUESTIONNAIRE_SCHEME.toLowerCase()) {
    const given = Buffer.from(hashPin(response.id, auth.credentials.trim()), 'hex');
    const stored = Buffer.from(response.pinHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  }
  return false;
}
