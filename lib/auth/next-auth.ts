import 'server-only';
import type { AuthOptions } from 'next-auth';
import type { Adapter, AdapterUser } from 'next-auth/adapters';
import { lendNextAuthUrl } from '@/lib/config/env.js';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { endSession, extendSession, readSession, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './sessions';

// next-auth v4 builds its URLs from NEXTAUTH_URL, which it reads from the environment only.
lendNextAuthUrl(env.APP_URL);

const userSelect = { id: true, email: true, emailVerified: true, name: true, image: true } as const;

/**
 * next-auth reads sessions through lib/auth/sessions.ts, so `getServerSession` and
 * `/api/auth/session` see (and roll) the same rows that /api/login, /api/register and /authorize/*
 * write. Only the session half is needed: sign-in itself goes through the SPEC's own calls.
 */
const sessionAdapter: Adapter = {
  getUser: (id) => db.user.findUnique({ where: { id }, select: userSelect }),
  getUserByEmail: (email) => db.user.findUnique({ where: { email }, select: userSelect }),
  async getSessionAndUser(sessionToken) {
    const found = await readSession(sessionToken);
    if (!found) return null;
    const { id, email, emailVerified, name, image } = found.user;
    const user: AdapterUser = { id, email, emailVerified, name, image };
    return { session: { sessionToken, userId: id, expires: found.session.expires }, user };
  },
  async updateSession({ sessionToken, expires }) {
    if (expires) await extendSession(sessionToken, expires);
    return null;
  },
  deleteSession: (sessionToken) => endSession(sessionToken),
};

export const authOptions: AuthOptions = {
  adapter: sessionAdapter,
  session: { strategy: 'database', maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
  providers: [],
  secret: env.NEXTAUTH_SECRET,
  useSecureCookies: env.APP_URL.startsWith('https://'),
  pages: { signIn: '/login' },
  callbacks: {
    session: ({ session, user }) => ({ ...session, user: { ...session.user, id: user.id } }),
  },
  logger: {
    // next-auth's own messages can carry request details; keep only their codes.
    error: (code) => console.error(`[next-auth] ${code}`),
    warn: (code) => console.warn(`[next-auth] ${code}`),
    debug: () => {},
  },
};
