import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { testosteroneTrendAnswer } from '@/lib/dashboard/answers';

/** GET /api/trends/testosterone: `{ data: [{ label, raw, highlight }] }`, the user's total testosterone results in ng/dL, oldest first. */
const get = route({ auth: 'user', subscription: true }, async ({ user }) => NextResponse.json(await testosteroneTrendAnswer(user), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
