import 'server-only';
import { createHmac } from 'node:crypto';
import { env } from '@/lib/env';
import type { Wearable } from './providers';

// Calls about the member's account at the provider, from each one's documentation:
// - who the token belongs to (which also proves the token works): Whoop GET
//   /developer/v2/user/profile/basic (`user_id`), Oura GET /v2/usercollection/personal_info (`id`),
//   Withings POST /v2/user action=getdevice (status 0; the member id came with the token);
// - revoking the app's access on disconnect: Whoop DELETE /developer/v2/user/access, Oura GET
//   /oauth/revoke?access_token=…, Withings: its notifications (POST /notify action=revoke, with the
//   token), then the grant itself, a signed call naming the member's Withings userid ("OAuth 2.0 -
//   Revoke user access", which ends the access and refresh tokens and the member's notifications):
//   POST /v2/signature action=getnonce, client_id, timestamp, signature answers `body.nonce`, then POST
//   /v2/oauth2 action=revoke, client_id, nonce, signature, userid. A signature is the hex HMAC-SHA256,
//   keyed with the client secret, of the signed parameters' values sorted by key and joined with commas:
//   `getnonce,<client_id>,<timestamp>` and `revoke,<client_id>,<nonce>` (developer.withings.com,
//   "Sign your requests"). Withings answers HTTP 200 with `{status, body}`; status 0 is success.

const TIMEOUT_MS = 8_000;
const trimmed = (url: string) => url.replace(/\/+$/, '');

/** The provider refused the token (it is not one it issued, or it was revoked or has expired). */
export class TokenRejected extends Error {
  constructor(readonly provider: Wearable) {
    super(`${provider} refused the token`);
    this.name = 'TokenRejected';
  }
}

/** The provider could not be asked (a network error, a timeout, a 5xx): try again later. */
export class ProviderUnavailable extends Error {
  constructor(readonly provider: Wearable) {
    super(`${provider} could not be reached`);
    this.name = 'ProviderUnavailable';
  }
}

async function call(wearable: Wearable, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ProviderUnavailable(wearable);
  }
}

async function jsonOf(wearable: Wearable, response: Response): Promise<Record<string, unknown>> {
  if (response.status === 401 || response.status === 403) throw new TokenRejected(wearable);
  if (!response.ok) throw new ProviderUnavailable(wearable);
  const body = (await response.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object') throw new ProviderUnavailable(wearable);
  return body as Record<string, unknown>;
}

const idText = (value: unknown): string | null => (typeof value === 'string' && value ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

/**
 * Asks the provider whose the token is; answers the member's id there (null where the answer names
 * none). Throws TokenRejected for a token the provider does not honour, ProviderUnavailable otherwise.
 */
export async function providerIdentity(wearable: Wearable, accessToken: string): Promise<string | null> {
  const bearer = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
  if (wearable === 'whoop') {
    const body = await jsonOf(wearable, await call(wearable, `${trimmed(env.WHOOP_BASE_URL)}/developer/v2/user/profile/basic`, { headers: bearer }));
    return idText(body.user_id);
  }
  if (wearable === 'oura') {
    const body = await jsonOf(wearable, await call(wearable, `${trimmed(env.OURA_API_BASE_URL)}/v2/usercollection/personal_info`, { headers: bearer }));
    return idText(body.id);
  }
  const body = await jsonOf(
    wearable,
    await call(wearable, `${trimmed(env.WITHINGS_API_BASE_URL)}/v2/user`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'getdevice' }) }),
  );
  // Withings answers HTTP 200 either way; 401 in the body is a refused token.
  if (body.status === 401) throw new TokenRejected(wearable);
  if (body.status !== 0) throw new ProviderUnavailable(wearable);
  return null;
}

/** Withings' notification categories (appli): 1 weight and body, 4 blood pressure and pulse, 16 activity, 44 sleep. */
export const WITHINGS_APPLIS = [1, 4, 16, 44] as const;

/**
 * Withings statuses that mean the grant is gone already (or never was): "Authentication failed" (100,
 * 101, 102, 200, 401), the userid absent or incorrect (247), the userid and credentials not matching
 * (250), the token invalid or unknown (283), the user deactivated (328), an unknown userid (353).
 * Anything else (an invalid signature or nonce, 601 too many requests, 2554 wrong action or webservice,
 * 2555 an unknown error…) may pass: it is worth another try, never taken as done.
 */
const WITHINGS_GRANT_GONE = new Set([100, 101, 102, 200, 401, 247, 250, 283, 328, 353]);

/** Withings' request signature: hex HMAC-SHA256 over the signed values (in their keys' alphabetical order), comma-joined. */
const withingsSignature = (secret: string, values: string[]) => createHmac('sha256', secret).update(values.join(',')).digest('hex');

/** A form POST to Withings' API; its `{status, body}` answer (any status: the caller reads it). */
async function withingsCall(path: string, fields: Record<string, string>): Promise<{ status: unknown; body: Record<string, unknown> }> {
  const response = await call('withings', `${trimmed(env.WITHINGS_API_BASE_URL)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderUnavailable('withings');
  }
  const answer = (await response.json().catch(() => null)) as { status?: unknown; body?: unknown } | null;
  if (!answer || typeof answer !== 'object') throw new ProviderUnavailable('withings');
  return { status: answer.status, body: answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : {} };
}

/** Unsubscribes the member's notifications, one category at a time; what Withings answers is not read. */
async function revokeWithingsNotifications(accessToken: string, callbackUrl: string): Promise<void> {
  for (const appli of WITHINGS_APPLIS) {
    const response = await call('withings', `${trimmed(env.WITHINGS_API_BASE_URL)}/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'revoke', callbackurl: callbackUrl, appli: String(appli) }),
    });
    await response.body?.cancel();
  }
}

/**
 * Revokes the app's grant for a Withings member: a nonce (valid once), then the signed revocation.
 * Throws TokenRejected when Withings knows no grant for the member, ProviderUnavailable otherwise.
 */
async function revokeWithingsGrant(userid: string): Promise<void> {
  const clientId = env.WITHINGS_CLIENT_ID;
  const secret = env.WITHINGS_CLIENT_SECRET;
  // Without the client's credentials nothing can be signed (and no member could have connected).
  if (!clientId || !secret) return;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const issued = await withingsCall('/v2/signature', { action: 'getnonce', client_id: clientId, timestamp, signature: withingsSignature(secret, ['getnonce', clientId, timestamp]) });
  const nonce = issued.body.nonce;
  // A refused nonce request is about the app's own credentials or clock, never the member's grant.
  if (issued.status !== 0 || typeof nonce !== 'string' || !nonce) throw new ProviderUnavailable('withings');
  const answer = await withingsCall('/v2/oauth2', { action: 'revoke', client_id: clientId, nonce, signature: withingsSignature(secret, ['revoke', clientId, nonce]), userid });
  if (answer.status === 0) return;
  if (typeof answer.status === 'number' && WITHINGS_GRANT_GONE.has(answer.status)) throw new TokenRejected('withings');
  throw new ProviderUnavailable('withings');
}

/**
 * Revokes the app's access at the provider, as far as its API allows. Best effort: throws on failure
 * (TokenRejected when the provider has nothing left to revoke), the caller logs.
 *
 * Withings: the member's notifications are revoked with the access token (when the callback they were
 * subscribed with is known), then the grant, by the member's Withings userid (the connection's
 * externalUserId). Without a userid only the notifications can be revoked, as before.
 */
export async function revokeAtProvider(wearable: Wearable, accessToken: string, withingsCallbackUrl?: string, withingsUserId?: string | null): Promise<void> {
  if (wearable === 'whoop') {
    const response = await call(wearable, `${trimmed(env.WHOOP_BASE_URL)}/developer/v2/user/access`, { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}` } });
    await response.body?.cancel();
    if (!response.ok && response.status !== 401) throw new ProviderUnavailable(wearable);
    return;
  }
  if (wearable === 'oura') {
    const url = new URL(`${trimmed(env.OURA_API_BASE_URL)}/oauth/revoke`);
    url.searchParams.set('access_token', accessToken);
    const response = await call(wearable, url.toString(), { method: 'GET' });
    await response.body?.cancel();
    if (!response.ok && response.status !== 401) throw new ProviderUnavailable(wearable);
    return;
  }
  const notifications = withingsCallbackUrl ? revokeWithingsNotifications(accessToken, withingsCallbackUrl) : Promise.resolve();
  if (!withingsUserId) return notifications;
  // Revoking the grant unsubscribes the notifications too, so theirs failing stops nothing.
  await notifications.catch(() => undefined);
  await revokeWithingsGrant(withingsUserId);
}
