import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { removeMedication, updateMedication } from '@/lib/medications/store';
import { medicationPatchSchema } from '@/lib/validation/medications';

/** PATCH /api/medications/{id} {fields that change}: one of the member's own entries (404 for anyone else's), checked whole again. */
const update = route({ auth: 'user', body: medicationPatchSchema }, async ({ user, params, body }) =>
  NextResponse.json({ message: 'Your list is updated.', medication: await updateMedication(user.id, params.id ?? '', body) }, { headers: { 'Cache-Control': 'no-store' } }),
);

/** DELETE /api/medications/{id}: removes it from his list. */
const remove = route({ auth: 'user' }, async ({ user, params }) => {
  await removeMedication(user.id, params.id ?? '');
  return NextResponse.json({ message: 'Removed from your list.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ PATCH: update, DELETE: remove });
