import 'server-only';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { env } from '@/lib/env';
import { namePart, normalizeEmail, type SocialProfile } from './social-profile';

const TIMEOUT_MS = 5_000;
// Google's access tokens are a few hundred URL-safe characters; anything else is not one.
const TOKEN_SHAPE = /^[\w.~+/=-]{1,4096}$/;
// The token client reports the short scope name or its full URL, depending on how it was asked.
const EMAIL_SCOPES = new Set(['email', 'https://www.googleapis.com/auth/userinfo.email']);

const tokenInfoSchema = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  sub: z.string().min(1),
  scope: z.string(),
  // Google sends this as a string of seconds.
  expires_in: z.coerce.number(),
});

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string(),
  email_verified: z.boolean(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

const rejected = () => new ApiError(401, 'Google login failed');
const unavailable = () => new ApiError(502, 'Google login failed');

export function googleConfigured(): boolean {
  return env.GOOGLE_CLIENT_ID !== undefined;
}

/**
 * One call to Google. Only Google being unreachable, slow or broken is a 502; every answer about
 * the token itself is a 401. No error carries the token or the underlying cause.
 */
async function askGoogle(path: string, headers: Record<string, string> = {}): Promise<unknown> {
  const url = `${env.GOOGLE_API_BASE_URL.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, cache: 'no-store', redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw unavailable();
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw response.status === 429 || response.status >= 500 ? unavailable() : rejected();
  }
  try {
    return await response.json();
  } catch {
    // A cut-off or garbled body from Google says nothing about the token.
    throw unavailable();
  }
}

function audienceMatches(info: z.infer<typeof tokenInfoSchema>, clientId: string): boolean {
  const audiences = [info.aud, info.azp].filter((value) => value !== undefined);
  // Token substitution: an access token Google issued to another app must not sign anyone in here.
  return audiences.length > 0 && audiences.every((value) => value === clientId);
}

export async function verifyGoogleAccessToken(accessToken: string): Promise<SocialProfile> {
  const clientId = env.GOOGLE_CLIENT_ID;
  if (!clientId) throw new ApiError(404, 'Signing in with Google isn’t offered by Vitality. Log in with your e-mail and password instead.');
  if (typeof accessToken !== 'string' || !TOKEN_SHAPE.test(accessToken)) throw rejected();

  const info = tokenInfoSchema.safeParse(await askGoogle(`/oauth2/v3/tokeninfo?${new URLSearchParams({ access_token: accessToken })}`));
  if (!info.success || !audienceMatches(info.data, clientId)) throw rejected();
  if (!(info.data.expires_in > 0)) throw rejected();
  if (!info.data.scope.split(/\s+/).some((scope) => EMAIL_SCOPES.has(scope))) throw rejected();

  const user = userInfoSchema.safeParse(await askGoogle('/oauth2/v3/userinfo', { authorization: `Bearer ${accessToken}` }));
  if (!user.success || user.data.sub !== info.data.sub || user.data.email_verified !== true) throw rejected();
  const email = normalizeEmail(user.data.email);
  if (!email) throw rejected();

  return {
    provider: 'google',
    subject: user.data.sub,
    email,
    emailVerified: true,
    firstName: namePart(user.data.given_name),
    lastName: namePart(user.data.family_name),
  };
}
