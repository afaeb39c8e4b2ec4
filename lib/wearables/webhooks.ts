import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ConnectionStatus } from '@/lib/generated/prisma/enums';
import { queueWearableSync } from '@/lib/jobs/send';
import { PROVIDER_OF, type Wearable } from './providers';
import { markSyncing } from './sync-job';

// The providers' notifications, checked before anything is believed, then turned into sync jobs (the
// job does the fetching; a webhook request only queues). A replay queues a sync that finds nothing new:
// the queue keeps one waiting sync per connection, and the sync's upserts never duplicate a day.
//
// - Whoop: X-WHOOP-Signature = base64(HMAC-SHA256(timestamp + raw body, client secret)), the timestamp
//   (ms) in X-WHOOP-Signature-Timestamp; body `{user_id, id, type, trace_id}`.
// - Oura: the subscription handshake is a GET with `verification_token` and `challenge`, answered with
//   `{challenge}`; each event is a POST signed with x-oura-signature = hex HMAC-SHA256(timestamp + raw
//   body, client secret), x-oura-timestamp beside it; body `{event_type, data_type, object_id, user_id}`.
// - Withings: a HEAD (and the subscription's own check) wants a 200 within 2 s; a notification is a
//   form POST `userid, appli, startdate, enddate`. Withings signs nothing, so the callback URL carries a
//   token derived from the client secret, and a notification without it is refused.

/** A signature older (or newer) than this is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const secretOf = (wearable: Wearable) => ({ whoop: env.WHOOP_CLIENT_SECRET, oura: env.OURA_CLIENT_SECRET, withings: env.WITHINGS_CLIENT_SECRET })[wearable];

function unauthorised(wearable: Wearable, why: string): never {
  console.warn(`[wearables] a ${wearable} webhook was refused: ${why}`);
  throw new ApiError(401, 'The notification could not be verified.');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A timestamp header as milliseconds (Whoop sends ms; seconds are accepted too), or null. */
function instantOf(header: string | null): number | null {
  if (!header || !/^\d{1,16}$/.test(header)) return null;
  const value = Number(header);
  return value < 1e12 ? value * 1000 : value;
}

function assertFresh(wearable: Wearable, header: string | null, now: number): string {
  const at = instantOf(header);
  if (at === null) unauthorised(wearable, 'no timestamp');
  if (Math.abs(now - at) > SIGNATURE_TOLERANCE_MS) unauthorised(wearable, 'stale timestamp');
  return header!;
}

export function verifyWhoop(raw: string, headers: Headers, now = Date.now()): void {
  const secret = secretOf('whoop');
  if (!secret) unauthorised('whoop', 'WHOOP_CLIENT_SECRET is not set');
  const timestamp = assertFresh('whoop', headers.get('x-whoop-signature-timestamp'), now);
  const expected = createHmac('sha256', secret).update(timestamp + raw).digest('base64');
  if (!sameText(headers.get('x-whoop-signature') ?? '', expected)) unauthorised('whoop', 'bad signature');
}

export function verifyOura(raw: string, headers: Headers, now = Date.now()): void {
  const secret = secretOf('oura');
  if (!secret) unauthorised('oura', 'OURA_CLIENT_SECRET is not set');
  const timestamp = assertFresh('oura', headers.get('x-oura-timestamp'), now);
  const expected = createHmac('sha256', secret).update(timestamp + raw).digest('hex');
  if (!sameText((headers.get('x-oura-signature') ?? '').toLowerCase(), expected)) unauthorised('oura', 'bad signature');
}

/** A value derived from the provider's client secret (so nothing more needs configuring), for handshakes. */
function derived(wearable: Wearable, purpose: string): string | null {
  const secret = secretOf(wearable);
  return secret ? createHmac('sha256', secret).update(`vitality:${purpose}`).digest('hex').slice(0, 32) : null;
}

/** The verification token the app gives Oura with each subscription, and checks on its handshake. */
export const ouraVerificationToken = () => derived('oura', 'oura-webhook-verification');
/** The token in the callback URL the app gives Withings. */
export const withingsCallbackToken = () => derived('withings', 'withings-notify');

export const webhookUrl = (wearable: Wearable, base = env.APP_URL) => {
  const url = new URL(`${base.replace(/\/+$/, '')}/api/webhooks/${wearable}`);
  if (wearable === 'withings') url.searchParams.set('token', withingsCallbackToken() ?? '');
  return url.toString();
};

/** Oura's GET handshake: the challenge echoed when the verification token is ours. */
export function ouraChallenge(search: URLSearchParams): { challenge: string } {
  const expected = ouraVerificationToken();
  const given = search.get('verification_token') ?? '';
  const challenge = search.get('challenge') ?? '';
  if (!expected || !sameText(given, expected) || !challenge || challenge.length > 500) unauthorised('oura', 'bad verification token');
  return { challenge };
}

export function verifyWithings(search: URLSearchParams): void {
  const expected = withingsCallbackToken();
  if (!expected || !sameText(search.get('token') ?? '', expected)) unauthorised('withings', 'bad callback token');
}

/** Queues a sync for each connected member the provider named; answers how many were queued. */
export async function notified(wearable: Wearable, externalUserId: string | null, now = new Date()): Promise<number> {
  if (!externalUserId || externalUserId.length > 100) return 0;
  const connections = await db.wearableConnection.findMany({
    where: { provider: PROVIDER_OF[wearable], externalUserId, status: ConnectionStatus.CONNECTED },
    select: { id: true },
  });
  for (const { id } of connections) {
    await db.wearableConnection.update({ where: { id }, data: { lastWebhookAt: now } });
    await markSyncing(id, now);
    await queueWearableSync(id, 'webhook');
  }
  return connections.length;
}

/** The member a notification names: Whoop's and Oura's `user_id` in a JSON body, Withings' `userid` form field. */
export function notifiedMember(wearable: Wearable, raw: string): string | null {
  if (wearable === 'withings') return new URLSearchParams(raw).get('userid');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'The notification is not valid JSON.');
  }
  const id = body && typeof body === 'object' ? (body as { user_id?: unknown }).user_id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}
