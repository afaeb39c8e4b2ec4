import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ConnectionStatus } from '@/lib/generated/prisma/enums';
import { queueWearableSync } from '@/lib/jobs/send';
import { ApiError } from '@/lib/errors';
import { revokeAtProvider } from './account';
import { PROVIDER_OF, WEARABLE_NAMES, wearableConfigured, WEARABLES, type Wearable } from './providers';
import { markSyncing } from './sync-job';
import { accessToken, storedAccessToken } from './tokens';
import { webhookUrl } from './webhooks';

/** A sync marked as started longer ago than this is taken to have died (the queue retries it); the card stops saying "Syncing". */
export const SYNC_STALE_MS = 30 * 60_000;

/** What /my_devices shows for each wearable: never a token. */
export type DeviceState = {
  wearable: Wearable;
  configured: boolean;
  status: 'connected' | 'syncing' | 'needs_reauth' | 'not_connected';
  /** While syncing: how far, in percent. */
  progress: number | null;
  connectedAt: string | null;
  lastSyncAt: string | null;
};

export async function deviceStates(userId: string, now = new Date()): Promise<DeviceState[]> {
  const rows = await db.wearableConnection.findMany({ where: { userId }, select: { provider: true, status: true, createdAt: true, lastSyncAt: true, syncStartedAt: true, syncProgress: true } });
  return WEARABLES.map((wearable) => {
    const row = rows.find((r) => r.provider === PROVIDER_OF[wearable]);
    const syncing = row?.status === ConnectionStatus.CONNECTED && row.syncStartedAt !== null && now.getTime() - row.syncStartedAt.getTime() < SYNC_STALE_MS;
    const status = syncing ? 'syncing' : row?.status === ConnectionStatus.CONNECTED ? 'connected' : row?.status === ConnectionStatus.NEEDS_REAUTH ? 'needs_reauth' : 'not_connected';
    return {
      wearable,
      configured: wearableConfigured(wearable),
      status,
      progress: syncing ? (row.syncProgress ?? 0) : null,
      connectedAt: row?.createdAt.toISOString() ?? null,
      lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
    };
  });
}

/** "Sync now": queues an incremental sync of the user's own connection (one waits per connection however often it is pressed). */
export async function requestSync(userId: string, wearable: Wearable, now = new Date()): Promise<void> {
  const connection = await db.wearableConnection.findUnique({ where: { userId_provider: { userId, provider: PROVIDER_OF[wearable] } }, select: { id: true, status: true } });
  if (!connection) throw new ApiError(404, `${WEARABLE_NAMES[wearable]} is not connected.`);
  if (connection.status !== ConnectionStatus.CONNECTED) throw new ApiError(409, `Reconnect ${WEARABLE_NAMES[wearable]} to sync it again.`);
  try {
    await queueWearableSync(connection.id, 'manual');
  } catch (error) {
    console.error(`[wearables] a sync could not be queued (${error instanceof Error ? error.name : 'unknown error'})`);
    throw new ApiError(503, 'Syncing is not available right now. Please try again in a few minutes.');
  }
  await markSyncing(connection.id, now);
}

/** The callback Withings' notifications were subscribed with, which revoking them names; none while Withings is not configured. */
export const withingsRevokeCallback = (): string | undefined => (env.WITHINGS_CLIENT_SECRET ? webhookUrl('withings') : undefined);

/**
 * Disconnects: the app's access is revoked at the provider where its API allows (best effort, so a
 * provider outage never keeps a user connected), then the connection row and its sealed tokens are
 * deleted, with any authorisation still in progress. The synced history stays the user's.
 */
export async function disconnect(userId: string, wearable: Wearable): Promise<void> {
  const provider = PROVIDER_OF[wearable];
  const connection = await db.wearableConnection.findUnique({ where: { userId_provider: { userId, provider } }, select: { id: true, status: true, externalUserId: true } });
  if (connection) {
    try {
      // A usable token: refreshed first if it is about to expire. One that needs reauthorising is tried as it is.
      const token = connection.status === ConnectionStatus.CONNECTED ? await accessToken(connection.id) : await storedAccessToken(connection.id);
      await revokeAtProvider(wearable, token, withingsRevokeCallback(), connection.externalUserId);
    } catch (error) {
      console.warn(`[wearables] revoking ${wearable} access at the provider failed (${error instanceof Error ? error.name : 'unknown error'}); the tokens are deleted anyway`);
    }
  }
  await db.$transaction([db.wearableConnection.deleteMany({ where: { userId, provider } }), db.wearableOAuthState.deleteMany({ where: { userId, provider } })]);
}
