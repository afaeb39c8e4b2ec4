import 'server-only';
import { db } from '@/lib/db';
import { ConnectionStatus } from '@/lib/generated/prisma/enums';
import { WEARABLE_KEYS, type WearableKey } from './catalogue';
import { wearableConfigured } from './oauth-grant';
import { adapterFor } from './registry';

// Where each of a user's wearables stands, for the device cards and the token checks; never a token.

/** A sync marked as started longer ago than this is taken to have died (the queue retries it); the card stops saying "Syncing". */
export const SYNC_STALE_MS = 30 * 60_000;

/** What /my_devices shows for each wearable: never a token. */
export type DeviceState = {
  wearable: WearableKey;
  configured: boolean;
  status: 'connected' | 'syncing' | 'needs_reauth' | 'not_connected';
  /** While syncing: how far, in percent. */
  progress: number | null;
  connectedAt: string | null;
  lastSyncAt: string | null;
};

export async function deviceStates(userId: string, now = new Date()): Promise<DeviceState[]> {
  const rows = await db.wearableConnection.findMany({ where: { userId }, select: { provider: true, status: true, createdAt: true, lastSyncAt: true, syncStartedAt: true, syncProgress: true } });
  return WEARABLE_KEYS.map((wearable) => {
    const adapter = adapterFor(wearable);
    const row = rows.find((r) => r.provider === adapter.provider);
    const syncing = row?.status === ConnectionStatus.CONNECTED && row.syncStartedAt !== null && now.getTime() - row.syncStartedAt.getTime() < SYNC_STALE_MS;
    const status = syncing ? 'syncing' : row?.status === ConnectionStatus.CONNECTED ? 'connected' : row?.status === ConnectionStatus.NEEDS_REAUTH ? 'needs_reauth' : 'not_connected';
    return {
      wearable,
      configured: wearableConfigured(adapter),
      status,
      progress: syncing ? (row.syncProgress ?? 0) : null,
      connectedAt: row?.createdAt.toISOString() ?? null,
      lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
    };
  });
}

/** Whether the user's connection to the wearable is usable (GET /api/{wearable}_token_exists). */
export async function wearableConnected(userId: string, wearable: WearableKey): Promise<boolean> {
  const connection = await db.wearableConnection.findUnique({
    where: { userId_provider: { userId, provider: adapterFor(wearable).provider } },
    select: { status: true },
  });
  return connection?.status === ConnectionStatus.CONNECTED;
}
