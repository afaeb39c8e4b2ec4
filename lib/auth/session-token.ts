import 'server-only';
import { createHash } from 'node:crypto';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { SESSION_COOKIE_NAMES } from './session-cookie';

// A session's cookie value and what the sessions table keeps of it, apart from ./sessions.ts (which reads
// Next's request context and redirects): the credential changes and the scripts that load them
// (`npm run tokens:rotate` through ./totp.ts) end sessions without pulling Next's navigation in.

/** What the sessions table keeps of a session's cookie value: its SHA-256, never the value. */
export const sessionKey = (token: string): string => createHash('sha256').update(token).digest('hex');

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

/** The session cookie's value the request carries, if any. */
export function sessionTokenFromRequest(request: Request): string | undefined {
  return tokenFromCookieHeader(request.headers.get('cookie'));
}

/** Ends every session of the user except `keepToken` (the one that asked), inside `client`'s transaction if given. */
export async function endOtherSessions(userId: string, keepToken: string | undefined, client: Prisma.TransactionClient = db): Promise<void> {
  await client.session.deleteMany({ where: { userId, ...(keepToken ? { NOT: { tokenHash: sessionKey(keepToken) } } : {}) } });
}
