import { describe, expect, it } from 'vitest';
import { phoneRules } from '../format/phone-static';
import { accountTexts as t } from '../i18n/account';
import { phoneTexts } from '../i18n/phone';
import { account } from '../testing/account';
import { deletionConfirmed, failedFields, failureText, photoProblem, profileChange, profileDraft, profileProblems } from './account-form';
import { USER_PHOTO_MAX_BYTES } from './account-limits';

const us = phoneRules.check('US');

describe('the profile form', () => {
  it('starts from the account, the phone as the server shows it', () => {
    expect(profileDraft(account({ phone: '+18013634127', phoneText: '(801) 363-4127', agent: true }))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      legalName: '',
      email: 'ada@example.com',
      phone: '(801) 363-4127',
      agent: true,
    });
  });

  it('sends only what changed, trimmed (an unchanged phone in its shown form is no change)', () => {
    const a = account({ phone: '+18013634127', phoneText: '(801) 363-4127' });
    const draft = profileDraft(a);
    expect(profileChange(a, draft)).toEqual({});
    expect(profileChange(a, { ...draft, firstName: ' Grace ', phone: '(801) 363-4127 ', agent: true })).toEqual({ firstName: 'Grace', agent: true });
    expect(profileChange(a, { ...draft, phone: '', legalName: 'Augusta Ada King' })).toEqual({ phone: '', legalName: 'Augusta Ada King' });
  });

  it('says what is wrong before sending: lengths and an empty email', () => {
    const a = account();
    const draft = profileDraft(a);
    expect(profileProblems(a, draft, us)).toEqual({});
    expect(profileProblems(a, { ...draft, firstName: 'x'.repeat(101), legalName: 'y'.repeat(201), email: ' ' }, us)).toEqual({
      firstName: t.tooLong(100),
      legalName: t.tooLong(200),
      email: t.profile.emailRequired,
    });
  });

  it('reads a changed phone with the phone rule of the partner’s country; the stored one and an empty one pass', () => {
    const a = account({ phone: '+18013634127', phoneText: '(801) 363-4127' });
    const draft = profileDraft(a);
    for (const phone of ['(801) 555-0123', '801-555-0123', '+44 20 7946 0958', '', '(801) 363-4127']) expect(profileProblems(a, { ...draft, phone }, us)).toEqual({});
    expect(profileProblems(a, { ...draft, phone: '12' }, us)).toEqual({ phone: phoneTexts.tooShort('the United States') });
    expect(profileProblems(a, { ...draft, phone: '801 CALL NOW' }, us)).toEqual({ phone: phoneTexts.letters });
    // A number stored before E.164 that no longer reads is left alone until it is edited.
    const legacy = account({ phone: '12345', phoneText: '12345' });
    expect(profileProblems(legacy, profileDraft(legacy), us)).toEqual({});
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
