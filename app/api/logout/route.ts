import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { sessionTokenFromRequest } from '@/lib/auth/session';
import { clearSessionCookie, endSession } from '@/lib/auth/sessions';

// Signed out already is fine: /login calls this on every visit.
export const POST = route({ auth: 'none' }, async ({ request }) => {
  await endSession(sessionTokenFromRequest(request));
  const response = NextResponse.json({ message: 'Logged out' });
  clearSessionCookie(response);
  return response;
});
