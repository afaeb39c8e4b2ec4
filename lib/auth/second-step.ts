import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { NextResponse } from 'next/server';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { browserName } from '@/lib/http/browser-name';
import { requestCookie } from '@/lib/http/cookies';
import { recordSecurityEvent } from './security-log';

/**
 * The second step of a password sign-in: after the password, the browser holds a short-lived cookie
 * naming a pending sign-in (10 minutes, 5 codes), and no session. A browser the member asked to remember
 * carries a second cookie that skips the step for 30 days; both are random values whose SHA-256 alone is
 * stored, and every change of how the member signs in forgets every remembered browser and ends every
 * pending sign-in (lib/auth/credential-change.ts).
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

/**
 * Spends the pending sign-in, once: inside the new session's transaction (signedInResponse's `claim`), so
 * that a password reset or change, which ends every pending sign-in first, leaves none to finish.
 */
export async function claimPendingSignIn(tx: Prisma.TransactionClient, id: string, expired: string): Promise<void> {
  const { count } = await tx.pendingSignIn.deleteMany({ where: { id, expiresAt: { gt: new Date() } } });
  if (count !== 1) throw new ApiError(401, expired, { code: 'second_step_expired' });
}

export function clearPendingCookie(response: NextResponse): void {
  response.cookies.set(PENDING_COOKIE, '', cookieOptions(0));
}

export async function rememberBrowser(request: Request, response: NextResponse, userId: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const browser = browserName(request.headers.get('user-agent'));
  await db.rememberedBrowser.create({ data: { userId, tokenHash: hash(token), browser, expiresAt: new Date(Date.now() + REMEMBER_DAYS * 86_400_000) } });
  response.cookies.set(REMEMBER_COOKIE, token, cookieOptions(REMEMBER_DAYS * 86_400));
}

/** Whether this browser was remembered by `userId` within the last 30 days; if it was, it is used now. */
export async function browserRemembered(request: Request, userId: string): Promise<boolean> {
  const token = requestCookie(request, REMEMBER_COOKIE);
  if (!token || token.length > 128) return false;
  const { count } = await db.rememberedBrowser.updateMany({ where: { tokenHash: hash(token), userId, expiresAt: { gt: new Date() } }, data: { lastUsedAt: new Date() } });
  return count > 0;
}

/** Settings → Remembered browsers: each browser that skips the second step, the newest first. */
export type RememberedBrowserView = { id: string; browser: string; remembered: string; lastUsed: string | null };

export async function listRememberedBrowsers(userId: string): Promise<RememberedBrowserView[]> {
  const rows = await db.rememberedBrowser.findMany({ where: { userId, expiresAt: { gt: new Date() } }, orderBy: { createdAt: 'desc' }, take: 100 });
  return rows.map((row) => ({ id: row.id, browser: row.browser ?? 'A browser remembered before this list was kept', remembered: row.createdAt.toISOString(), lastUsed: row.lastUsedAt?.toISOString() ?? null }));
}

/** Forgets one remembered browser: its next sign-in asks for the second step again. */
export async function forgetRememberedBrowser(userId: string, id: string, request: Request): Promise<void> {
  await db.$transaction(async (tx) => {
    const found = await tx.rememberedBrowser.findFirst({ where: { id, userId }, select: { browser: true } });
    if (!found) throw new ApiError(404, 'That browser is already forgotten.');
    await tx.rememberedBrowser.delete({ where: { id } });
    await recordSecurityEvent(userId, 'remembered_browser_forgotten', { request, detail: found.browser, client: tx });
  });
}

/** Forgets every remembered browser; answers how many there were. */
export async function forgetRememberedBrowsers(userId: string, request: Request): Promise<number> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.rememberedBrowser.deleteMany({ where: { userId } });
    await recordSecurityEvent(userId, 'remembered_browsers_forgotten', { request, detail: `${count} forgotten`, client: tx });
    return count;
  });
}
