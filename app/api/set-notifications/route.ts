import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { setNotificationPreferences } from '@/lib/reminders/preferences';
import { notificationPreferencesSchema } from '@/lib/validation/checkin';

/** POST /api/set-notifications {notifications_enabled, time_zone?} (SPEC §7): the reminder e-mails and their evening's zone. */
const post = route({ auth: 'user', body: notificationPreferencesSchema }, async ({ user, body }) =>
  NextResponse.json(await setNotificationPreferences(user.id, body), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
