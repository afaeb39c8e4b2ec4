import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { weeklyCheckinSchema } from '@/lib/validation/scan-result';
import { submitWeeklyCheckin, WEEKLY_ALREADY_DONE } from '@/lib/scans/results';

/**
 * POST /api/weekly_checkin (measurement fields, SPEC §7): this ISO week's scan and cuff reading, once a
 * week (409 on a second one, also when two race).
 */
const post = route({ auth: 'user', subscription: true, body: weeklyCheckinSchema, conflictMessage: WEEKLY_ALREADY_DONE }, async ({ user, body }) =>
  NextResponse.json(await submitWeeklyCheckin(user.id, body), { status: 201, headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
