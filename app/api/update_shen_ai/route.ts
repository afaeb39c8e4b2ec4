import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { scanResultSchema } from '@/lib/validation/scan-result';
import { saveOnboardingScan } from '@/lib/scans/results';

/** POST /api/update_shen_ai (measurement fields, SPEC §7): onboarding step 9's scan, when it measured a heart rate. */
const post = route({ auth: 'user', body: scanResultSchema }, async ({ user, body }) => {
  await saveOnboardingScan(user.id, body);
  return NextResponse.json({ message: 'Measurement saved.' }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
