/**
 * The pure state of <hearth-account> (no DOM, no zod), under the limits both sides apply (./account-limits.ts):
 * the profile form's draft and what of it changed,
 * its problems before sending, the server's refusals by field, a photo's check before upload, and the typed
 * confirmation of a deletion.
 */
import { accountTexts as t } from '../i18n/account';
import { displayFileName } from '../listing-photos/photo-rules';
import { ACCOUNT_NAME_MAX, LEGAL_NAME_MAX, USER_PHOTO_MAX_BYTES } from './account-limits';
import type { PhoneCheck } from '../format/phone-rules';
import type { Failure } from '../graphql/call';
import type { Account, SettingsChange } from './account-api';

/** What the photo picker offers; the server decides by the bytes. */
export const USER_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,.jpg,.jpeg,.png,.webp,.gif';
const PHOTO_TYPES = /^image\/(jpeg|png|webp|gif)$/;
const PHOTO_NAMES = /\.(jpe?g|png|webp|gif)$/i;

export interface ProfileDraft {
  firstName: string;
  lastName: string;
  legalName: string;
  email: string;
  phone: string;
  agent: boolean;
}

export type ProfileField = keyof ProfileDraft;

export function profileDraft(account: Account): ProfileDraft {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    legalName: account.legalName,
    email: account.email,
    // As the server shows it (national for the partner's country); what is typed is read with the same rule.
    phone: account.phoneText,
    agent: account.agent,
  };
}

/** The fields of `draft` that differ from the account, trimmed, as saveSettings takes them (nothing else is sent). */
export function profileChange(account: Account, draft: ProfileDraft): SettingsChange {
  const before = profileDraft(account);
  const change: SettingsChange = {};
  for (const key of ['firstName', 'lastName', 'legalName', 'email', 'phone'] as const) {
    const value = draft[key].trim();
    if (value !== before[key].trim()) change[key] = value;
  }
  if (draft.agent !== before.agent) change.agent = draft.agent;
  return change;
}

/**
 * What is wrong with the draft before it is sent. A changed phone is read with the phone rule (`phone`:
 * core/format/use-phone-rules.ts, the partner's country; an empty one removes the number); the one stored is
 * left alone. The server checks formats again (email, phone) and answers by field.
 */
export function profileProblems(account: Account, draft: ProfileDraft, phone: PhoneCheck): Partial<Record<ProfileField, string>> {
  const problems: Partial<Record<ProfileField, string>> = {};
  const typedPhone = draft.phone.trim();
  if (typedPhone !== '' && typedPhone !== account.phoneText.trim()) {
    const read = phone(typedPhone);
    if (!read.ok) problems.phone = read.message;
  }
  if (draft.firstName.trim().length > ACCOUNT_NAME_MAX) problems.firstName = t.tooLong(ACCOUNT_NAME_MAX);
  if (draft.lastName.trim().length > ACCOUNT_NAME_MAX) problems.lastName = t.tooLong(ACCOUNT_NAME_MAX);
  if (draft.legalName.trim().length > LEGAL_NAME_MAX) problems.legalName = t.tooLong(LEGAL_NAME_MAX);
  if (draft.email.trim() === '') problems.email = t.profile.emailRequired;
  return problems;
}

/** The server's refusal by field (saveSettings answers every field's message in `fields`, the first as `argument`). */
export function failedFields(failure: Failure): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(failure.fields ?? {})) if (typeof message === 'string') fields[key] = message;
  if (failure.argument && failure.message && !fields[failure.argument]) fields[failure.argument] = failure.message;
  return fields;
}

/** A message for a failure nothing else explains: the server's own words for a refusal, else ours. */
export function failureText(failure: Failure, fallback: string): string {
  if (failure.kind === 'network') return t.network;
  if (failure.kind === 'invalid' || failure.code === 'FORBIDDEN' || failure.code === 'RATE_LIMITED') return failure.message ?? fallback;
  return fallback;
}

/** Why a chosen photo is not sent, or null. */
export function photoProblem(file: { name: string; type: string; size: number }): string | null {
  if (!PHOTO_TYPES.test(file.type) && !PHOTO_NAMES.test(file.name)) return t.photo.wrongType(displayFileName(file.name));
  if (file.size > USER_PHOTO_MAX_BYTES) return t.photo.tooLarge(displayFileName(file.name));
  return null;
}

/** The deletion's typed confirmation: the word, in capitals, around spaces. */
export const deletionConfirmed = (typed: string) => typed.trim() === t.deletion.word;
