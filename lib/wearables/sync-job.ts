import 'server-only';
import { db } from '@/lib/db';
import { NeedsReauth } from './tokens';
import { syncWhoop } from './whoop-sync';

/** A sync of one connection over the last `days` days (90 for the backfill on connect). */
export type WearableSyncJob = { connectionId: string; days: number };

export const BACKFILL_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The job's work. A connection that is gone, or that needs the user to reconnect, ends the job quietly
 * (a retry would not help); a provider's outage throws, and the queue retries with backoff.
 */
export async function runWearableSync({ connectionId, days }: WearableSyncJob, now = new Date()): Promise<void> {
  const connection = await db.wearableConnection.findUnique({ where: { id: connectionId }, select: { provider: true } });
  if (!connection) return;
  const window = { from: new Date(now.getTime() - Math.min(Math.max(days, 1), 365) * DAY_MS), to: now };
  try {
    if (connection.provider === 'WHOOP') {
      const { days: written } = await syncWhoop(connectionId, window, now);
      console.log(`[wearables] whoop sync wrote ${written} day(s)`);
      return;
    }
    console.warn(`[wearables] syncing ${connection.provider.toLowerCase()} is not built yet; the connection is kept`);
  } catch (error) {
    if (error instanceof NeedsReauth) return;
    throw error;
  }
}
