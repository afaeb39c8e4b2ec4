import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { env } from '@/lib/env';

// A reminder's unsubscribe link names its ReminderLog row and carries an HMAC of it (NEXTAUTH_SECRET,
// with a purpose prefix), so it works without signing in, for that row only, and once.

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.';
export const UNSUBSCRIBE_USED = 'This unsubscribe link has already been used. You can turn reminders back on in Settings.';

function mac(logId: string): Buffer {
  if (!env.NEXTAUTH_SECRET) throw new Error('NEXTAUTH_SECRET is not set');
  return createHmac('sha256', env.NEXTAUTH_SECRET).update(`unsubscribe:${logId}`).digest();
}

/** `logId.signature`, URL-safe. */
export const unsubscribeToken = (logId: string): string => `${logId}.${mac(logId).toString('base64url')}`;

export const unsubscribeLink = (logId: string): string => `${env.APP_URL.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(logId))}`;

/** The log row a token names, when its signature is genuine. */
function verified(token: string): string | null {
  const [logId, signature, ...rest] = token.split('.');
  if (!logId || !signature || rest.length || logId.length > 40) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(logId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? logId : null;
}

/**
 * Turns the reminders of the link's user off, once: 400 for a forged or altered token, 410 once the
 * link has been used. The row is claimed and the preference changed in one transaction.
 */
export async function unsubscribe(token: string, now = new Date()): Promise<void> {
  const logId = verified(token);
  if (!logId) throw new ApiError(400, UNSUBSCRIBE_INVALID);
  await db.$transaction(async (tx) => {
    const claimed = await tx.reminderLog.updateMany({ where: { id: logId, unsubscribedAt: null }, data: { unsubscribedAt: now } });
    if (claimed.count === 0) {
      const exists = await tx.reminderLog.findUnique({ where: { id: logId }, select: { id: true } });
      throw new ApiError(exists ? 410 : 400, exists ? UNSUBSCRIBE_USED : UNSUBSCRIBE_INVALID);
    }
    const { userId } = await tx.reminderLog.findUniqueOrThrow({ where: { id: logId }, select: { userId: true } });
    await tx.user.update({ where: { id: userId }, data: { notificationsEnabled: false } });
  });
}
