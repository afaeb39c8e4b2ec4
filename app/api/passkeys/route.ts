import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { addPasskey, listPasskeys } from '@/lib/auth/passkeys';
import { relyingParty } from '@/lib/auth/webauthn';
import { addPasskeySchema } from '@/lib/validation/sign-in-factors';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** GET /api/passkeys: the member's passkeys (names and dates; never a key), and whether this server can make them. */
const list = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ available: relyingParty() !== null, passkeys: await listPasskeys(user.id) }, { headers: NO_STORE }));

/** POST /api/passkeys {name, response}: keeps the passkey the browser made from POST /api/passkeys/registration-options. */
const add = route({ auth: 'user', body: addPasskeySchema }, async ({ request, user, body }) =>
  NextResponse.json({ passkey: await addPasskey(user.id, body.name, body.response as never, request) }, { status: 201, headers: NO_STORE }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: add });
