import { z } from 'zod';
import { methods, route } from '@/lib/api/route';
import { signInWithSocial } from '@/lib/auth/accounts';
import { verifyGoogleAccessToken } from '@/lib/auth/google';
import { clientIp, LIMITS } from '@/lib/rate-limit';
import { signedInResponse } from '@/lib/auth/sessions';

const bodySchema = z.object({ token: z.string({ error: 'Google login failed' }).min(1, 'Google login failed').max(4096, 'Google login failed') });

// Answers 404 when Google sign-in is not configured (verifyGoogleAccessToken checks it first).
const googleSignIn = route(
  {
    auth: 'none',
    body: bodySchema,
    rateLimit: { action: 'login', limits: ({ request }) => [{ name: 'login:ip', identifier: clientIp(request), ...LIMITS.loginPerIp }] },
  },
  async ({ request, body }) => signedInResponse(request, await signInWithSocial(await verifyGoogleAccessToken(body.token), request), { method: 'google', verified: true }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: googleSignIn });
