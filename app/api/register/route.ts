import { methods, route } from '@/lib/api/route';
import { registerWithPassword, USER_EXISTS_MESSAGE } from '@/lib/auth/accounts';
import { clientIp, LIMITS } from '@/lib/rate-limit';
import { registerSchema } from '@/lib/validation/auth';
import { signedInResponse } from '@/lib/auth/sessions';

const register = route(
  {
    auth: 'none',
    body: registerSchema,
    conflictMessage: USER_EXISTS_MESSAGE,
    rateLimit: { action: 'sign-up', limits: ({ request }) => [{ name: 'register:ip', identifier: clientIp(request), ...LIMITS.registerPerIp }] },
  },
  async ({ request, body }) => signedInResponse(request, await registerWithPassword(body, request), { status: 201, method: 'register', verified: true }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: register });
