import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { NextResponse } from 'next/server';
import { requestCookie } from '@/lib/http/cookies';
import { env } from '@/lib/env';

// Sign in with Apple's replay guard: the browser gets a random nonce in an httpOnly cookie and hands only its
// SHA-256 to Apple, which signs it into the id_token. A captured token is then useless without this browser's
// cookie, and the cookie is cleared at the first sign-in attempt, so each nonce serves once.

const secure = env.APP_URL.startsWith('https://');
export const APPLE_NONCE_COOKIE = secure ? '__Secure-vt-apple-nonce' : 'vt-apple-nonce';
/** Sent only to the sign-in call and the call that issues it. */
const COOKIE_PATH = '/authorize/apple';
/** Long enough to finish Apple's popup (password, two-factor), short enough not to linger. */
export const APPLE_NONCE_MAX_AGE_SECONDS = 10 * 60;

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A new nonce's answer: the hash for `AppleID.auth.init({ nonce })`, with the raw nonce in the cookie. */
export function appleNonceResponse(): NextResponse {
  const raw = randomBytes(32).toString('base64url');
  const response = NextResponse.json({ nonce: sha256Hex(raw) }, { headers: { 'Cache-Control': 'no-store' } });
  response.cookies.set(APPLE_NONCE_COOKIE, raw, { httpOnly: true, sameSite: 'lax', secure, path: COOKIE_PATH, maxAge: APPLE_NONCE_MAX_AGE_SECONDS });
  return response;
}

/** The raw nonce this browser was given, if it still has it. */
export function appleNonceFromRequest(request: Request): string | null {
  return requestCookie(request, APPLE_NONCE_COOKIE);
}

/** True when the token's `nonce` claim is the SHA-256 hex of the cookie's raw nonce; compared in constant time. */
export function appleNonceMatches(raw: string | null, claim: unknown): boolean {
  if (!raw || raw.length > 256 || typeof claim !== 'string') return false;
  const expected = Buffer.from(sha256Hex(raw), 'utf8');
  const given = Buffer.from(claim, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Clears the nonce cookie on any answer (success or refusal): a nonce is good for one attempt. */
export function withAppleNonceCleared(response: Response): Response {
  response.headers.append('Set-Cookie', `${APPLE_NONCE_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
  return response;
}
