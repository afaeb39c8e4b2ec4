import 'server-only';
import { NextResponse } from 'next/server';
import type { AccountUser } from './accounts';
import { sessionTokenFromRequest } from './session';
import { createSession, endSession, setSessionCookie } from './sessions';

/** Signs the browser in as `user`: the session it came with ends, and it gets a new session id. */
export async function signedInResponse(request: Request, user: AccountUser, status = 200): Promise<NextResponse> {
  await endSession(sessionTokenFromRequest(request));
  const session = await createSession(user.id);
  const response = NextResponse.json({ message: 'Signed in', user: { id: user.id, email: user.email, first_name: user.firstName } }, { status });
  setSessionCookie(response, session);
  return response;
}
