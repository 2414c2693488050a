/**
 * Wrong passwords at login (issue 13). They are counted per account *and* client address: an address
 * that gave `perAddress.max` wrong passwords for an account is refused for that account — the right
 * password too — until its window has passed, while the owner, from an address without failures, still
 * gets in. A limit per account alone let one address keep any known account locked. How fast one address
 * guesses across accounts stays bounded by the per-address limit on every login (routes.ts).
 *
 * Across all addresses the owner hears of it: a mail on the `ownerAlert.max`-th wrong password within
 * its window, at most once per window (an hour: a guesser with many addresses cannot flood the owner's
 * inbox).
 *
 * Counted in the server's rate-limit windows (server/http/rate-limit.ts: in the database on PostgreSQL,
 * so every API process shares them); call outside transactions. Accounts are keyed by their email
 * (emailKey), whether or not one exists, so a refusal tells nobody which emails have an account.
 */
import type { RateDecision, RateLimit, RateLimitStore } from '../http/rate-limit';

export interface FailedLoginLimits {
  /** Wrong passwords for one account from one address before that address is refused for it. */
  perAddress: RateLimit;
  /** Wrong passwords for one account from any addresses that make us mail its owner. */
  ownerAlert: RateLimit;
}

export const FAILED_LOGIN_LIMITS: FailedLoginLimits = {
  perAddress: { max: 5, windowMs: 60_000 },
  ownerAlert: { max: 10, windowMs: 60 * 60_000 },
};

const PER_ADDRESS_SCOPE = 'login-failures-address';
const PER_ACCOUNT_SCOPE = 'login-failures-account';
const OWNER_ALERT_SCOPE = 'login-failures-owner-mailed';

export class LoginAttempts {
  constructor(
    private readonly store: RateLimitStore,
    readonly limits: FailedLoginLimits = FAILED_LOGIN_LIMITS,
  ) {}

  /** Whether `address` may try a password for `account` now (refused: Retry-After from the decision). */
  check(account: string, address: string): Promise<RateDecision> {
    return this.store.peek(PER_ADDRESS_SCOPE, this.limits.perAddress, `${account}|${address}`);
  }

  /** Counts a wrong password; true when it is the one the owner should be mailed about. */
  async failed(account: string, address: string): Promise<boolean> {
    const { perAddress, ownerAlert } = this.limits;
    await this.store.hit(PER_ADDRESS_SCOPE, perAddress, `${account}|${address}`);
    // hit, not record: a window holds at most max failures, however many arrive.
    await this.store.hit(PER_ACCOUNT_SCOPE, ownerAlert, account);
    if ((await this.store.count(PER_ACCOUNT_SCOPE, ownerAlert, account)) < ownerAlert.max) return false;
    return (await this.store.hit(OWNER_ALERT_SCOPE, { max: 1, windowMs: ownerAlert.windowMs }, account)).allowed;
  }
}
