import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { readinessAnswer } from '@/lib/dashboard/answers';

/** GET /api/readiness: today's readiness (docs/readiness.md): a score with its factors, 'calibrating' or 'no-data'. */
const get = route({ auth: 'user', subscription: true }, async ({ user }) => NextResponse.json(await readinessAnswer(user), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
