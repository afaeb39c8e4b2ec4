import { methods, route } from '@/lib/api/route';
import { accountIdForEmail, authenticateWithPassword } from '@/lib/auth/accounts';
import { trustedDeviceFor } from '@/lib/auth/device-cookie';
import { clientIp, LIMITS } from '@/lib/rate-limit';
import { loginSchema } from '@/lib/validation/auth';
import { signedInResponse } from '@/lib/auth/sessions';

const login = route(
  {
    auth: 'none',
    body: loginSchema,
    rateLimit: {
      action: 'login',
      // A browser that signed in to this account before counts against itself, not against the account.
      limits: async ({ request, body }) => {
        const userId = await accountIdForEmail(body.email);
        const device = userId ? trustedDeviceFor(request, userId) : null;
        return [
          device ? { name: 'login:device', identifier: device, ...LIMITS.loginPerDevice } : { name: 'login:email', identifier: body.email, ...LIMITS.loginPerEmail },
          { name: 'login:ip', identifier: clientIp(request), ...LIMITS.loginPerIp },
        ];
      },
    },
  },
  async ({ request, body }) => signedInResponse(request, await authenticateWithPassword(body.email, body.password)),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: login });
