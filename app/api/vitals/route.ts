import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { vitalsAnswer } from '@/lib/dashboard/answers';

/**
 * GET /api/vitals (SPEC §7; the page's `?testing=1` is accepted and ignored): the vital-signs card.
 * `heart_rate_today`/`heart_rate_yesterday` and `stress_today`/`stress_yesterday` are 7-day averages,
 * this week's and last week's, which the card shows as 'This week' and 'Last week' (SPEC keeps the
 * field names). Shapes: VitalsResponse in lib/dashboard/contract.ts.
 */
const get = route({ auth: 'user', subscription: true }, async ({ user }) => NextResponse.json(await vitalsAnswer(user), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
