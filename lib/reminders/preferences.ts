import 'server-only';
import { db } from '@/lib/db';

/** SPEC §3 "Preferences" (notifications) with the reminders' time zone. */
export type NotificationPreferences = { notifications_enabled: boolean; time_zone: string };

export async function notificationPreferences(userId: string): Promise<NotificationPreferences> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { notificationsEnabled: true, timeZone: true } });
  return { notifications_enabled: user.notificationsEnabled, time_zone: user.timeZone };
}

export async function setNotificationPreferences(userId: string, input: { notifications_enabled: boolean; time_zone?: string | undefined }): Promise<NotificationPreferences> {
  const user = await db.user.update({
    where: { id: userId },
    data: { notificationsEnabled: input.notifications_enabled, ...(input.time_zone ? { timeZone: input.time_zone } : {}) },
    select: { notificationsEnabled: true, timeZone: true },
  });
  return { notifications_enabled: user.notificationsEnabled, time_zone: user.timeZone };
}
