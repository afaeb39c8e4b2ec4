import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { notificationPreferences } from '@/lib/reminders/preferences';

/** GET /api/get-notifications (SPEC §7) → `{ notifications_enabled, time_zone }`. */
const get = route({ auth: 'user' }, async ({ user }) => NextResponse.json(await notificationPreferences(user.id), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
