import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { unitsPreference } from '@/lib/profile/units-preference';

/** GET /api/get-metric-pref (SPEC §7) → `{ units_preference: 'cm/kg' | 'ft/in/lbs' }`. */
const get = route({ auth: 'user' }, async ({ user }) => NextResponse.json(await unitsPreference(user.id), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
