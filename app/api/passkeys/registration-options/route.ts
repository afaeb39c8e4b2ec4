import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { accountUser } from '@/lib/auth/accounts';
import { registrationOptions } from '@/lib/auth/passkeys';

/** POST /api/passkeys/registration-options: a challenge (single-use, 5 minutes) for navigator.credentials.create(). Step-up first: a stolen session must not add its own passkey. */
const options = route({ auth: 'user', stepUp: true }, async ({ user }) => {
  return NextResponse.json({ options: await registrationOptions(await accountUser(user.id)) }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: options });
