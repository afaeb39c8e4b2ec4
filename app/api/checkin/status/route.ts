import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { checkinStatus } from '@/lib/checkins/daily';

/** GET /api/checkin/status → `{ submitted, next_refresh }`: today's check-in, and the next 00:00 UTC. */
const get = route({ auth: 'user', subscription: true }, async ({ user }) => NextResponse.json(await checkinStatus(user.id), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
