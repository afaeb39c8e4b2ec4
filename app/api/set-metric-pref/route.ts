import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { setUnitsPreference } from '@/lib/profile/units-preference';
import { unitsPreferenceSchema } from '@/lib/validation/profile';

/** POST /api/set-metric-pref {units_preference} (SPEC §7): how heights and weights are shown across the app. */
const post = route({ auth: 'user', body: unitsPreferenceSchema }, async ({ user, body }) =>
  NextResponse.json(await setUnitsPreference(user.id, body.units_preference), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
