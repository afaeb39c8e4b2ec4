import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { authenticationOptions } from '@/lib/auth/passkeys';
import { LIMITS } from '@/lib/rate-limit';

/** POST /api/security/step-up/passkey-options: a challenge for one of the member's own passkeys. */
const options = route(
  { auth: 'user', rateLimit: { action: 'passkey', limits: ({ user }) => [{ name: 'passkey:user', identifier: user.id, ...LIMITS.passkeyPerIp }] } },
  async ({ user }) => NextResponse.json({ options: await authenticationOptions(user.id) }, { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: options });
