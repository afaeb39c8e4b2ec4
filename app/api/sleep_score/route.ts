import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/errors';
import { methods, route } from '@/lib/api/route';
import { sleepScoreAnswer } from '@/lib/dashboard/answers';

/** GET /api/sleep_score: `{ score, day }` from today's or yesterday's sleep; 404 (the ring shows N/A) when neither has one. */
const get = route({ auth: 'user', subscription: true }, async ({ user }) => {
  const score = await sleepScoreAnswer(user);
  if (!score) throw new ApiError(404, 'No sleep score yet.');
  return NextResponse.json(score, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
