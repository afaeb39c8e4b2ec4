import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { recordSecurityEvent } from '@/lib/auth/security-log';
import { revokeDeviceToken } from '@/lib/wearables/apple-health';

/** POST /api/device-tokens/{id}/revoke: stops one of the user's own tokens at once (404 for anyone else's). */
const revoke = route({ auth: 'user' }, async ({ request, user, params }) => {
  await revokeDeviceToken(user.id, params.id ?? '');
  await recordSecurityEvent(user.id, 'device_token_revoked', { request });
  return NextResponse.json({ message: 'Revoked.' }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: revoke });
