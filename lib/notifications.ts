import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { ensureDailyAlert } from '@/lib/dashboard/alerts';
import { db } from '@/lib/db';

/** SPEC §3's notification, in its snake_case field names. */
export type NotificationRecord = {
  id: string;
  title: string;
  subtitle: string;
  icon_base64: string | null;
  background_color: string | null;
  border: string | null;
};

/** The newest notification the user has not dismissed (today's built-in alert made first, if one applies), or null. */
export async function nextNotification(userId: string, now: Date = new Date()): Promise<NotificationRecord | null> {
  try {
    await ensureDailyAlert(userId, now);
  } catch (error) {
    // The banner still shows the other notifications; the log names the failure's kind, never the user's data.
    console.error(`[alerts] the daily alert failed: ${error instanceof Error ? error.name : 'unknown error'}`);
  }
  const n = await db.notification.findFirst({ where: { userId, dismissedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return n ? { id: n.id, title: n.title, subtitle: n.subtitle, icon_base64: n.iconBase64, background_color: n.backgroundColor, border: n.border } : null;
}

/** Dismisses one of the user's own notifications; someone else's, or none, is a 404 that reveals nothing. */
export async function dismissNotification(userId: string, id: string): Promise<void> {
  const own = await db.notification.findFirst({ where: { id, userId }, select: { dismissedAt: true } });
  if (!own) throw new ApiError(404, 'Notification not found.');
  if (!own.dismissedAt) await db.notification.updateMany({ where: { id, userId, dismissedAt: null }, data: { dismissedAt: new Date() } });
}
