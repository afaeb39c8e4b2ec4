import { z } from 'zod';
import { errorResponse, methods, route } from '@/lib/api/route';
import { signInWithSocial } from '@/lib/auth/accounts';
import { verifyAppleIdToken } from '@/lib/auth/apple';
import { appleNonceFromRequest, withAppleNonceCleared } from '@/lib/auth/apple-nonce';
import { clientIp, LIMITS } from '@/lib/rate-limit';
import { signedInResponse } from '@/lib/auth/sessions';

const namePart = z.string().trim().max(100).optional();
const bodySchema = z.object({
  id_token: z.string({ error: 'Apple login failed' }).min(1, 'Apple login failed').max(8192, 'Apple login failed'),
  // Apple sends the name only on the first authorisation, to the browser; it is not signed.
  user: z.object({ name: z.object({ firstName: namePart, lastName: namePart }).optional() }).optional(),
});

// Answers 404 when Apple sign-in is not configured (verifyAppleIdToken checks it first).
const appleSignIn = route(
  {
    auth: 'none',
    body: bodySchema,
    rateLimit: { action: 'login', limits: ({ request }) => [{ name: 'login:ip', identifier: clientIp(request), ...LIMITS.loginPerIp }] },
  },
  async ({ request, body }) => {
    // Whatever the outcome, the nonce is spent: a second attempt needs a new one (POST /authorize/apple/nonce).
    try {
      const profile = await verifyAppleIdToken(body.id_token, appleNonceFromRequest(request), body.user?.name ?? {});
      return withAppleNonceCleared(await signedInResponse(request, await signInWithSocial(profile, request), { method: 'apple', verified: true }));
    } catch (error) {
      return withAppleNonceCleared(errorResponse(error, request));
    }
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: appleSignIn });
