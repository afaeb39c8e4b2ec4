import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { proveStepUp, recentlyVerified, stepUpMethods, STEP_UP_MAX_AGE_SECONDS } from '@/lib/auth/step-up';
import { LIMITS } from '@/lib/rate-limit';
import { stepUpSchema } from '@/lib/validation/sign-in-factors';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** GET /api/security/step-up: whether this session proved a factor in the last 10 minutes, and how it can. */
const status = route({ auth: 'user' }, async ({ request, user }) =>
  NextResponse.json({ fresh: await recentlyVerified(request, user.id), max_age_seconds: STEP_UP_MAX_AGE_SECONDS, methods: await stepUpMethods(user.id) }, { headers: NO_STORE }),
);

/** POST /api/security/step-up: one proof (authenticator code, recovery code, passkey, or the password when there is no factor). */
const prove = route(
  { auth: 'user', body: stepUpSchema, rateLimit: { action: 'confirmation', limits: ({ user }) => [{ name: 'step-up:user', identifier: user.id, ...LIMITS.stepUpPerUser }] } },
  async ({ request, user, body }) => {
    await proveStepUp(request, user.id, body);
    return NextResponse.json({ message: 'Confirmed.' }, { headers: NO_STORE });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: status, POST: prove });
