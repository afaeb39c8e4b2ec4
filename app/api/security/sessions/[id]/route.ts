import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { endSessionById } from '@/lib/auth/session-list';

/** DELETE /api/security/sessions/{id}: signs that browser out at once (step-up first). */
const end = route({ auth: 'user', stepUp: true }, async ({ request, user, params }) => {
  await endSessionById(user.id, params.id ?? '', request);
  return NextResponse.json({ message: 'That browser is signed out.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ DELETE: end });
