import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { authenticationOptions } from '@/lib/auth/passkeys';
import { clientIp, LIMITS } from '@/lib/rate-limit';

/** POST /api/passkeys/sign-in-options: a challenge (single-use, 5 minutes) for a passkey sign-in, in the browser's autofill or its own prompt. */
const options = route(
  { auth: 'none', rateLimit: { action: 'passkey', limits: ({ request }) => [{ name: 'passkey:ip', identifier: clientIp(request), ...LIMITS.passkeyPerIp }] } },
  async () => NextResponse.json({ options: await authenticationOptions(null) }, { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: options });
