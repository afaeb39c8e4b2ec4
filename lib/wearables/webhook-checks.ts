import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@/lib/errors';
import { env } from '@/lib/env';
import { noticeOnce } from '@/lib/operator-notice';
import type { ProviderBase } from './adapter';
import type { WearableKey } from './catalogue';

// What the adapters' webhook checks are made of: a notification is believed only once it proves to
// be the provider's (an HMAC signature over a fresh timestamp, or a token only the provider was given),
// and a refused one answers 401 with the reason in the log.

/** A signature older (or newer) than this is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export function refuseNotification(provider: WearableKey, why: string): never {
  console.warn(`[wearables] a ${provider} webhook was refused: ${why}`);
  throw new ApiError(401, 'The notification could not be verified.');
}

/** Compares in constant time. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A timestamp header as milliseconds (Whoop sends ms; seconds are accepted too), or null. */
function instantOf(header: string): number | null {
  if (!/^\d{1,16}$/.test(header)) return null;
  const value = Number(header);
  return value < 1e12 ? value * 1000 : value;
}

/**
 * Checks a signature the provider made with the OAuth client secret: HMAC-SHA256 over the timestamp
 * header's value followed by the raw body, in base64 or hex (hex compared in lower case), and the
 * timestamp within SIGNATURE_TOLERANCE_MS of now.
 */
export function verifyHmacSignature(
  base: ProviderBase,
  { raw, headers }: { raw: string; headers: Headers },
  { signatureHeader, timestampHeader, encoding }: { signatureHeader: string; timestampHeader: string; encoding: 'base64' | 'hex' },
  now: number,
): void {
  const secret = env[base.oauth.clientSecretEnv];
  if (!secret) refuseNotification(base.key, `${base.oauth.clientSecretEnv} is not set`);
  const timestamp = headers.get(timestampHeader) ?? '';
  const at = instantOf(timestamp);
  if (at === null) refuseNotification(base.key, 'no timestamp');
  if (Math.abs(now - at) > SIGNATURE_TOLERANCE_MS) refuseNotification(base.key, 'stale timestamp');
  const expected = createHmac('sha256', secret).update(timestamp + raw).digest(encoding);
  const given = headers.get(signatureHeader) ?? '';
  if (!sameText(encoding === 'hex' ? given.toLowerCase() : given, expected)) refuseNotification(base.key, 'bad signature');
}

/** A value derived from the provider's client secret (so nothing more needs configuring), for handshakes and callback tokens. */
export function secretDerivedToken(base: ProviderBase, purpose: string): string | null {
  const secret = env[base.oauth.clientSecretEnv];
  return secret ? createHmac('sha256', secret).update(`vitality:${purpose}`).digest('hex').slice(0, 32) : null;
}

/** The member named by a JSON notification's `user_id` (Whoop's and Oura's bodies). */
export function jsonUserId(raw: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'The notification is not valid JSON.');
  }
  const id = body && typeof body === 'object' ? (body as { user_id?: unknown }).user_id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** The address a provider notifies: /api/webhooks/{key} on `base`, with the query its adapter asks for. */
export function webhookAddress(provider: WearableKey, base: string, query: Record<string, string> = {}): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/api/webhooks/${provider}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The base the providers can call back: the one given (tests), or APP_URL when it is public https.
 * Providers can only reach a public https address: with a local APP_URL nothing is subscribed, and the
 * 6-hourly polling keeps the data coming.
 */
export function reachableBase(base: string | undefined): string | null {
  const url = base ?? env.APP_URL;
  if (base || url.startsWith('https://')) return url;
  noticeOnce('wearable-webhooks', 'wearable webhooks are not subscribed: providers need a public https APP_URL. Polling every 6 hours keeps wearable data coming.');
  return null;
}
