import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail/mailer';
import { passwordResetMail } from '@/lib/mail/password-reset-mail';
import { endWhatTheOldCredentialsOpened } from './credential-change';
import { hashPassword } from './password';
import { assertStrongPassword } from './password-policy';
import { mailSecurityChange, recordSecurityEvent } from './security-log';

const VALID_MINUTES = 60;
export const INVALID_LINK_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Mails a reset link when the address has an account; says nothing either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, firstName: true } });
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await db.passwordResetToken.create({
    data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + VALID_MINUTES * 60_000) },
  });
  const link = new URL(`/reset-password/${token}`, env.APP_URL).toString();
  await sendMail({ to: email, ...passwordResetMail({ firstName: user.firstName, link, validMinutes: VALID_MINUTES }) });
}

/** Sets the new password with a single-use, unexpired token, and ends everything the old one opened. */
export async function resetPassword(token: string, password: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ApiError(400, INVALID_LINK_MESSAGE);
  const tokenHash = hashToken(token);
  const pending = await db.passwordResetToken.findFirst({
    where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
    select: { user: { select: { email: true, firstName: true, lastName: true } } },
  });
  if (!pending) throw new ApiError(400, INVALID_LINK_MESSAGE);
  assertStrongPassword(password, pending.user);
  const passwordHash = await hashPassword(password);
  const userId = await db.$transaction(async (tx) => {
    // Claiming the token and checking it are one statement, so it can be used once only.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (claimed.count !== 1) throw new ApiError(400, INVALID_LINK_MESSAGE);
    const { userId } = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    // Every session, every sign-in waiting for its second step and every remembered browser end with the old
    // password (the second step itself stays on).
    await endWhatTheOldCredentialsOpened(tx, userId, undefined);
    await recordSecurityEvent(userId, 'password_reset', { client: tx });
    return userId;
  });
  mailSecurityChange(userId, 'password_reset');
}
