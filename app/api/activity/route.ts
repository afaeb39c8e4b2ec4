import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { activityAnswer } from '@/lib/dashboard/answers';

/**
 * GET /api/activity (SPEC §7; the page's `?testing=1` is accepted and ignored): the activity card.
 * `steps_today`/`steps_yesterday` are the mean daily steps over this week's complete days (the 6
 * before today) and the 7 before, shown as 'This week' and 'Last week'. Shapes: ActivityResponse in lib/dashboard/contract.ts.
 */
const get = route({ auth: 'user', subscription: true }, async ({ user }) => NextResponse.json(await activityAnswer(user), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
