import 'server-only';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { WearableSyncJob } from '@/lib/jobs/queues';
import { queueWearableSync } from '@/lib/jobs/send';
import { ConnectionStatus } from '@/lib/generated/prisma/enums';
import { WEARABLE_NAMES, type WearableKey } from './catalogue';
import type { SyncWindow } from './adapter';
import { syncConnection, type SyncResult } from './connection-sync';
import { NeedsReauth } from './connection-tokens';
import { adapterFor, adapterOfProvider } from './registry';
import { noteMember } from '@/lib/observability/runtime';

// A sync of one connection, as the job queue runs it (lib/jobs), and "Sync now" asking for one. The
// provider's part is its adapter's `sync` (connection-sync.ts). The first sync is the 90-day backfill,
// every later one is incremental, from a little before the last finished sync (providers rescore the
// last night or two). A sync that dies half-way did not move `lastSyncAt`, so the retry covers the same
// window again; the upserts make that add nothing twice. While it runs, the connection carries its
// progress for the "Syncing" bar on /my_devices.

export const BACKFILL_DAYS = 90;
/** An incremental sync starts this long before the last one finished. */
export const OVERLAP_MS = 2 * 86_400_000;
const DAY_MS = 86_400_000;
const MAX_DAYS = 3 * 365;

/** The window a sync covers: the backfill until one has finished, then from just before the last sync. */
export function syncWindow(connection: { backfilledAt: Date | null; lastSyncAt: Date | null }, now: Date, days?: number): SyncWindow {
  const back = (n: number) => new Date(now.getTime() - Math.min(Math.max(Math.round(n), 1), MAX_DAYS) * DAY_MS);
  if (days !== undefined) return { from: back(days), to: now };
  if (!connection.backfilledAt || !connection.lastSyncAt) return { from: back(BACKFILL_DAYS), to: now };
  return { from: new Date(Math.max(connection.lastSyncAt.getTime() - OVERLAP_MS, back(BACKFILL_DAYS).getTime())), to: now };
}

/** Marks a connection as syncing (0 %) from now, unless it already is: what the card shows until the job starts. */
export async function markSyncing(connectionId: string, now = new Date()): Promise<void> {
  await db.wearableConnection.updateMany({ where: { id: connectionId, syncStartedAt: null }, data: { syncStartedAt: now, syncProgress: 0 } });
}

/** "Sync now": queues an incremental sync of the user's own connection (one waits per connection however often it is pressed). */
export async function requestSync(userId: string, wearable: WearableKey, now = new Date()): Promise<void> {
  const connection = await db.wearableConnection.findUnique({ where: { userId_provider: { userId, provider: adapterFor(wearable).provider } }, select: { id: true, status: true } });
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

/**
 * The job's work. A connection that is gone, or that needs the user to reconnect, ends the job quietly
 * (a retry would not help); a provider's outage throws, and the queue retries with backoff.
 */
export async function runWearableSync({ connectionId, days }: WearableSyncJob, now = new Date()): Promise<SyncResult | null> {
  const connection = await db.wearableConnection.findUnique({ where: { id: connectionId }, select: { userId: true, provider: true, status: true, backfilledAt: true, lastSyncAt: true } });
  if (!connection || connection.status !== ConnectionStatus.CONNECTED) return null;
  noteMember(connection.userId);
  const backfill = !connection.backfilledAt;
  const window = syncWindow(connection, now, days);
  const name = connection.provider.toLowerCase();
  await markSyncing(connectionId, now);
  let shown = 0;
  const onProgress = async (fraction: number) => {
    const percent = Math.min(Math.floor(fraction * 100), 99);
    if (percent <= shown) return;
    shown = percent;
    await db.wearableConnection.updateMany({ where: { id: connectionId }, data: { syncProgress: percent } });
  };
  const idle = (extra: { backfilledAt?: Date } = {}) => db.wearableConnection.updateMany({ where: { id: connectionId }, data: { syncStartedAt: null, syncProgress: null, ...extra } });
  try {
    const result = await syncConnection(adapterOfProvider(connection.provider), connectionId, window, { now, onProgress });
    await idle(backfill ? { backfilledAt: now } : {});
    console.log(`[wearables] ${name} ${backfill ? 'backfill' : 'sync'} wrote ${result.days} day(s) in ${result.requests} request(s)`);
    return result;
  } catch (error) {
    await idle().catch(() => undefined);
    if (error instanceof NeedsReauth) return null;
    // The kind only: an error's text could carry a URL with a token in it.
    console.error(`[wearables] ${name} sync failed (${error instanceof Error ? error.name : 'unknown error'}); the queue will retry it`);
    throw error;
  }
}

/** How long without a sync (and without a provider notification) before the poller syncs a connection. */
export const POLL_AFTER_MS = 6 * 3_600_000;

/** The connections whose webhooks went quiet: connected, and neither synced nor notified for POLL_AFTER_MS. */
export async function quietConnections(now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - POLL_AFTER_MS);
  const rows = await db.wearableConnection.findMany({
    where: {
      status: ConnectionStatus.CONNECTED,
      OR: [{ lastSyncAt: null }, { lastSyncAt: { lt: before } }],
      AND: [{ OR: [{ lastWebhookAt: null }, { lastWebhookAt: { lt: before } }] }],
    },
    select: { id: true },
    orderBy: { lastSyncAt: { sort: 'asc', nulls: 'first' } },
  });
  return rows.map((row) => row.id);
}
