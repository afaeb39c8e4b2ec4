import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { securityEvents } from '@/lib/auth/security-log';

/** GET /api/security/events: the member's security log, newest first (the last 50). */
const list = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ events: await securityEvents(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list });
