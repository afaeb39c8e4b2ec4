import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { readJson, route } from '@/lib/api/route';
import { signInWithSocial } from '@/lib/auth/accounts';
import { googleConfigured, verifyGoogleAccessToken } from '@/lib/auth/google';
import { signedInResponse } from '@/lib/auth/sign-in';
import { clientIp, enforceLimits, LIMITS } from '@/lib/rate-limit';

const bodySchema = z.object({ token: z.string({ error: 'Google login failed' }).min(1, 'Google login failed').max(4096, 'Google login failed') });

export const POST = route({ auth: 'none' }, async ({ request }) => {
  if (!googleConfigured()) throw new ApiError(404, 'Google sign-in is not configured.');
  const body = bodySchema.parse(await readJson(request));
  await enforceLimits([{ name: 'login:ip', identifier: clientIp(request), ...LIMITS.loginPerIp }], 'login');
  const user = await signInWithSocial(await verifyGoogleAccessToken(body.token));
  return signedInResponse(request, user);
});
