import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { endEveryOtherSession } from '@/lib/auth/session-list';

/** POST /api/security/sessions/sign-out-others: every browser but this one is signed out (step-up first). */
const signOutOthers = route({ auth: 'user', stepUp: true }, async ({ request, user }) => {
  const ended = await endEveryOtherSession(user.id, request);
  return NextResponse.json({ message: ended === 1 ? '1 other browser is signed out.' : `${ended} other browsers are signed out.`, ended });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: signOutOthers });
