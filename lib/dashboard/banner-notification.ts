import 'server-only';
import { ApiError } from '@/lib/errors';
import { makeDailyAlert } from '@/lib/dashboard/alerts';
import { utcDay } from '@/lib/days';
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

type Row = { id: string; title: string; subtitle: string; iconBase64: string | null; backgroundColor: string | null; border: string | null };
const toRecord = (n: Row): NotificationRecord => ({ id: n.id, title: n.title, subtitle: n.subtitle, icon_base64: n.iconBase64, background_color: n.backgroundColor, border: n.border });

const newest = (userId: string) => db.notification.findFirst({ where: { userId, dismissedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });

/** The newest notification the user has not dismissed (today's built-in alert made first, if one applies), or null. */
export async function nextNotification(userId: string, now: Date = new Date()): Promise<NotificationRecord | null> {
  // One round trip on most reads: whether today's alert is still to consider, and the newest notification.
  const [state] = await db.$queryRaw<(Partial<Row> & { enabled: boolean; alertMade: boolean })[]>`
    SELECT u."notificationsEnabled" AS enabled,
      EXISTS (SELECT 1 FROM notifications WHERE "userId" = u.id AND "alertDay" = ${utcDay(now)}::date) AS "alertMade",
      n.id, n.title, n.subtitle, n."iconBase64", n."backgroundColor", n.border
    FROM users u
    LEFT JOIN LATERAL (
      SELECT id, title, subtitle, "iconBase64", "backgroundColor", border FROM notifications
      WHERE "userId" = u.id AND "dismissedAt" IS NULL
      ORDER BY "createdAt" DESC, id DESC
      LIMIT 1
    ) AS n ON true
    WHERE u.id = ${userId}`;
  if (!state) return null;
  if (state.enabled && !state.alertMade) {
    try {
      if (await makeDailyAlert(userId, now)) {
        const made = await newest(userId);
        return made ? toRecord(made) : null;
      }
    } catch (error) {
      // The banner still shows the other notifications; the log names the failure's kind, never the user's data.
      console.error(`[alerts] the daily alert failed: ${error instanceof Error ? error.name : 'unknown error'}`);
    }
  }
  return state.id ? toRecord(state as Row) : null;
}

/** Dismisses one of the user's own notifications; someone else's, or none, is a 404 that reveals nothing. */
export async function dismissNotification(userId: string, id: string): Promise<void> {
  const own = await db.notification.findFirst({ where: { id, userId }, select: { dismissedAt: true } });
  if (!own) throw new ApiError(404, 'Notification not found.');
  if (!own.dismissedAt) await db.notification.updateMany({ where: { id, userId, dismissedAt: null }, data: { dismissedAt: new Date() } });
}
