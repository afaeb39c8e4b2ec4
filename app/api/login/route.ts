import { route } from '@/lib/api/route';
import { authenticateWithPassword } from '@/lib/auth/accounts';
import { signedInResponse } from '@/lib/auth/sign-in';
import { clientIp, enforceLimits, LIMITS } from '@/lib/rate-limit';
import { loginSchema } from '@/lib/validation/auth';

export const POST = route({ auth: 'none', body: loginSchema }, async ({ request, body }) => {
  await enforceLimits(
    [
      { name: 'login:email', identifier: body.email, ...LIMITS.loginPerEmail },
      { name: 'login:ip', identifier: clientIp(request), ...LIMITS.loginPerIp },
    ],
    'login',
  );
  const user = await authenticateWithPassword(body.email, body.password);
  return signedInResponse(request, user);
});
