import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { startTotpSetup } from '@/lib/auth/totp';

/** POST /api/security/totp/setup: a new secret as a QR code and as text (step-up first: turning it on for someone else would lock them out). */
const setup = route({ auth: 'user', stepUp: true }, async ({ user }) => {
  const { secret, uri, qrSvg } = await startTotpSetup(user);
  return NextResponse.json({ secret, otpauth_url: uri, qr_svg: qrSvg }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: setup });
