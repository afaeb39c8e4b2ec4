import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { newRecoveryCodes } from '@/lib/auth/totp';

/** POST /api/security/recovery-codes: ten new codes (step-up first); the old ones stop working. */
const renew = route({ auth: 'user', stepUp: true }, async ({ request, user }) =>
  NextResponse.json({ recovery_codes: await newRecoveryCodes(user.id, request) }, { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: renew });
