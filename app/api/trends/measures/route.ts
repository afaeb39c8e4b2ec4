import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { ApiError } from '@/lib/errors';
import { measureTrends, TREND_RANGES, type TrendRange } from '@/lib/insights/measure-trends';

/**
 * GET /api/trends/measures?range=30|90|365 (30 when absent): the /insights charts, each measure's days in
 * the range with the fitted line its trend statement quotes (lib/insights/measure-trends.ts).
 */
const get = route({ auth: 'user', subscription: true }, async ({ request, user }) => {
  const asked = new URL(request.url).searchParams.get('range') ?? '30';
  const range = TREND_RANGES.find((r) => String(r) === asked);
  if (range === undefined) throw new ApiError(400, 'Choose a range of 30, 90 or 365 days.');
  return NextResponse.json(await measureTrends(user.id, range as TrendRange), { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
