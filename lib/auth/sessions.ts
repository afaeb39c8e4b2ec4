import 'server-only';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { NextResponse } from 'next/server';
import { cache } from 'react';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Prisma } from '@/lib/generated/prisma/client';
import { noteMember } from '@/lib/observability/runtime';
import { LOGIN_PATH } from '@/lib/routes';
import type { AccountUser } from './accounts';
import { sendMail } from '@/lib/mail/mailer';
import { newBrowserMail } from '@/lib/mail/security-mails';
import { browserName } from '@/lib/http/browser-name';
import { issueDeviceCookie, trustedDeviceFor } from './device-cookie';
import { recordSecurityEvent, SIGN_IN_METHOD_TEXT, type SignInMethod } from './security-log';
import {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_COOKIE_NAMES,
  SESSION_MAX_AGE_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  rolledMarker,
  SESSION_ROLLED_COOKIE,
  sessionCookieOptions,
} from './session-cookie';
import { sessionKey, sessionTokenFromRequest } from './session-token';

/**
 * The one owner of sessions: rows in `sessions` (next-auth's database-session shape) and their
 * cookie. /api/login, /api/register, /authorize/*, pages, route handlers and next-auth all go here.
 * A row holds the SHA-256 of its cookie's value, never the value: a copy of the table opens no session.
 */

export { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS };
export { endOtherSessions, sessionKey, sessionTokenFromRequest } from './session-token';

/** `dataVersion`: users."dataVersion" as this request read it (see lib/dashboard/answer-cache.ts). `timeZone`: the IANA zone his clock times are shown in. */
export type SessionUser = { id: string; email: string; firstName: string | null; dataVersion: bigint; timeZone: string };
export type Session = { token: string; expires: Date };

/** The user columns a session carries (readSession selects exactly these). */
export type SessionRowUser = Prisma.UserGetPayload<{ select: { id: true; email: true; firstName: true; emailVerified: true; name: true; image: true; dataVersion: true; timeZone: true } }>;

// As next-auth does: the __Secure- cookie exactly when the app is served over HTTPS.
const secure = env.APP_URL.startsWith('https://');
const cookieName = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

const newExpiry = () => new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);

/** What a new session records: the browser family, how it signed in, and whether a second factor (or a passkey) was proved. */
export type SessionDetails = { browser?: string | null; method?: SignInMethod | 'register'; verified?: boolean };

/** A new session row (and so a new session id) for `userId`, inside `client`'s transaction when given. */
export async function createSession(userId: string, details: SessionDetails = {}, client: Prisma.TransactionClient = db): Promise<Session> {
  const session = { token: randomBytes(32).toString('hex'), expires: newExpiry() };
  await client.session.create({
    data: { tokenHash: sessionKey(session.token), userId, expires: session.expires, browser: details.browser ?? null, method: details.method ?? null, verifiedAt: details.verified ? new Date() : null },
  });
  return session;
}

/** "Last seen" moves on at most this often, so a busy page costs no write per request. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * The live session behind `token` and its user. A session whose expiry was set more than
 * updateAge ago rolls: its row gets a new 30 days, and `renewed` tells the caller to re-send the cookie.
 */
export async function readSession(
  token: string | undefined,
): Promise<{ session: Session; user: SessionRowUser; renewed: boolean } | null> {
  if (!token || token.length > 256) return null;
  const tokenHash = sessionKey(token);
  // One round trip, every signed-in request: the session and its user in one join (Prisma's nested
  // select would make two). The columns are SessionRowUser's.
  const [found] = await db.$queryRaw<(SessionRowUser & { expires: Date; lastSeenAt: Date })[]>`
    SELECT s.expires, s."lastSeenAt", u.id, u.email, u."firstName", u."emailVerified", u.name, u.image, u."dataVersion", u."timeZone"
    FROM sessions s JOIN users u ON u.id = s."userId"
    WHERE s."tokenHash" = ${tokenHash}
    LIMIT 1`;
  if (!found || found.expires <= new Date()) return null;
  const { expires: current, lastSeenAt, ...user } = found;
  if (Date.now() - lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) await db.session.updateMany({ where: { tokenHash }, data: { lastSeenAt: new Date() } });
  // The request's log line carries this member's hash (lib/observability/runtime.js), never the id.
  noteMember(user.id);
  const dueAt = current.getTime() - (SESSION_MAX_AGE_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;
  if (dueAt > Date.now()) return { session: { token, expires: current }, user, renewed: false };
  return { session: { token, expires: await extendSession(token) }, user, renewed: true };
}

/** Gives the session a new 30 days from now. */
export async function extendSession(token: string, expires = newExpiry()): Promise<Date> {
  await db.session.updateMany({ where: { tokenHash: sessionKey(token) }, data: { expires } });
  return expires;
}

/** Ends one session at once: the row goes, so a copied cookie stops working. */
export async function endSession(token: string | undefined): Promise<void> {
  if (token) await db.session.deleteMany({ where: { tokenHash: sessionKey(token) } });
}

export async function endAllSessions(userId: string): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}

export function setSessionCookie(response: NextResponse, session: Session): void {
  response.cookies.set(cookieName, session.token, sessionCookieOptions(secure, session.expires));
  response.cookies.set(SESSION_ROLLED_COOKIE, rolledMarker(), sessionCookieOptions(secure, session.expires));
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(cookieName, '', { ...sessionCookieOptions(secure, new Date(0)), maxAge: 0 });
  response.cookies.set(SESSION_ROLLED_COOKIE, '', { ...sessionCookieOptions(secure, new Date(0)), maxAge: 0 });
}

const toSessionUser = ({ id, email, firstName, dataVersion, timeZone }: SessionRowUser): SessionUser => ({ id, email, firstName, dataVersion, timeZone });

// Sessions renewed while handling a request, so the route wrapper can re-send their cookie.
const renewedByRequest = new WeakMap<Request, Session>();

/** For route handlers: the user whose session cookie the request carries (rolling the session). */
export async function sessionUserFromRequest(request: Request): Promise<SessionUser | null> {
  const found = await readSession(sessionTokenFromRequest(request));
  if (found?.renewed) renewedByRequest.set(request, found.session);
  return found ? toSessionUser(found.user) : null;
}

/** Re-sends the session cookie with its new expiry when this request rolled the session. */
export function withRenewedSessionCookie(request: Request, response: Response): Response {
  const renewed = renewedByRequest.get(request);
  if (!renewed || response.headers.getSetCookie().some((c) => SESSION_COOKIE_NAMES.some((n) => c.startsWith(`${n}=`)))) return response;
  const carrier = new NextResponse(null);
  setSessionCookie(carrier, renewed);
  for (const cookie of carrier.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  return response;
}

/**
 * For server components and actions: the signed-in user of the current request. Pages cannot set
 * cookies, so the proxy re-sends the cookie's expiry on page requests (see proxy.ts).
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const jar = await cookies();
  const found = await readSession(SESSION_COOKIE_NAMES.map((name) => jar.get(name)?.value).find(Boolean));
  return found ? toSessionUser(found.user) : null;
});

/** For server components: the session token of the current request's cookie. */
export async function currentSessionToken(): Promise<string | undefined> {
  const jar = await cookies();
  return SESSION_COOKIE_NAMES.map((name) => jar.get(name)?.value).find(Boolean);
}

/** For server pages: the signed-in user, or a redirect to /login. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(LOGIN_PATH);
  return user;
}

/**
 * Signs the browser in as `user`: the session it came with ends, and it gets a new session id. A sign-in
 * (not a sign-up) goes in the member's security log, and one from a browser that never signed in to the
 * account before (no device cookie for it) sends them an e-mail. `verified`: a second factor or a passkey
 * was proved, so step-up has nothing to ask for 10 minutes.
 */
export async function signedInResponse(
  request: Request,
  user: AccountUser,
  { status = 200, method, verified, claim }: { status?: number; method: SignInMethod | 'register'; verified: boolean; claim?: (tx: Prisma.TransactionClient) => Promise<void> },
): Promise<NextResponse> {
  await endSession(sessionTokenFromRequest(request));
  const browser = browserName(request.headers.get('user-agent'));
  const details = { browser, method, verified };
  // `claim` spends what the sign-in rests on (a pending second step) in the session's own transaction: a
  // change of credentials that ends it first leaves nothing to spend, and one that comes after ends this session.
  const session = claim ? await db.$transaction(async (tx) => (await claim(tx), createSession(user.id, details, tx))) : await createSession(user.id, details);
  const response = NextResponse.json({ message: 'Signed in', user: { id: user.id, email: user.email, first_name: user.firstName } }, { status });
  setSessionCookie(response, session);
  if (method !== 'register') {
    await recordSecurityEvent(user.id, 'sign_in', { request, detail: SIGN_IN_METHOD_TEXT[method] });
    if (!trustedDeviceFor(request, user.id)) mailNewBrowser(user, browser, SIGN_IN_METHOD_TEXT[method]);
  }
  // This browser has now signed in to the account: its failed attempts no longer lock out the owner.
  issueDeviceCookie(response, user.id);
  return response;
}

/** Sent beside the answer: a mail server that is slow or down never holds up or fails a sign-in. */
function mailNewBrowser(user: AccountUser, browser: string, how: string): void {
  const at = new Date();
  void (async () => {
    // The time on the member's own clock: his zone is read here, beside the answer, not before it.
    const member = await db.user.findUnique({ where: { id: user.id }, select: { timeZone: true } });
    const mail = newBrowserMail({ firstName: user.firstName, browser, how, at, timeZone: member?.timeZone ?? 'UTC', settingsLink: new URL('/settings', env.APP_URL).toString() });
    await sendMail({ to: user.email, ...mail });
  })().catch((error: unknown) => console.error(`[auth] new-browser e-mail failed: ${(error as Error)?.name ?? 'Error'}`));
}
