import 'server-only';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { endOtherSessions } from './session-token';

/** Makes every reset link the user has been sent unusable. */
export async function voidResetLinks(userId: string, tx: Prisma.TransactionClient = db): Promise<void> {
  await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
}

/**
 * What a change of how the member signs in ends, inside the change's own transaction (ASVS 5.0 V6.3.7 and
 * V7.4.3, docs/security.md): every sign-in waiting for its second step (started with the old password, it
 * must not finish after the change), every session but `keepSessionToken`'s (the browser that made the
 * change; none after a reset), every remembered browser, and every reset link not yet used. The changes:
 * a password reset or change, a new e-mail address, the second step turned on or off, new recovery codes, a
 * passkey removed, a Google or Apple sign-in linked or unlinked, and "Sign out everywhere else".
 */
export async function endWhatTheOldCredentialsOpened(tx: Prisma.TransactionClient, userId: string, keepSessionToken: string | undefined): Promise<void> {
  await tx.pendingSignIn.deleteMany({ where: { userId } });
  await endOtherSessions(userId, keepSessionToken, tx);
  await tx.rememberedBrowser.deleteMany({ where: { userId } });
  await voidResetLinks(userId, tx);
}
