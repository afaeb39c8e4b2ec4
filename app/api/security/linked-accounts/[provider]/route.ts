import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { unlinkSocialIdentity } from '@/lib/auth/linked-accounts';
import { ApiError } from '@/lib/errors';

/** DELETE /api/security/linked-accounts/{google|apple}: that provider no longer signs in to this account (step-up first). */
const unlink = route({ auth: 'user', stepUp: true }, async ({ request, user, params }) => {
  const provider = params.provider;
  if (provider !== 'google' && provider !== 'apple') throw new ApiError(404, 'Not found.');
  await unlinkSocialIdentity(user.id, provider, request);
  return NextResponse.json({ message: `${provider === 'google' ? 'Google' : 'Apple'} is unlinked.` });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ DELETE: unlink });
