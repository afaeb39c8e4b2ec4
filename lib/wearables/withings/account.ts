import 'server-only';
import { createHmac } from 'node:crypto';
import { env } from '@/lib/env';
import type { RevokedMember } from '../adapter';
import { accountCall, accountJson, ProviderUnavailable, TokenRejected } from '../provider-calls';
import { WITHINGS_API } from './oauth';
import { unsubscribeWithingsMember } from './webhook';

// The member's account at Withings, from its documentation:
// - whose a token is: POST /v2/user action=getdevice (status 0; the member id came with the token).
// - revoking: the member's notifications (POST /notify action=revoke, with the token), then the grant
//   itself, a signed call naming the member's Withings userid ("OAuth 2.0 - Revoke user access", which
//   ends the access and refresh tokens and the member's notifications): POST /v2/signature
//   action=getnonce, client_id, timestamp, signature answers `body.nonce`, then POST /v2/oauth2
//   action=revoke, client_id, nonce, signature, userid. A signature is the hex HMAC-SHA256, keyed with
//   the client secret, of the signed parameters' values sorted by key and joined with commas:
//   `getnonce,<client_id>,<timestamp>` and `revoke,<client_id>,<nonce>` (developer.withings.com, "Sign
//   your requests"). Withings answers HTTP 200 with `{status, body}`; status 0 is success.

/** Asks Withings whether the token works; its answer names no member (the id came with the token). */
export async function identifyWithingsMember(accessToken: string): Promise<null> {
  const body = await accountJson(
    'withings',
    await accountCall('withings', `${WITHINGS_API}/v2/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'getdevice' }),
    }),
  );
  // Withings answers HTTP 200 either way; 401 in the body is a refused token.
  if (body.status === 401) throw new TokenRejected('withings');
  if (body.status !== 0) throw new ProviderUnavailable('withings');
  return null;
}

/**
 * Withings statuses that mean the grant is gone already (or never was): "Authentication failed" (100,
 * 101, 102, 200, 401), the userid absent or incorrect (247), the userid and credentials not matching
 * (250), the token invalid or unknown (283), the user deactivated (328), an unknown userid (353).
 * Anything else (an invalid signature or nonce, 601 too many requests, 2554 wrong action or webservice,
 * 2555 an unknown error…) may pass: it is worth another try, never taken as done.
 */
const WITHINGS_GRANT_GONE = new Set([100, 101, 102, 200, 401, 247, 250, 283, 328, 353]);

/** Withings' request signature: hex HMAC-SHA256 over the signed values (in their keys' alphabetical order), comma-joined. */
const signature = (secret: string, values: string[]) => createHmac('sha256', secret).update(values.join(',')).digest('hex');

/** A form POST to Withings' API; its `{status, body}` answer (any status: the caller reads it). */
async function signedCall(path: string, fields: Record<string, string>): Promise<{ status: unknown; body: Record<string, unknown> }> {
  const response = await accountCall('withings', `${WITHINGS_API}${path}`, {
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

/**
 * Revokes the app's grant for a Withings member: a nonce (valid once), then the signed revocation.
 * Throws TokenRejected when Withings knows no grant for the member, ProviderUnavailable otherwise.
 */
async function revokeGrant(userid: string): Promise<void> {
  const clientId = env.WITHINGS_CLIENT_ID;
  const secret = env.WITHINGS_CLIENT_SECRET;
  // Without the client's credentials nothing can be signed (and no member could have connected).
  if (!clientId || !secret) return;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const issued = await signedCall('/v2/signature', { action: 'getnonce', client_id: clientId, timestamp, signature: signature(secret, ['getnonce', clientId, timestamp]) });
  const nonce = issued.body.nonce;
  // A refused nonce request is about the app's own credentials or clock, never the member's grant.
  if (issued.status !== 0 || typeof nonce !== 'string' || !nonce) throw new ProviderUnavailable('withings');
  const answer = await signedCall('/v2/oauth2', { action: 'revoke', client_id: clientId, nonce, signature: signature(secret, ['revoke', clientId, nonce]), userid });
  if (answer.status === 0) return;
  if (typeof answer.status === 'number' && WITHINGS_GRANT_GONE.has(answer.status)) throw new TokenRejected('withings');
  throw new ProviderUnavailable('withings');
}

/**
 * The member's notifications are revoked with the access token (when the callback they were subscribed
 * with is known), then the grant, by the member's Withings userid (the connection's externalUserId).
 * Without a userid only the notifications can be revoked.
 */
export async function revokeWithingsAccess(accessToken: string, { callbackUrl, externalUserId }: RevokedMember): Promise<void> {
  const notifications = callbackUrl ? unsubscribeWithingsMember(accessToken, callbackUrl) : Promise.resolve();
  if (!externalUserId) return notifications;
  // Revoking the grant unsubscribes the notifications too, so theirs failing stops nothing.
  await notifications.catch(() => undefined);
  await revokeGrant(externalUserId);
}
