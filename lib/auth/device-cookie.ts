import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextResponse } from 'next/server';
import { requestCookie } from '@/lib/http/cookies';
import { env } from '@/lib/env';

// OWASP's "device cookies": a browser that has signed in to an account before carries a signed token
// for it, and its failed attempts count against that device instead of locking the account for everyone.
const secure = env.APP_URL.startsWith('https://');
export const DEVICE_COOKIE = secure ? '__Host-vt-device' : 'vt-device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signature(payload: string): Buffer | null {
  if (!env.NEXTAUTH_SECRET) return null;
  return createHmac('sha256', env.NEXTAUTH_SECRET).update(`device-cookie:${payload}`).digest();
}

/** `userId.nonce.signature`: which account this browser signed in to, and a nonce naming the browser. */
export function issueDeviceCookie(response: NextResponse, userId: string): void {
  const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
  const mac = signature(payload);
  if (!mac) return;
  response.cookies.set(DEVICE_COOKIE, `${payload}.${mac.toString('base64url')}`, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: MAX_AGE_SECONDS });
}

/** The device's nonce when the request carries a genuine device cookie for `userId`; null otherwise. */
export function trustedDeviceFor(request: Request, userId: string): string | null {
  const raw = requestCookie(request, DEVICE_COOKIE);
  const [cookieUser, nonce, mac, ...rest] = raw?.split('.') ?? [];
  if (!cookieUser || !nonce || !mac || rest.length || cookieUser !== userId) return null;
  const expected = signature(`${cookieUser}.${nonce}`);
  const given = Buffer.from(mac, 'base64url');
  return expected && given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
