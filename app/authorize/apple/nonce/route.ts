import { ApiError } from '@/lib/errors';
import { methods, route } from '@/lib/api/route';
import { appleConfigured } from '@/lib/auth/apple';
import { appleNonceResponse } from '@/lib/auth/apple-nonce';

// Before Apple's popup opens: a fresh nonce for this browser (its cookie) and the hash for AppleID.auth.init.
// Nothing is stored server-side, so there is nothing for a rate limit to protect; the sign-in call has one.
const issueNonce = route({ auth: 'none' }, async () => {
  if (!appleConfigured()) throw new ApiError(404, 'Signing in with Apple isn’t offered by Vitality. Log in with your e-mail and password instead.');
  return appleNonceResponse();
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: issueNonce });
