import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { WearableProvider } from '@/lib/generated/prisma/enums';
import type { WebhookSettings } from '../adapter';
import { wearableConfigured } from '../oauth-grant';
import { jsonUserId, reachableBase, refuseNotification, sameText, secretDerivedToken, verifyHmacSignature, webhookAddress } from '../webhook-checks';
import { OURA, OURA_API } from './oauth';

// Oura's webhooks, from its API v2 documentation:
// - each event is a POST signed with x-oura-signature = hex HMAC-SHA256(timestamp + raw body, client
//   secret), x-oura-timestamp beside it; body `{event_type, data_type, object_id, user_id}`.
// - subscriptions are the app's, per data type and event (POST /v2/webhook/subscription with the app's
//   client id and secret in headers); Oura then calls the callback with a GET handshake,
//   `verification_token` and `challenge`, answered with `{challenge}`. Subscriptions expire, so one that
//   ends within RENEW_WITHIN_MS is renewed (PUT /v2/webhook/subscription/renew/{id}).

export const OURA_DATA_TYPES = ['daily_sleep', 'daily_activity', 'daily_readiness', 'sleep'] as const;
export const OURA_EVENT_TYPES = ['create', 'update'] as const;
export const RENEW_WITHIN_MS = 7 * 86_400_000;
const TIMEOUT_MS = 10_000;

/** The verification token the app gives Oura with each subscription, and checks on its handshake. */
export const ouraVerificationToken = () => secretDerivedToken(OURA, 'oura-webhook-verification');

/** Oura's GET handshake: the challenge echoed when the verification token is ours. */
export function ouraChallenge(search: URLSearchParams): { challenge: string } {
  const expected = ouraVerificationToken();
  const given = search.get('verification_token') ?? '';
  const challenge = search.get('challenge') ?? '';
  if (!expected || !sameText(given, expected) || !challenge || challenge.length > 500) refuseNotification('oura', 'bad verification token');
  return { challenge };
}

type OuraSubscription = { id?: unknown; expiration_time?: unknown };

async function subscriptionCall(path: string, init: { method: 'POST' | 'PUT'; body?: unknown }): Promise<OuraSubscription | null> {
  const response = await fetch(`${OURA_API}${path}`, {
    method: init.method,
    headers: { 'x-client-id': env.OURA_CLIENT_ID ?? '', 'x-client-secret': env.OURA_CLIENT_SECRET ?? '', 'content-type': 'application/json', accept: 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    console.warn(`[wearables] Oura answered HTTP ${response.status} to a webhook subscription call`);
    return null;
  }
  return (await response.json().catch(() => null)) as OuraSubscription | null;
}

const expiryOf = (subscription: OuraSubscription) => (typeof subscription.expiration_time === 'string' && !Number.isNaN(Date.parse(subscription.expiration_time)) ? new Date(subscription.expiration_time) : null);

/** Makes each Oura subscription that is missing and renews each that is about to expire; answers how many it changed. */
export async function maintainOuraSubscriptions(base?: string, now = new Date()): Promise<number> {
  const callback = reachableBase(base);
  const verification = ouraVerificationToken();
  if (!callback || !verification || !wearableConfigured(OURA)) return 0;
  const existing = await db.webhookSubscription.findMany({ where: { provider: WearableProvider.OURA } });
  let changed = 0;
  for (const dataType of OURA_DATA_TYPES) {
    for (const eventType of OURA_EVENT_TYPES) {
      const found = existing.find((row) => row.dataType === dataType && row.eventType === eventType);
      if (found && found.expiresAt && found.expiresAt.getTime() - now.getTime() > RENEW_WITHIN_MS) continue;
      const answer = found
        ? await subscriptionCall(`/v2/webhook/subscription/renew/${encodeURIComponent(found.externalId)}`, { method: 'PUT' })
        : await subscriptionCall('/v2/webhook/subscription', { method: 'POST', body: { callback_url: webhookAddress('oura', callback), verification_token: verification, event_type: eventType, data_type: dataType } });
      if (!answer || (typeof answer.id !== 'string' && !found)) continue;
      const externalId = typeof answer.id === 'string' ? answer.id : found!.externalId;
      await db.webhookSubscription.upsert({
        where: { provider_dataType_eventType: { provider: WearableProvider.OURA, dataType, eventType } },
        create: { provider: WearableProvider.OURA, dataType, eventType, externalId, expiresAt: expiryOf(answer) },
        update: { externalId, expiresAt: expiryOf(answer) },
      });
      changed += 1;
    }
  }
  return changed;
}

export const ouraWebhook: WebhookSettings = {
  verify: (notification, now) => verifyHmacSignature(OURA, notification, { signatureHeader: 'x-oura-signature', timestampHeader: 'x-oura-timestamp', encoding: 'hex' }, now),
  member: jsonUserId,
  maintainSubscriptions: maintainOuraSubscriptions,
};
