import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { removePasskey, renamePasskey } from '@/lib/auth/passkeys';
import { renamePasskeySchema } from '@/lib/validation/sign-in-factors';

/** PATCH /api/passkeys/{id} {name}: renames one of the member's own passkeys (404 for anyone else's). */
const rename = route({ auth: 'user', body: renamePasskeySchema }, async ({ request, user, params, body }) => {
  await renamePasskey(user.id, params.id ?? '', body.name, request);
  return NextResponse.json({ message: 'Passkey renamed.' });
});

/** DELETE /api/passkeys/{id}: removes it (step-up first); the device keeps its copy, which no longer signs in. */
const remove = route({ auth: 'user', stepUp: true }, async ({ request, user, params }) => {
  await removePasskey(user.id, params.id ?? '', request);
  return NextResponse.json({ message: 'Passkey removed.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ PATCH: rename, DELETE: remove });
