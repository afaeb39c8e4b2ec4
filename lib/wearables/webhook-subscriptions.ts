import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ConnectionStatus, WearableProvider } from '@/lib/generated/prisma/enums';
import { noticeOnce } from '@/lib/operator-notice';
import { WITHINGS_APPLIS } from './account';
import { wearableConfigured } from './providers';
import { accessToken, NeedsReauth } from './tokens';
import { ouraVerificationToken, webhookUrl } from './webhooks';

// Keeps the providers' notifications coming (a daily job, lib/jobs):
// - Oura subscribes per data type and event for the whole app (POST /v2/webhook/subscription with the
//   app's client id and secret in headers; Oura then calls the handshake). Subscriptions expire, so one
//   that ends within RENEW_WITHIN_MS is renewed (PUT /v2/webhook/subscription/renew/{id}).
// - Withings subscribes per member (POST /notify action=subscribe with the member's token), one
//   subscription per category; Withings checks the callback with a HEAD first.
// - Whoop's webhook URL is set once in its developer dashboard; there is nothing to call.
// Providers can only reach a public https address: with a local APP_URL this does nothing, and the
// 6-hourly polling keeps the data coming.

export const OURA_DATA_TYPES = ['daily_sleep', 'daily_activity', 'daily_readiness', 'sleep'] as const;
export const OURA_EVENT_TYPES = ['create', 'update'] as const;
export const RENEW_WITHIN_MS = 7 * 86_400_000;
const TIMEOUT_MS = 10_000;

const trimmed = (url: string) => url.replace(/\/+$/, '');

function reachableBase(base: string | undefined): string | null {
  const url = base ?? env.APP_URL;
  if (base || url.startsWith('https://')) return url;
  noticeOnce('wearable-webhooks', 'wearable webhooks are not subscribed: providers need a public https APP_URL. Polling every 6 hours keeps wearable data coming.');
  return null;
}

type OuraSubscription = { id?: unknown; expiration_time?: unknown };

async function ouraCall(path: string, init: { method: 'POST' | 'PUT'; body?: unknown }): Promise<OuraSubscription | null> {
  const response = await fetch(`${trimmed(env.OURA_API_BASE_URL)}${path}`, {
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
  if (!callback || !verification || !wearableConfigured('oura')) return 0;
  const existing = await db.webhookSubscription.findMany({ where: { provider: WearableProvider.OURA } });
  let changed = 0;
  for (const dataType of OURA_DATA_TYPES) {
    for (const eventType of OURA_EVENT_TYPES) {
      const found = existing.find((row) => row.dataType === dataType && row.eventType === eventType);
      if (found && found.expiresAt && found.expiresAt.getTime() - now.getTime() > RENEW_WITHIN_MS) continue;
      const answer = found
        ? await ouraCall(`/v2/webhook/subscription/renew/${encodeURIComponent(found.externalId)}`, { method: 'PUT' })
        : await ouraCall('/v2/webhook/subscription', { method: 'POST', body: { callback_url: webhookUrl('oura', callback), verification_token: verification, event_type: eventType, data_type: dataType } });
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

/** Subscribes Withings notifications for each connected member not yet subscribed; answers how many it subscribed. */
export async function subscribeWithingsMembers(base?: string, now = new Date()): Promise<number> {
  const callback = reachableBase(base);
  if (!callback || !wearableConfigured('withings')) return 0;
  const members = await db.wearableConnection.findMany({ where: { provider: WearableProvider.WITHINGS, status: ConnectionStatus.CONNECTED, notifySubscribedAt: null }, select: { id: true } });
  let subscribed = 0;
  for (const { id } of members) {
    try {
      const token = await accessToken(id, now);
      let ok = true;
      for (const appli of WITHINGS_APPLIS) {
        const response = await fetch(`${trimmed(env.WITHINGS_API_BASE_URL)}/notify`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action: 'subscribe', callbackurl: webhookUrl('withings', callback), appli: String(appli) }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const answer = (await response.json().catch(() => null)) as { status?: unknown } | null;
        if (answer?.status !== 0) ok = false;
      }
      if (!ok) {
        console.warn('[wearables] Withings refused a notification subscription; polling covers that member');
        continue;
      }
      await db.wearableConnection.update({ where: { id }, data: { notifySubscribedAt: now } });
      subscribed += 1;
    } catch (error) {
      if (!(error instanceof NeedsReauth)) console.warn(`[wearables] subscribing Withings notifications failed (${error instanceof Error ? error.name : 'unknown error'})`);
    }
  }
  return subscribed;
}

/** The daily job. */
export async function maintainWebhooks(base?: string, now = new Date()): Promise<void> {
  const oura = await maintainOuraSubscriptions(base, now);
  const withings = await subscribeWithingsMembers(base, now);
  if (oura || withings) console.log(`[wearables] webhook subscriptions: ${oura} Oura made or renewed, ${withings} Withings member(s) subscribed`);
}
