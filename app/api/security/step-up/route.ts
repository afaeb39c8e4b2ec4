import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { verifyPassword } from '@/lib/auth/password';
import { verifyPasskey } from '@/lib/auth/passkeys';
import { markVerified, recentlyVerified, stepUpMethods, STEP_UP_MAX_AGE_SECONDS } from '@/lib/auth/step-up';
import { checkTotp, useRecoveryCode } from '@/lib/auth/totp';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
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
    const allowed = await stepUpMethods(user.id);
    if (!allowed[body.method]) throw new ApiError(422, 'That way of confirming isn’t set up for your account.');
    let ok = false;
    if (body.method === 'totp') ok = await checkTotp(user.id, body.code);
    else if (body.method === 'recovery') ok = await useRecoveryCode(user.id, body.code, request);
    else if (body.method === 'passkey') ok = Boolean(await verifyPasskey(body.response as never, user.id));
    else {
      const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
      ok = passwordHash !== null && (await verifyPassword(passwordHash, body.password));
    }
    if (!ok) throw new ApiError(401, body.method === 'password' ? 'That password is incorrect.' : body.method === 'recovery' ? 'That recovery code didn’t work. Each code works once.' : 'That code didn’t work. Check your authenticator app and try again.');
    await markVerified(request, user.id);
    return NextResponse.json({ message: 'Confirmed.' }, { headers: NO_STORE });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: status, POST: prove });
