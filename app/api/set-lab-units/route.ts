import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { setLabUnits } from '@/lib/labs/lab-units-preference';
import { labUnitsSchema } from '@/lib/validation/labs';

/** POST /api/set-lab-units {lab_units: 'conventional' | 'si'}: how blood results are shown on every screen and in the PDF. */
const post = route({ auth: 'user', body: labUnitsSchema }, async ({ user, body }) =>
  NextResponse.json(await setLabUnits(user.id, body.lab_units), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
