/**
 * The account mails (verification, password reset, failed sign-ins): plain text, links on their own line, in the
 * brand of the site the person uses (`brand`: the partner's name, ours on our own site; issue 35).
 */
import type { OutgoingMail } from '../mail/outbox';

export function verificationMail(to: string, link: string, brand: string): OutgoingMail {
  return {
    to,
    senderName: brand,
    subject: 'Confirm your email address',
    body: [
      `Welcome to ${brand}.`,
      '',
      'Confirm your email address by opening this link:',
      link,
      '',
      'If you did not create an account, ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string, brand: string): OutgoingMail {
  return {
    to,
    senderName: brand,
    subject: 'Reset your password',
    body: [
      `Someone asked to reset the password of your ${brand} account.`,
      '',
      'Choose a new password here (the link works once, for 1 hour):',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export const failedLoginsSubject = (brand: string) => `Failed sign-in attempts on your ${brand} account`;

/** "an hour", "15 minutes": a window of whole minutes or hours in words. */
function windowInWords(ms: number): string {
  const [amount, unit] = ms % 3_600_000 === 0 ? [ms / 3_600_000, 'hour'] : [Math.round(ms / 60_000), 'minute'];
  return amount === 1 ? `${unit === 'hour' ? 'an' : 'a'} ${unit}` : `${amount} ${unit}s`;
}

/** To the owner after `failures` wrong passwords for their account within `windowMs`, from any addresses. */
export function failedLoginsMail(to: string, failures: number, windowMs: number, brand: string): OutgoingMail {
  return {
    to,
    senderName: brand,
    subject: failedLoginsSubject(brand),
    body: [
      `Someone tried to sign in to your ${brand} account with a wrong password ${failures} times within ${windowInWords(windowMs)}.`,
      '',
      'If it was you, there is nothing to do.',
      '',
      'If it was not you: nobody got in, and an address that keeps guessing is refused for a while. If your',
      'password is one you also use elsewhere, change it: choose "Forgot your password?" when you sign in.',
    ].join('\n'),
  };
}

/** After a password change from the account's settings: the other devices were signed out. */
export function passwordChangedMail(to: string, signedOutDevices: number): OutgoingMail {
  const devices = signedOutDevices === 1 ? '1 other device was' : `${signedOutDevices} other devices were`;
  return {
    to,
    subject: 'Your password was changed',
    body: [
      'The password of your account was changed from its settings.',
      signedOutDevices > 0 ? `${devices} signed out and must sign in with the new password.` : 'No other device was signed in.',
      '',
      'If it was not you, choose "Forgot your password?" when you sign in to set a new one at once.',
    ].join('\n'),
  };
}
