import { methods, route } from '@/lib/api/route';
import { accountUser } from '@/lib/auth/accounts';
import { claimPendingSignIn, clearPendingCookie, countCode, pendingSignIn, rememberBrowser } from '@/lib/auth/second-step';
import { recordSecurityEvent } from '@/lib/auth/security-log';
import { signedInResponse } from '@/lib/auth/sessions';
import { checkTotp, spendRecoveryCode } from '@/lib/auth/totp';
import { ApiError } from '@/lib/errors';
import { clientIp, LIMITS } from '@/lib/rate-limit';
import { secondStepSchema } from '@/lib/validation/sign-in-factors';

export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please enter your password again.';
export const WRONG_CODE = 'That code didn’t work. Check your authenticator app and try again.';
export const WRONG_RECOVERY_CODE = 'That recovery code didn’t work. Each code works once.';

/**
 * POST /api/login/second-step: the code after the password (an authenticator code or a recovery code).
 * Five codes per pending sign-in, ten failures per account and thirty per address in 15 minutes.
 */
const secondStep = route(
  {
    auth: 'none',
    body: secondStepSchema,
    rateLimit: {
      action: 'second-step',
      limits: async ({ request }) => {
        const pending = await pendingSignIn(request);
        return [
          ...(pending ? [{ name: 'second-step:user', identifier: pending.userId, ...LIMITS.secondStepPerUser }] : []),
          { name: 'second-step:ip', identifier: clientIp(request), ...LIMITS.loginPerIp },
        ];
      },
    },
  },
  async ({ request, body }) => {
    const pending = await pendingSignIn(request);
    if (!pending || !(await countCode(pending.id))) throw new ApiError(401, SIGN_IN_EXPIRED, { code: 'second_step_expired' });
    const ok = body.method === 'totp' ? await checkTotp(pending.userId, body.code) : await spendRecoveryCode(pending.userId, body.code, request);
    if (!ok) {
      await recordSecurityEvent(pending.userId, 'second_step_failed', { request, detail: body.method === 'totp' ? 'authenticator code' : 'recovery code' });
      throw new ApiError(401, body.method === 'totp' ? WRONG_CODE : WRONG_RECOVERY_CODE);
    }
    const user = await accountUser(pending.userId);
    const response = await signedInResponse(request, user, {
      method: body.method === 'totp' ? 'password+totp' : 'password+recovery',
      verified: true,
      claim: (tx) => claimPendingSignIn(tx, pending.id, SIGN_IN_EXPIRED),
    });
    clearPendingCookie(response);
    if (body.remember) await rememberBrowser(request, response, user.id);
    return response;
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: secondStep });
