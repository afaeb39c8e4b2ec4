import 'server-only';
import { randomBytes } from 'node:crypto';
import type { NextResponse } from 'next/server';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session-cookie';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

// As next-auth does: the __Secure- cookie exactly when the app is served over HTTPS.
const secure = env.APP_URL.startsWith('https://');
const cookieName = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/** A new session row (and so a new session id) for `userId`, in next-auth's database-session shape. */
export async function createSession(userId: string): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('hex');
  const expires = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.session.create({ data: { sessionToken: token, userId, expires } });
  return { token, expires };
}

export function setSessionCookie(response: NextResponse, session: { token: string; expires: Date }): void {
  response.cookies.set(cookieName, session.token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: session.expires });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(cookieName, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
}

/** Ends one session at once: the row goes, so a copied cookie stops working. */
export async function endSession(token: string | undefined): Promise<void> {
  if (token) await db.session.deleteMany({ where: { sessionToken: token } });
}

export async function endAllSessions(userId: string): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}
