/**
 * Password hashing (scrypt from node:crypto, memory-hard), the password rules of spec §5, which the
 * server owns: GET/POST /v1/api/password-validation-requirements/ shows them, sign-up and reset enforce them,
 * and the one way a password changes (setPassword).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Queryable } from '../db';
import { endOneTimeTokens, revokeAllCredentials } from './tokens';

// ---------------------------------------------------------------------------------------------------
// Hashing

/** N = 2^15, r = 8, p = 1: 32 MiB per hash. Stored with each hash, so raising them later is safe. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

/**
 * The test suites' cost (N = 2^10, ~2 ms a hash against ~90 ms), as Devise's `stretches = 1` in test: every
 * test server seeds four demo accounts and most tests sign up and log in. Only with
 * HEARTH_TEST_PASSWORD_COST=low (vitest.setup.ts, tests/e2e/global-setup.ts), never when NODE_ENV=production.
 * The parameters go into each hash, so a hash made either way verifies either way.
 */
export const TEST_PASSWORD_COST_VARIABLE = 'HEARTH_TEST_PASSWORD_COST';
const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 } as const;

const hashParams = () =>
  process.env[TEST_PASSWORD_COST_VARIABLE] === 'low' && process.env.NODE_ENV !== 'production' ? TEST_SCRYPT : SCRYPT;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const DUMMY_SALT = randomBytes(SALT_BYTES);

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const params = hashParams();
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

const STORED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const match = stored ? STORED.exec(stored) : null;
  if (!match) {
    // Same work as a real check, so response time does not tell whether the account exists.
    await scrypt(password, DUMMY_SALT, hashParams());
    return false;
  }
  const [, n, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64');
  const actual = await scrypt(password, Buffer.from(salt!, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Runs one hash without an account behind it (unknown email at login: same time as a wrong password). */
export const burnPasswordCheck = (password: string) => verifyPassword(password, null);

// ---------------------------------------------------------------------------------------------------
// Rules

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The 1,000 most used passwords, most used first (the head of the list Django ships in
 * django/contrib/auth/common-passwords.txt.gz, BSD licence), lower case.
 */
const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

export interface PasswordRuleResult {
  help_text: string;
  is_valid: boolean;
  validation_error: string | null;
}

interface PasswordRule {
  helpText: string;
  error: string;
  test(password: string, email: string): boolean;
}

/** Local part of the email, lower case; parts shorter than 3 characters say nothing. */
function emailLocalPart(email: string): string {
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  return local.length >= 3 ? local : '';
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    helpText: `Your password must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
    error: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
    test: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
  {
    helpText: 'Your password can’t be entirely numeric.',
    error: 'This password is entirely numeric.',
    test: (password) => !/^[0-9]+$/.test(password),
  },
  {
    helpText: 'Your password can’t be a commonly used password.',
    error: 'This password is too common.',
    test: (password) => !COMMON_PASSWORDS.has(password.trim().toLowerCase()),
  },
  {
    helpText: 'Your password can’t be too similar to your email address.',
    error: 'The password is too similar to the email address.',
    test: (password, email) => {
      const local = emailLocalPart(email);
      return local === '' || !password.toLowerCase().includes(local);
    },
  },
  {
    helpText: `Your password must contain at most ${PASSWORD_MAX_LENGTH} characters.`,
    error: `This password is too long. It must contain at most ${PASSWORD_MAX_LENGTH} characters.`,
    test: (password) => [...password].length <= PASSWORD_MAX_LENGTH,
  },
];

export function checkPassword(password: string, email: string): PasswordRuleResult[] {
  return PASSWORD_RULES.map((rule) => {
    const valid = rule.test(password, email);
    return { help_text: rule.helpText, is_valid: valid, validation_error: valid ? null : rule.error };
  });
}

/** The first failing rule's message, or null when the password passes them all. */
export function passwordProblem(password: string, email: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.test(password, email))?.error ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Changing a password

/**
 * Every path that sets a password goes through here (the reset link, changePassword): whatever the old password
 * opened ends with it — sessions, API tokens and every outstanding reset link of the account — except `keep`, the
 * device that made the change itself (its credential and the one paired with it; null for a reset link, which is
 * not a credential). Answers how many devices were signed out. Call it in a transaction, with the hash made before
 * (scrypt takes longer than a transaction should).
 */
export async function setPassword(tx: Queryable, userId: number, passwordHash: string, keep: number | null = null): Promise<number> {
  await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, passwordHash]);
  const signedOut = await revokeAllCredentials(tx, userId, keep);
  await endOneTimeTokens(tx, userId, 'reset_password');
  return signedOut;
}
