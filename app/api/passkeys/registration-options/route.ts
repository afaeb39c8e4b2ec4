import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { registrationOptions } from '@/lib/auth/passkeys';
import { db } from '@/lib/db';

/** POST /api/passkeys/registration-options: a challenge (single-use, 5 minutes) for navigator.credentials.create(). Step-up first: a stolen session must not add its own passkey. */
const options = route({ auth: 'user', stepUp: true }, async ({ user }) => {
  const { firstName } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { firstName: true } });
  return NextResponse.json({ options: await registrationOptions({ id: user.id, email: user.email, firstName }) }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: options });
