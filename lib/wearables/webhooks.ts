import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ConnectionStatus } from '@/lib/generated/prisma/enums';
import { queueWearableSync } from '@/lib/jobs/send';
import type { WearableKey } from './catalogue';
import { adapterFor } from './registry';
import { markSyncing } from './sync-job';
import { webhookAddress } from './webhook-checks';

// The providers' notifications, once their adapter has verified them, turned into sync jobs (the job
// does the fetching; a webhook request only queues). A replay queues a sync that finds nothing new:
// the queue keeps one waiting sync per connection, and the sync's upserts never duplicate a day.

/** The address the provider notifies, with the query its adapter asks for (Withings' token). */
export const webhookUrl = (wearable: WearableKey, base = env.APP_URL): string => webhookAddress(wearable, base, adapterFor(wearable).webhook.callbackQuery?.());

/** Queues a sync for each connected member the provider named; answers how many were queued. */
export async function notified(wearable: WearableKey, externalUserId: string | null, now = new Date()): Promise<number> {
  if (!externalUserId || externalUserId.length > 100) return 0;
  const connections = await db.wearableConnection.findMany({
    where: { provider: adapterFor(wearable).provider, externalUserId, status: ConnectionStatus.CONNECTED },
    select: { id: true },
  });
  for (const { id } of connections) {
    await db.wearableConnection.update({ where: { id }, data: { lastWebhookAt: now } });
    await markSyncing(id, now);
    await queueWearableSync(id, 'webhook');
  }
  return connections.length;
}
