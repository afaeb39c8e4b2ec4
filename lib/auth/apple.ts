import 'server-only';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ApiError } from '@/lib/errors';
import { env } from '@/lib/env';
import { appleNonceMatches } from './apple-nonce';
import { namePart, normalizeEmail, type SocialProfile } from './social-profile';

const APPLE_ISSUER = 'https://appleid.apple.com';
const TIMEOUT_MS = 5_000;
const MAX_TOKEN_LENGTH = 8_192;

/** Apple sends the name only with the first authorization, in the `user` JSON the client passes on. */
export type AppleName = { firstName?: string | null; lastName?: string | null };

const rejected = () => new ApiError(401, 'Apple login failed');
const unavailable = () => new ApiError(502, 'Apple login failed');

/** Thrown by the key lookup when Apple's key set could not be had, as opposed to the token naming no key in it. */
class AppleKeysUnavailable extends Error {}

// One getter per process, so Apple's keys are fetched once and cached by jose (refetched on an unknown kid).
let appleKeySet: ReturnType<typeof createRemoteJWKSet> | undefined;

const appleKey: JWTVerifyGetKey = async (header, token) => {
  appleKeySet ??= createRemoteJWKSet(new URL(env.APPLE_JWKS_URL), { timeoutDuration: TIMEOUT_MS });
  try {
    return await appleKeySet(header, token);
  } catch (error) {
    // The algorithm is checked before this runs, so only the kid comes from the token: no match is the token's fault.
    if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
    throw new AppleKeysUnavailable();
  }
};

export function appleConfigured(): boolean {
  return env.APPLE_CLIENT_ID !== undefined;
}

/**
 * The profile in a genuine Apple id_token for this app. `rawNonce` is the nonce this browser was given (its
 * cookie), or null: the token's `nonce` claim must be its SHA-256 hex, so a token captured elsewhere is refused.
 */
export async function verifyAppleIdToken(idToken: string, rawNonce: string | null, name: AppleName = {}): Promise<SocialProfile> {
  const clientId = env.APPLE_CLIENT_ID;
  if (!clientId) throw new ApiError(404, 'Signing in with Apple isn’t offered by Vitality. Log in with your e-mail and password instead.');
  if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > MAX_TOKEN_LENGTH) throw rejected();

  let claims;
  try {
    ({ payload: claims } = await jwtVerify(idToken, appleKey, {
      issuer: APPLE_ISSUER,
      audience: clientId,
      algorithms: ['RS256'],
      clockTolerance: 5,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    throw error instanceof AppleKeysUnavailable ? unavailable() : rejected();
  }

  const { sub, email, email_verified: emailVerified, nonce } = claims;
  // Apple's step "verify the nonce": the claim is the hash the browser sent, the raw value only its cookie has.
  if (!appleNonceMatches(rawNonce, nonce)) throw rejected();
  if (typeof sub !== 'string' || sub.length === 0 || typeof email !== 'string') throw rejected();
  // Apple has sent this both as a boolean and as the string 'true'.
  if (emailVerified !== true && emailVerified !== 'true') throw rejected();
  const normalized = normalizeEmail(email);
  if (!normalized) throw rejected();

  return {
    provider: 'apple',
    subject: sub,
    email: normalized,
    emailVerified: true,
    firstName: namePart(name.firstName),
    lastName: namePart(name.lastName),
  };
}
