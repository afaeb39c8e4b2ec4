import 'server-only';
import { db } from '@/lib/db';
import { ConnectionStatus, WearableProvider } from '@/lib/generated/prisma/enums';
import type { WebhookSettings } from '../adapter';
import { connectionAccessToken, NeedsReauth } from '../connection-tokens';
import { wearableConfigured } from '../oauth-grant';
import { accountCall } from '../provider-calls';
import { reachableBase, refuseNotification, sameText, secretDerivedToken, webhookAddress } from '../webhook-checks';
import { WITHINGS, WITHINGS_API } from './oauth';

// Withings' notifications, from its documentation: a notification is a form POST `userid, appli,
// startdate, enddate`; a HEAD (and the subscription's own check) wants a 200 within 2 s. Withings signs
// nothing, so the callback URL carries a token derived from the client secret, and a notification
// without it is refused. Subscriptions are per member (POST /notify action=subscribe with the member's
// token), one per category; Withings checks the callback with a HEAD first.

/** Withings' notification categories (appli): 1 weight and body, 4 blood pressure and pulse, 16 activity, 44 sleep. */
export const WITHINGS_APPLIS = [1, 4, 16, 44] as const;
const TIMEOUT_MS = 10_000;

/** The token in the callback URL the app gives Withings. */
export const withingsCallbackToken = () => secretDerivedToken(WITHINGS, 'withings-notify');

const callbackQuery = () => ({ token: withingsCallbackToken() ?? '' });

/** Subscribes Withings notifications for each connected member not yet subscribed; answers how many it subscribed. */
export async function subscribeWithingsMembers(base?: string, now = new Date()): Promise<number> {
  const callback = reachableBase(base);
  if (!callback || !wearableConfigured(WITHINGS)) return 0;
  const members = await db.wearableConnection.findMany({ where: { provider: WearableProvider.WITHINGS, status: ConnectionStatus.CONNECTED, notifySubscribedAt: null }, select: { id: true } });
  let subscribed = 0;
  for (const { id } of members) {
    try {
      const token = await connectionAccessToken(id, () => WITHINGS, now);
      let ok = true;
      for (const appli of WITHINGS_APPLIS) {
        const response = await fetch(`${WITHINGS_API}/notify`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action: 'subscribe', callbackurl: webhookAddress('withings', callback, callbackQuery()), appli: String(appli) }),
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

/** Unsubscribes the member's notifications, one category at a time; what Withings answers is not read. */
export async function unsubscribeWithingsMember(accessToken: string, callbackUrl: string): Promise<void> {
  for (const appli of WITHINGS_APPLIS) {
    const response = await accountCall('withings', `${WITHINGS_API}/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'revoke', callbackurl: callbackUrl, appli: String(appli) }),
    });
    await response.body?.cancel();
  }
}

export const withingsWebhook: WebhookSettings = {
  verify: ({ url }) => {
    const expected = withingsCallbackToken();
    if (!expected || !sameText(url.searchParams.get('token') ?? '', expected)) refuseNotification('withings', 'bad callback token');
  },
  member: (raw) => new URLSearchParams(raw).get('userid'),
  callbackQuery,
  maintainSubscriptions: subscribeWithingsMembers,
};
