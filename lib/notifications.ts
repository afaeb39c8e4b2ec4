import 'server-only';
import { ApiError } from '@/lib/api/errors';
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

/** The newest notification the user has not dismissed, or null. */
export async function nextNotification(userId: string): Promise<NotificationRecord | null> {
  const n = await db.notification.findFirst({ where: { userId, dismissedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return n ? { id: n.id, title: n.title, subtitle: n.subtitle, icon_base64: n.iconBase64, background_color: n.backgroundColor, border: n.border } : null;
}

/** Dismisses one of the user's own notifications; someone else's, or none, is a 404 that reveals nothing. */
export async function dismissNotification(userId: string, id: string): Promise<void> {
  const own = await db.notification.findFirst({ where: { id, userId }, select: { dismissedAt: true } });
  if (!own) throw new ApiError(404, 'Notification not found.');
  if (!own.dismissedAt) await db.notification.updateMany({ where: { id, userId, dismissedAt: null }, data: { dismissedAt: new Date() } });
}
