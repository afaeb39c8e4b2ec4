import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { recommendationsAnswer } from '@/lib/dashboard/answers';
import { positionSchema } from '@/lib/dashboard/recommendations';

/** POST /api/recommendations {lat, lon}: the day's ranked supplements and advice (SPEC §7). */
const recommend = route({ auth: 'user', subscription: true, body: positionSchema }, async ({ user, body }) =>
  NextResponse.json(await recommendationsAnswer(user, body), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: recommend });
