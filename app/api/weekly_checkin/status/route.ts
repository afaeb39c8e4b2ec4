import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { weeklyStatus } from '@/lib/scans/results';

/** GET /api/weekly_checkin/status → `{ submitted, next_refresh }`: this ISO week's check-in, and next Monday 00:00 UTC. */
const get = route({ auth: 'user', subscription: true }, async ({ user }) => NextResponse.json(await weeklyStatus(user.id), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
