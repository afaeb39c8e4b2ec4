import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { accountIdForEmail, authenticateWithPassword } from '@/lib/auth/accounts';
import { trustedDeviceFor } from '@/lib/auth/device-cookie';
import { hasPasskeys } from '@/lib/auth/passkeys';
import { browserRemembered, startPendingSignIn } from '@/lib/auth/second-step';
import { recordSecurityEvent } from '@/lib/auth/security-log';
import { signedInResponse } from '@/lib/auth/sessions';
import { totpEnabled } from '@/lib/auth/totp';
import { ApiError } from '@/lib/errors';
import { clientIp, LIMITS } from '@/lib/rate-limit';
import { loginSchema } from '@/lib/validation/auth';

export const SECOND_STEP_MESSAGE = 'Enter the code from your authenticator app.';

/**
 * POST /api/login (SPEC §7): the password, then, for a member with an authenticator app, a second step
 * (POST /api/login/second-step) unless this browser was remembered; the answer says `second_step: true`
 * and sets no session. A wrong password for a known account goes in that member's security log.
 */
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
  async ({ request, body }) => {
    let user;
    try {
      user = await authenticateWithPassword(body.email, body.password);
    } catch (error) {
      const userId = error instanceof ApiError && error.status === 401 ? await accountIdForEmail(body.email) : null;
      if (userId) await recordSecurityEvent(userId, 'sign_in_failed', { request, detail: 'wrong password' });
      throw error;
    }
    if (await totpEnabled(user.id)) {
      if (await browserRemembered(request, user.id)) return signedInResponse(request, user, { method: 'password+remembered', verified: false });
      const response = NextResponse.json({ message: SECOND_STEP_MESSAGE, second_step: true });
      await startPendingSignIn(response, user.id);
      return response;
    }
    // With no second factor, the password is the strongest proof there is: step-up asks for it again after 10 minutes.
    return signedInResponse(request, user, { method: 'password', verified: !(await hasPasskeys(user.id)) });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: login });
