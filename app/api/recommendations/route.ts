import { NextResponse } from 'next/server';
import { z } from 'zod';
import { methods, route } from '@/lib/api/route';
import { recommendationsAnswer } from '@/lib/dashboard/answers';
import { POSITION_MESSAGES } from '@/lib/dashboard/recommendations';

// JSON has no NaN or Infinity, and z.number() refuses them besides; lat and lon both 0 mean "no position".
const positionSchema = z.object(
  {
    lat: z.number({ error: POSITION_MESSAGES.type }).min(-90, POSITION_MESSAGES.lat).max(90, POSITION_MESSAGES.lat),
    lon: z.number({ error: POSITION_MESSAGES.type }).min(-180, POSITION_MESSAGES.lon).max(180, POSITION_MESSAGES.lon),
  },
  { error: POSITION_MESSAGES.type },
);

/** POST /api/recommendations {lat, lon}: the day's ranked supplements and advice (SPEC §7). */
const recommend = route({ auth: 'user', subscription: true, body: positionSchema }, async ({ user, body }) =>
  NextResponse.json(await recommendationsAnswer(user, body), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: recommend });
