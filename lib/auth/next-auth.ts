import 'server-only';
import type { AuthOptions } from 'next-auth';
import type { Adapter, AdapterUser } from 'next-auth/adapters';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { SESSION_MAX_AGE_SECONDS } from './sessions';

// next-auth v4 builds its URLs from NEXTAUTH_URL.
process.env.NEXTAUTH_URL ??= env.APP_URL;

const userSelect = { id: true, email: true, emailVerified: true, name: true, image: true } as const;

/**
 * next-auth reads the same session rows that /api/login, /api/register and /authorize/* write, so
 * `getServerSession` and `/api/auth/session` see those sign-ins. Only the session half is needed:
 * sign-in itself goes through the SPEC's own calls.
 */
const sessionAdapter: Adapter = {
  getUser: (id) => db.user.findUnique({ where: { id }, select: userSelect }),
  getUserByEmail: (email) => db.user.findUnique({ where: { email }, select: userSelect }),
  async getSessionAndUser(sessionToken) {
    const row = await db.session.findUnique({ where: { sessionToken }, include: { user: { select: userSelect } } });
    if (!row) return null;
    const { user, ...session } = row;
    return { session, user: user satisfies AdapterUser };
  },
  updateSession: ({ sessionToken, expires }) => db.session.update({ where: { sessionToken }, data: { expires } }),
  async deleteSession(sessionToken) {
    await db.session.deleteMany({ where: { sessionToken } });
  },
  createSession: (session) => db.session.create({ data: session }),
};

export const authOptions: AuthOptions = {
  adapter: sessionAdapter,
  session: { strategy: 'database', maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 24 * 60 * 60 },
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
