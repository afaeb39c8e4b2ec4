import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { recordSecurityEvent } from '@/lib/auth/security-log';
import { revokeDoctorShare } from '@/lib/reports/doctor-share';

/** POST /api/doctor-summary/shares/{id}/revoke: revokes one of the member's own links at once (404 for anyone else's). */
const revoke = route({ auth: 'user' }, async ({ request, user, params }) => {
  await revokeDoctorShare(user.id, params.id ?? '');
  await recordSecurityEvent(user.id, 'share_link_revoked', { request });
  return NextResponse.json({ message: 'The link is revoked. It no longer opens your summary.' }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: revoke });
