import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { CHECKIN_ALREADY_DONE, submitCheckin } from '@/lib/checkins/daily';
import { checkinSchema } from '@/lib/validation/checkin';

/**
 * POST /api/checkin {mood, energy, symptoms, reflection} (SPEC §7): today's check-in, once per UTC day
 * (409 on a second one, also when two race). The transcript stored is the server's own reflection.
 */
const post = route({ auth: 'user', subscription: true, body: checkinSchema, conflictMessage: CHECKIN_ALREADY_DONE }, async ({ user, body }) =>
  NextResponse.json(await submitCheckin(user.id, body), { status: 201, headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
