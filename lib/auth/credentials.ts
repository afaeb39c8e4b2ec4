import 'server-only';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { CURRENT_PASSWORD_NEEDED } from '@/lib/validation/profile-page';
import { verifyPassword } from './password';
import { assertStrongPassword } from './password-policy';
import { recentlyVerified, STEP_UP_REQUIRED, stepUpMethods } from './step-up';

/** The profile page says the same before it sends anything. */
export const CURRENT_PASSWORD_REQUIRED = CURRENT_PASSWORD_NEEDED;
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect.';
export const NO_PASSWORD_YET = 'Your account has no password yet. Use "Forgot password?" on the sign-in page to set one first.';

export type CredentialChange = {
  email?: string;
  password?: string | null;
  currentPassword?: string;
  firstName?: string;
  lastName?: string;
  /** The request, for step-up: a member with a second factor proves it too (lib/auth/step-up.ts). */
  request?: Request;
};

/**
 * A session cookie alone must not be enough to take an account: changing the e-mail or setting a
 * new password needs the current password, and the new password follows the sign-up rule. Answers
 * whether the e-mail or the password changes.
 */
export async function assertCredentialChangeAllowed(userId: string, change: CredentialChange): Promise<{ credentialsChange: boolean; emailChanges: boolean; previousEmail: string }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, passwordHash: true, firstName: true, lastName: true } });
  const emailChanges = change.email !== undefined && change.email !== user.email;
  if (!emailChanges && !change.password) return { credentialsChange: false, emailChanges, previousEmail: user.email };
  // The current password is the re-authentication of a member with no second factor; one with a factor proves it as well.
  if (change.request) {
    const methods = await stepUpMethods(userId);
    if ((methods.passkey || methods.totp) && !(await recentlyVerified(change.request, userId))) throw new ApiError(403, STEP_UP_REQUIRED, { code: 'step_up_required' });
  }
  if (!user.passwordHash) throw new ApiError(403, NO_PASSWORD_YET);
  if (!change.currentPassword) throw new ApiError(403, CURRENT_PASSWORD_REQUIRED);
  if (!(await verifyPassword(user.passwordHash, change.currentPassword))) throw new ApiError(403, CURRENT_PASSWORD_WRONG);
  if (change.password) {
    assertStrongPassword(change.password, {
      email: change.email ?? user.email,
      firstName: change.firstName ?? user.firstName,
      lastName: change.lastName ?? user.lastName,
    });
  }
  return { credentialsChange: true, emailChanges, previousEmail: user.email };
}
