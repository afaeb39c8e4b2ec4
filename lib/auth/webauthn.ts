import 'server-only';
import { isIP } from 'node:net';
import { env } from '@/lib/env';
import { db } from '@/lib/db';

/**
 * The relying party (WebAuthn's word for this app) and its challenges. A passkey is bound to a domain
 * name: APP_URL's host is the RP ID, and its origin the only origin a response may come from. An app
 * served at an IP address (http://127.0.0.1:3000) can have no passkeys: browsers refuse an IP as RP ID.
 */
export type RelyingParty = { id: string; origin: string; name: string };

export function relyingParty(): RelyingParty | null {
  const url = new URL(env.APP_URL);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  return { id: host, origin: url.origin, name: 'Vitality' };
}

export const PASSKEYS_UNAVAILABLE = 'Passkeys can’t be used to sign in to Vitality. Sign in with your password instead.';

/** A challenge is good for 5 minutes (the browser's own prompt times out after 60 s). */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export type ChallengePurpose = 'register' | 'sign-in' | 'step-up';

/** Keeps `challenge` (base64url) for one response, and clears the expired ones on the way. */
export async function keepChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
  const now = new Date();
  await db.$transaction([
    db.webAuthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.webAuthnChallenge.create({ data: { challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000) } }),
  ]);
}

/**
 * True when `challenge` was handed out for this purpose (and member) and has not expired; it is used up
 * either way, so a response can be checked once (replay protection). Passed to @simplewebauthn/server as
 * its expectedChallenge function.
 */
export async function takeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean> {
  if (challenge.length > 256) return false;
  const taken = await db.webAuthnChallenge.deleteMany({ where: { challenge, purpose, userId, expiresAt: { gt: new Date() } } });
  return taken.count === 1;
}
