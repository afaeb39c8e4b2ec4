import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { positionSchema } from '@/lib/dashboard/recommendations';
import { dailyPatterns } from '@/lib/insights/daily-patterns';

/**
 * POST /api/patterns {lat, lon} (SPEC §7) → `{ insights, next_refresh }`: the numbered 'My longevity
 * trends'. The position is validated as SPEC sends it; the statistics do not depend on it.
 */
const post = route({ auth: 'user', subscription: true, body: positionSchema }, async ({ user }) =>
  NextResponse.json(await dailyPatterns(user.id), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
