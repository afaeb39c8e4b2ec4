import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { readJson, route } from '@/lib/api/route';
import { signInWithSocial } from '@/lib/auth/accounts';
import { appleConfigured, verifyAppleIdToken } from '@/lib/auth/apple';
import { signedInResponse } from '@/lib/auth/sign-in';
import { clientIp, enforceLimits, LIMITS } from '@/lib/rate-limit';

const namePart = z.string().trim().max(100).optional();
const bodySchema = z.object({
  id_token: z.string({ error: 'Apple login failed' }).min(1, 'Apple login failed').max(8192, 'Apple login failed'),
  // Apple sends the name only on the first authorisation, to the browser; it is not signed.
  user: z.object({ name: z.object({ firstName: namePart, lastName: namePart }).optional() }).optional(),
});

export const POST = route({ auth: 'none' }, async ({ request }) => {
  if (!appleConfigured()) throw new ApiError(404, 'Apple sign-in is not configured.');
  const body = bodySchema.parse(await readJson(request));
  await enforceLimits([{ name: 'login:ip', identifier: clientIp(request), ...LIMITS.loginPerIp }], 'login');
  const user = await signInWithSocial(await verifyAppleIdToken(body.id_token, body.user?.name ?? {}));
  return signedInResponse(request, user);
});
