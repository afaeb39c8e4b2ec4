import 'server-only';
import { db } from '@/lib/db';
import type { ProviderBase, SyncWindow, WearableAdapter } from './adapter';
import { WEARABLE_NAMES } from './catalogue';
import { connectionAccessToken } from './connection-tokens';
import { storeDays, storeHeartRates } from './metric-store';
import { providerJson, ProviderSyncError } from './provider-requests';

// One connection's sync of a window, whichever the provider: the connection is read, the provider's
// `sync` fetches its pages through a SyncRun (each request with the member's token, refreshed when due,
// and the rate limit waited out), and each page is stored before the next is asked for, so memory stays
// flat however long the window. Upserts make a rerun, or a resumed run, add nothing twice.

export type SyncOptions = {
  now?: Date;
  /** Told how far the sync has got (0 to 1) after each page, for the "Syncing" bar on /my_devices. */
  onProgress?: (fraction: number) => Promise<void> | void;
};
export type SyncResult = { days: number; requests: number };

/** Syncs `window` of the connection with the provider's `sync`; answers the days written and the requests made. */
export async function syncConnection(adapter: ProviderBase & Pick<WearableAdapter, 'sync'>, connectionId: string, window: SyncWindow, { now = new Date(), onProgress }: SyncOptions = {}): Promise<SyncResult> {
  const connection = await db.wearableConnection.findUniqueOrThrow({ where: { id: connectionId }, select: { userId: true, provider: true, scopes: true } });
  if (connection.provider !== adapter.provider) throw new ProviderSyncError(adapter.key, `not a connection to ${WEARABLE_NAMES[adapter.key]}`);
  const token = () => connectionAccessToken(connectionId, () => adapter);
  const counter = { requests: 0 };
  const written = new Set<string>();
  await adapter.sync({
    userId: connection.userId,
    scopes: connection.scopes,
    window,
    request: (url, options) => providerJson(adapter.key, url, { token, counter, ...options }),
    storeDays: async (days) => {
      await storeDays(connection.userId, adapter.source, days);
      for (const [day, fields] of days) if (Object.keys(fields).length) written.add(day);
    },
    storeHeartRates: async (samples) => {
      await storeHeartRates(connection.userId, adapter.source, samples);
    },
    progress: async (fraction) => {
      await onProgress?.(fraction);
    },
  });
  await db.wearableConnection.update({ where: { id: connectionId }, data: { lastSyncAt: now } });
  return { days: written.size, requests: counter.requests };
}

/**
 * Progress through a sync of `steps` equal parts: `step` of them done (0-based) and, within the current
 * one, `covered` of the window's time. Each provider's sync reports it after each page.
 */
export function progressOf(step: number, steps: number, window: SyncWindow, covered: number): number {
  const span = Math.max(window.to.getTime() - window.from.getTime(), 1);
  const within = Math.min(Math.max(covered / span, 0), 1);
  return Math.min((step + within) / steps, 1);
}
