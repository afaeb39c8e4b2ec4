import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { listSessions } from '@/lib/auth/session-list';
import { sessionTokenFromRequest } from '@/lib/auth/sessions';

/** GET /api/security/sessions: the member's signed-in browsers, this one marked. */
const list = route({ auth: 'user' }, async ({ request, user }) =>
  NextResponse.json({ sessions: await listSessions(user.id, sessionTokenFromRequest(request)) }, { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list });
