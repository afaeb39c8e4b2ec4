import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { todaysActionsAnswer } from '@/lib/dashboard/answers';

/** GET /api/todays_actions: today's four actions, the user's own ones, vitality and its summary. */
const get = route({ auth: 'user', subscription: true }, async ({ user }) => NextResponse.json(await todaysActionsAnswer(user), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
