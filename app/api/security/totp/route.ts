import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { turnOffTwoStep, twoStepStatus } from '@/lib/auth/totp';

/** GET /api/security/totp: whether the second step is on, and how many recovery codes are left. */
const status = route({ auth: 'user' }, async ({ user }) => NextResponse.json(await twoStepStatus(user.id), { headers: { 'Cache-Control': 'no-store' } }));

/** DELETE /api/security/totp: turns the second step off (step-up first). */
const off = route({ auth: 'user', stepUp: true }, async ({ request, user }) => {
  await turnOffTwoStep(user.id, request);
  return NextResponse.json({ message: 'Two-step verification is off.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: status, DELETE: off });
