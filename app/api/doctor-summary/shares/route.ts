import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { recordSecurityEvent } from '@/lib/auth/security-log';
import { LIMITS } from '@/lib/rate-limit';
import { createDoctorShare, listDoctorShares } from '@/lib/reports/doctor-share';
import { doctorShareSchema } from '@/lib/validation/doctor-share';

/** GET /api/doctor-summary/shares: the member's own share links with their views (never a token). */
const list = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ shares: await listDoctorShares(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));

/** POST /api/doctor-summary/shares {label?}: a new 7-day link to the summary; its token is in this answer only. */
const create = route(
  { auth: 'user', body: doctorShareSchema, stepUp: true, rateLimit: { action: 'share link', limits: ({ user }) => [{ name: 'doctor-share:user', identifier: user.id, ...LIMITS.doctorSharePerUser }] } },
  async ({ request, user, body }) => {
    const created = await createDoctorShare(user.id, body.label);
    await recordSecurityEvent(user.id, 'share_link_created', { request, detail: body.label ?? null });
    return NextResponse.json(created, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
