import NextAuth from 'next-auth';
import { jsonError } from '@/lib/api/route';
import { authOptions } from '@/lib/auth/next-auth';

const handler = NextAuth(authOptions);

// Sign-in and sign-out go through SPEC's own calls; next-auth only serves what reads the session.
const READ_ACTIONS = new Set(['session', 'csrf', 'providers']);

type Context = { params: Promise<{ nextauth: string[] }> };

export async function GET(request: Request, context: Context) {
  const { nextauth } = await context.params;
  if (nextauth.length !== 1 || !READ_ACTIONS.has(nextauth[0]!)) return jsonError(404, 'Not found.');
  return handler(request, context);
}

export function POST() {
  return jsonError(405, 'Sign in with POST /api/login and sign out with POST /api/logout.', { Allow: 'GET' });
}
