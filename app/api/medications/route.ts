import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { addMedication, listMedications } from '@/lib/medications/store';
import { medicationSchema } from '@/lib/validation/medications';

/** GET /api/medications: "What I take", current first. POST {kind, name, dose?, dose_unit?, frequency, interval_days?, route?, preparation?, started_on, stopped_on?, note?}: adds one. */
const list = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ medications: await listMedications(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));
const add = route({ auth: 'user', body: medicationSchema }, async ({ user, body }) =>
  NextResponse.json({ message: 'Added to your list.', medication: await addMedication(user.id, body) }, { status: 201, headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: add });
