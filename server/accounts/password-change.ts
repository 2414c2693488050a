/**
 * changePassword: a signed-in user chooses a new password from their settings. They confirm it is them first (the
 * current password; an account that signs in with Google only, a recent sign-in: reauthenticate.ts), the new one
 * must pass the server's password rules (passwords.ts, spec §5), and then setPassword ends every other device's
 * credentials and every reset link, while the device that made the change stays signed in (docs/security.md,
 * "Rotation"). The owner is mailed that it happened.
 */
import type { Database } from '../db';
import { badInput, DomainError } from '../domain-error';
import { queueMail } from '../mail/outbox';
import { passwordChangedMail } from './mails';
import { hashPassword, passwordProblem, setPassword } from './passwords';
import { confirmAccountOwner } from './reauthenticate';
import { NOT_AUTHENTICATED_DETAIL, type Viewer } from './session';

export const NEW_PASSWORD_REQUIRED = 'Choose a new password.';
export const SAME_PASSWORD = 'Choose a password other than your current one.';

export interface PasswordChange {
  currentPassword: string | null;
  newPassword: string;
}

/** Sets the viewer's new password; answers how many other devices were signed out. */
export async function changeOwnPassword(db: Database, viewer: Viewer, change: PasswordChange): Promise<{ signedOutDevices: number }> {
  if (change.newPassword === '') throw badInput(NEW_PASSWORD_REQUIRED, 'newPassword');
  const problem = passwordProblem(change.newPassword, viewer.user.email);
  if (problem) throw badInput(problem, 'newPassword');
  await confirmAccountOwner(db, viewer, change.currentPassword, 'currentPassword');
  if (change.currentPassword === change.newPassword) throw badInput(SAME_PASSWORD, 'newPassword');

  const passwordHash = await hashPassword(change.newPassword);
  const signedOutDevices = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [viewer.user.id]);
    if (!rows[0]) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_DETAIL);
    const count = await setPassword(tx, viewer.user.id, passwordHash, viewer.credentialId);
    await queueMail(tx, passwordChangedMail(rows[0].email, count));
    return count;
  });
  return { signedOutDevices };
}
