/** saveSettings: what a user may change about themselves, validated, and the email change rule. */
import { ACCOUNT_NAME_MAX, LEGAL_NAME_MAX } from '../../core/accounts/account-limits';
import { notificationSettingsProblem, notificationSettingValues } from '../../core/accounts/notification-settings';
import { readPhone } from '../contact/phone';
import type { Database } from '../db';
import { emailKey, emailProblem, normalizeEmail } from './email-address';
import type { Partner } from '../partners/repository';
import { queueVerificationMail, EMAIL_TAKEN_MESSAGE } from './routes';
import { findUserByEmail, findUserById, type UserRecord } from './users';

export interface SettingsInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  agent?: boolean | null;
  legalName?: string | null;
  notificationSettings?: unknown;
}

export type SettingsResult = { ok: true; user: UserRecord } | { ok: false; fields: Record<string, string> };

/**
 * Applies the given fields (absent ones stay as they are). A new email must be confirmed again. The phone is read
 * for `phoneCountry` (the partner's of the request) and stored in E.164; an empty one removes it. Notification
 * settings are only those of core/accounts/notification-settings.ts, each on or off (which also bounds their size).
 */
export async function saveSettings(
  db: Database,
  user: UserRecord,
  input: SettingsInput,
  publicOrigin: string,
  /** The partner whose site the change was made on: the verification mail of a new email carries its brand. */
  partner: Pick<Partner, 'slug' | 'name' | 'appContext'>,
  phoneCountry: string,
): Promise<SettingsResult> {
  const fields: Record<string, string> = {};
  const next = { ...user };
  const text = (key: 'firstName' | 'lastName' | 'legalName', max: number) => {
    const value = input[key];
    if (value == null) return;
    if (value.trim().length > max) fields[key] = `Keep it under ${max} characters.`;
    else next[key] = value.trim();
  };
  text('firstName', ACCOUNT_NAME_MAX);
  text('lastName', ACCOUNT_NAME_MAX);
  text('legalName', LEGAL_NAME_MAX);
  if (input.email != null) {
    const problem = emailProblem(input.email);
    if (problem) fields.email = problem;
    else next.email = normalizeEmail(input.email);
  }
  if (input.phone != null) {
    const phone = readPhone(input.phone, phoneCountry, { optional: true });
    if (phone.ok) next.phone = phone.value;
    else fields.phone = phone.message;
  }
  if (input.agent != null) next.agent = input.agent;
  if (input.notificationSettings !== undefined && input.notificationSettings !== null) {
    // The settings of core/accounts/notification-settings.ts only; those not given keep their value.
    const problem = notificationSettingsProblem(input.notificationSettings);
    if (problem) fields.notificationSettings = problem;
    else next.notificationSettings = { ...notificationSettingValues(user.notificationSettings), ...(input.notificationSettings as object) };
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };

  const emailChanged = emailKey(next.email) !== emailKey(user.email);
  if (emailChanged) {
    const owner = await findUserByEmail(db, next.email);
    if (owner && owner.id !== user.id) return { ok: false, fields: { email: EMAIL_TAKEN_MESSAGE } };
  }
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET first_name = $2, last_name = $3, legal_name = $4, email = $5, phone = $6, agent = $7,
                notification_settings = $8,
                email_verified_at = CASE WHEN $9::boolean THEN NULL ELSE email_verified_at END,
                updated_at = now()
          WHERE id = $1`,
        [
          user.id,
          next.firstName,
          next.lastName,
          next.legalName,
          next.email,
          next.phone,
          next.agent,
          JSON.stringify(next.notificationSettings),
          emailChanged,
        ],
      );
      if (emailChanged) await queueVerificationMail(tx, { id: user.id, email: next.email }, publicOrigin, partner);
    });
  } catch (error) {
    // Two accounts taking the same new email at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') return { ok: false, fields: { email: EMAIL_TAKEN_MESSAGE } };
    throw error;
  }
  return { ok: true, user: (await findUserById(db, user.id))! };
}
