import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { NextResponse } from 'next/server';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { requestCookie } from '@/lib/http/cookies';

/**
 * The second step of a password sign-in: after the password, the browser holds a short-lived cookie
 * naming a pending sign-in (10 minutes, 5 codes), and no session. A browser the member asked to remember
 * carries a second cookie that skips the step for 30 days; both are random values whose SHA-256 alone is
 * stored, and turning the second step off, or a new password, forgets every remembered browser.
 */
const secure = env.APP_URL.startsWith('https://');
export const PENDING_COOKIE = secure ? '__Host-vt-second-step' : 'vt-second-step';
export const REMEMBER_COOKIE = secure ? '__Host-vt-remember' : 'vt-remember';
export const PENDING_TTL_SECONDS = 10 * 60;
export const PENDING_MAX_CODES = 5;
export const REMEMBER_DAYS = 30;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const cookieOptions = (maxAge: number) => ({ httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge }) as const;

export async function startPendingSignIn(response: NextResponse, userId: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.$transaction([
    db.pendingSignIn.deleteMany({ where: { OR: [{ userId }, { expiresAt: { lt: new Date(now) } }] } }),
    db.pendingSignIn.create({ data: { userId, tokenHash: hash(token), expiresAt: new Date(now + PENDING_TTL_SECONDS * 1000) } }),
  ]);
  response.cookies.set(PENDING_COOKIE, token, cookieOptions(PENDING_TTL_SECONDS));
}

/** The pending sign-in this browser holds, if it is live. */
export async function pendingSignIn(request: Request): Promise<{ id: string; userId: string; attempts: number } | null> {
  const token = requestCookie(request, PENDING_COOKIE);
  if (!token || token.length > 128) return null;
  const row = await db.pendingSignIn.findUnique({ where: { tokenHash: hash(token) }, select: { id: true, userId: true, attempts: true, expiresAt: true } });
  return row && row.expiresAt > new Date() ? row : null;
}

/** Counts one code against the pending sign-in; false once it has had its five (it is then gone). */
export async function countCode(id: string): Promise<boolean> {
  const { count } = await db.pendingSignIn.updateMany({ where: { id, attempts: { lt: PENDING_MAX_CODES } }, data: { attempts: { increment: 1 } } });
  if (count === 0) await db.pendingSignIn.deleteMany({ where: { id } });
  return count === 1;
}

export async function endPendingSignIn(id: string, response: NextResponse): Promise<void> {
  await db.pendingSignIn.deleteMany({ where: { id } });
  response.cookies.set(PENDING_COOKIE, '', cookieOptions(0));
}

export async function rememberBrowser(response: NextResponse, userId: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.rememberedBrowser.create({ data: { userId, tokenHash: hash(token), expiresAt: new Date(Date.now() + REMEMBER_DAYS * 86_400_000) } });
  response.cookies.set(REMEMBER_COOKIE, token, cookieOptions(REMEMBER_DAYS * 86_400));
}

/** Whether this browser was remembered by `userId` within the last 30 days. */
export async function browserRemembered(request: Request, userId: string): Promise<boolean> {
  const token = requestCookie(request, REMEMBER_COOKIE);
  if (!token || token.length > 128) return false;
  return (await db.rememberedBrowser.count({ where: { tokenHash: hash(token), userId, expiresAt: { gt: new Date() } } })) > 0;
}
