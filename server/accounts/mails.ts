/** The account mails (verification, password reset): plain text, links on their own line. */
import type { OutgoingMail } from '../mail/outbox';

export function verificationMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm your email address',
    body: [
      'Welcome to Hearth.',
      '',
      'Confirm your email address by opening this link:',
      link,
      '',
      'If you did not create an account, ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your password',
    body: [
      'Someone asked to reset the password of your Hearth account.',
      '',
      'Choose a new password here (the link works once, for 1 hour):',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
