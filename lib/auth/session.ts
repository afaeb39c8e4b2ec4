import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { db } from '@/lib/db';
import { LOGIN_PATH } from '@/lib/routes';
import { SESSION_COOKIE_NAMES } from './session-cookie';

export type SessionUser = { id: string; email: string; firstName: string | null };

/**
 * The user behind a session token, read from the session row every time: a deleted or expired
 * session is refused at once, whatever the proxy let through.
 */
export async function userForSessionToken(token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 256) return null;
  const session = await db.session.findUnique({
    where: { sessionToken: token },
    select: { expires: true, user: { select: { id: true, email: true, firstName: true } } },
  });
  if (!session || session.expires <= new Date()) return null;
  return session.user;
}

function tokenFromCookieHeader(header: string | null): string | undefined {
  if (!header) return undefined;
  const pairs = new Map(
    header.split(';').map((part) => {
      const index = part.indexOf('=');
      const raw = part.slice(index + 1).trim();
      let value = raw;
      try {
        value = decodeURIComponent(raw);
      } catch {
        // A malformed escape is just an unknown token.
      }
      return [part.slice(0, index).trim(), value] as const;
    }),
  );
  return SESSION_COOKIE_NAMES.map((name) => pairs.get(name)).find(Boolean);
}

export function sessionTokenFromRequest(request: Request): string | undefined {
  return tokenFromCookieHeader(request.headers.get('cookie'));
}

/** For route handlers: the user whose session cookie the request carries. */
export function sessionUserFromRequest(request: Request): Promise<SessionUser | null> {
  return userForSessionToken(sessionTokenFromRequest(request));
}

/** For server components and actions: the signed-in user of the current request. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const jar = await cookies();
  return userForSessionToken(SESSION_COOKIE_NAMES.map((name) => jar.get(name)?.value).find(Boolean));
});

/** For server pages: the signed-in user, or a redirect to /login. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(LOGIN_PATH);
  return user;
}
