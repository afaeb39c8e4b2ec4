import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { clearSessionCookie, endSession, sessionTokenFromRequest } from '@/lib/auth/sessions';

// Signed out already is fine: /login calls this on every visit.
const logout = route({ auth: 'none' }, async ({ request }) => {
  await endSession(sessionTokenFromRequest(request));
  const response = NextResponse.json({ message: 'Logged out' });
  clearSessionCookie(response);
  return response;
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: logout });
