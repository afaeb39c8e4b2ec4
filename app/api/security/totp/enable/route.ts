import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { markVerified } from '@/lib/auth/step-up';
import { confirmTotp } from '@/lib/auth/totp';
import { LIMITS } from '@/lib/rate-limit';
import { totpEnableSchema } from '@/lib/validation/sign-in-factors';

/** POST /api/security/totp/enable {code}: the first code from the app turns the second step on; the answer carries the ten recovery codes, once. */
const enable = route(
  { auth: 'user', body: totpEnableSchema, rateLimit: { action: 'confirmation', limits: ({ user }) => [{ name: 'step-up:user', identifier: user.id, ...LIMITS.stepUpPerUser }] } },
  async ({ request, user, body }) => {
    const recoveryCodes = await confirmTotp(user.id, body.code, request);
    await markVerified(request, user.id);
    return NextResponse.json({ message: 'Two-step verification is on.', recovery_codes: recoveryCodes }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: enable });
