import NextAuth from 'next-auth';
import { discardBody, jsonError } from '@/lib/api/route';
import { authOptions } from '@/lib/auth/next-auth';

const handler = NextAuth(authOptions);

// Sign-in and sign-out go through SPEC's own calls; next-auth only serves what reads the session.
const READ_ACTIONS = new Set(['session', 'csrf', 'providers']);
const WRITE_REFUSAL = 'Sign in with POST /api/login and sign out with POST /api/logout.';

type Context = { params: Promise<{ nextauth: string[] }> };

export async function GET(request: Request, context: Context) {
  const { nextauth } = await context.params;
  if (nextauth.length !== 1 || !READ_ACTIONS.has(nextauth[0]!)) return jsonError(404, 'Not found.');
  return handler(request, context);
}

// next-auth answers HEAD with an empty 400; HEAD has no use here.
export const HEAD = () => jsonError(405, 'Use GET to read the session.', { headers: { Allow: 'GET' } });

export async function POST(request: Request) {
  await discardBody(request);
  return jsonError(405, WRITE_REFUSAL, { headers: { Allow: 'GET' } });
}
export { POST as PUT, POST as PATCH, POST as DELETE };
