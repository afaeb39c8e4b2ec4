import 'server-only';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { endWhatTheOldCredentialsOpened } from './credential-change';
import { recordSecurityEvent } from './security-log';
import { sessionKey, sessionTokenFromRequest } from './session-token';

/** Settings → Signed-in browsers: each live session of the member, this one first. */
export type SessionView = { id: string; browser: string; firstSeen: string; lastSeen: string; current: boolean };

export async function listSessions(userId: string, currentToken: string | undefined): Promise<SessionView[]> {
  const current = currentToken ? sessionKey(currentToken) : null;
  const rows = await db.session.findMany({
    where: { userId, expires: { gt: new Date() } },
    orderBy: { lastSeenAt: 'desc' },
    select: { id: true, tokenHash: true, browser: true, createdAt: true, lastSeenAt: true },
    take: 100,
  });
  return rows
    .map((row) => ({ id: row.id, browser: row.browser ?? 'A browser signed in before this list was kept', firstSeen: row.createdAt.toISOString(), lastSeen: row.lastSeenAt.toISOString(), current: row.tokenHash === current }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one other browser out; this one signs out with Log out. */
export async function endSessionById(userId: string, id: string, request: Request): Promise<void> {
  const token = sessionTokenFromRequest(request);
  await db.$transaction(async (tx) => {
    const found = await tx.session.findFirst({ where: { id, userId }, select: { tokenHash: true, browser: true } });
    if (!found) throw new ApiError(404, 'That browser is already signed out.');
    if (token && found.tokenHash === sessionKey(token)) throw new ApiError(409, 'This is the browser you are using: sign out with Log out instead.');
    await tx.session.delete({ where: { id } });
    await recordSecurityEvent(userId, 'session_ended', { request, detail: found.browser, client: tx });
  });
}

/**
 * Sign out everywhere else: every other session, and what would sign a browser straight back in (a
 * remembered browser skips the second step; a sign-in waiting for it could still finish).
 */
export async function endEveryOtherSession(userId: string, request: Request): Promise<number> {
  const token = sessionTokenFromRequest(request);
  return db.$transaction(async (tx) => {
    const others = await tx.session.count({ where: { userId, ...(token ? { NOT: { tokenHash: sessionKey(token) } } : {}) } });
    await endWhatTheOldCredentialsOpened(tx, userId, token);
    await recordSecurityEvent(userId, 'other_sessions_ended', { request, detail: `${others} signed out`, client: tx });
    return others;
  });
}
