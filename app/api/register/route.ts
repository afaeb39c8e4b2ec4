import { route } from '@/lib/api/route';
import { registerWithPassword } from '@/lib/auth/accounts';
import { signedInResponse } from '@/lib/auth/sign-in';
import { clientIp, enforceLimits, LIMITS } from '@/lib/rate-limit';
import { registerSchema } from '@/lib/validation/auth';

export const POST = route({ auth: 'none', body: registerSchema }, async ({ request, body }) => {
  await enforceLimits([{ name: 'register:ip', identifier: clientIp(request), ...LIMITS.registerPerIp }], 'sign-up');
  const user = await registerWithPassword(body);
  return signedInResponse(request, user, 201);
});
