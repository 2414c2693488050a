import { describe, expect, it } from 'vitest';
import { accountTexts as t } from '../i18n/account';
import { account } from '../testing/account';
import { deletionConfirmed, failedFields, failureText, photoProblem, profileChange, profileDraft, profileProblems } from './account-form';
import { USER_PHOTO_MAX_BYTES } from './account-limits';

describe('the profile form', () => {
  it('starts from the account, the phone as shown', () => {
    expect(profileDraft(account({ phone: '8013634127', agent: true }))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      legalName: '',
      email: 'ada@example.com',
      phone: '(801) 363-4127',
      agent: true,
    });
  });

  it('sends only what changed, trimmed (an unchanged phone in its shown form is no change)', () => {
    const a = account({ phone: '8013634127' });
    const draft = profileDraft(a);
    expect(profileChange(a, draft)).toEqual({});
    expect(profileChange(a, { ...draft, firstName: ' Grace ', phone: '(801) 363-4127 ', agent: true })).toEqual({ firstName: 'Grace', agent: true });
    expect(profileChange(a, { ...draft, phone: '', legalName: 'Augusta Ada King' })).toEqual({ phone: '', legalName: 'Augusta Ada King' });
  });

  it('says what is wrong before sending: lengths and an empty email', () => {
    const draft = profileDraft(account());
    expect(profileProblems(draft)).toEqual({});
    expect(profileProblems({ ...draft, firstName: 'x'.repeat(101), legalName: 'y'.repeat(201), email: ' ' })).toEqual({
      firstName: t.tooLong(100),
      legalName: t.tooLong(200),
      email: t.profile.emailRequired,
    });
  });

  it('reads the server’s refusal by field, and a message for the rest', () => {
    expect(failedFields({ kind: 'invalid', message: 'Email is invalid.', code: 'BAD_USER_INPUT', argument: 'email', fields: { email: 'Email is invalid.', phone: 'Phone number is invalid.' } })).toEqual({
      email: 'Email is invalid.',
      phone: 'Phone number is invalid.',
    });
    expect(failedFields({ kind: 'invalid', message: 'That is not your current password.', code: 'BAD_USER_INPUT', argument: 'currentPassword' })).toEqual({
      currentPassword: 'That is not your current password.',
    });
    expect(failureText({ kind: 'network', message: null, code: null, argument: null }, 'x')).toBe(t.network);
    expect(failureText({ kind: 'server', message: 'RATE', code: 'RATE_LIMITED', argument: null }, 'x')).toBe('RATE');
    expect(failureText({ kind: 'server', message: 'Unexpected error.', code: null, argument: null }, 'fallback')).toBe('fallback');
  });
});

describe('the photo and the deletion', () => {
  it('refuses a file that is not a picture or larger than 5 MB, by name', () => {
    expect(photoProblem({ name: 'me.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(photoProblem({ name: 'me.heic', type: '', size: 1000 })).toBe(t.photo.wrongType('me.heic'));
    expect(photoProblem({ name: 'me.jpg', type: 'image/jpeg', size: USER_PHOTO_MAX_BYTES + 1 })).toBe(t.photo.tooLarge('me.jpg'));
  });

  it('takes DELETE in capitals as the confirmation, nothing else', () => {
    expect(deletionConfirmed(' DELETE ')).toBe(true);
    expect(deletionConfirmed('delete')).toBe(false);
    expect(deletionConfirmed('')).toBe(false);
  });
});
