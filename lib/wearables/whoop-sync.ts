import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { accessToken } from './tokens';
import { localDay, whoopDays, type WhoopCycle, type WhoopRecovery, type WhoopSleep } from './whoop-records';
import { progressOf, providerJson, ProviderSyncError, storeDays, type RequestCounter, type SyncOptions, type SyncResult, type SyncWindow } from './sync-http';

// One Whoop connection's history for a window, into daily metrics (source WHOOP). It streams: each page
// (at most 25 records, Whoop's limit) is turned into days and upserted before the next is asked for, so
// memory stays flat however long the window. Upserts make a rerun, or a resumed run, add nothing twice.
// A 429 waits for its Retry-After (capped) and asks again (sync-http.ts).

const PAGE_SIZE = 25;

type Page<T> = { records?: T[]; next_token?: string | null };

/** Pages of one collection, newest first, each with the start of its oldest record (for progress). */
async function* pages<T extends { start?: string; created_at?: string }>(path: string, window: SyncWindow, token: () => Promise<string>, counter: RequestCounter): AsyncGenerator<{ records: T[]; oldest: number | null }> {
  let next: string | null = null;
  do {
    const url = new URL(`${env.WHOOP_BASE_URL.replace(/\/+$/, '')}/developer/v2/${path}`);
    url.search = new URLSearchParams({ limit: String(PAGE_SIZE), start: window.from.toISOString(), end: window.to.toISOString(), ...(next ? { nextToken: next } : {}) }).toString();
    const page = (await providerJson('whoop', url, { token, counter })) as Page<T> | null;
    const records = Array.isArray(page?.records) ? page.records : [];
    const times = records.map((r) => Date.parse(r.start ?? r.created_at ?? '')).filter(Number.isFinite);
    yield { records, oldest: times.length ? Math.min(...times) : null };
    next = typeof page?.next_token === 'string' && page.next_token ? page.next_token : null;
  } while (next);
}

/** Syncs `window` (sleeps first, so each recovery lands on its night's day); answers the days written and requests made. */
export async function syncWhoop(connectionId: string, window: SyncWindow, { now = new Date(), onProgress }: SyncOptions = {}): Promise<SyncResult> {
  const connection = await db.wearableConnection.findUniqueOrThrow({ where: { id: connectionId }, select: { userId: true, provider: true } });
  if (connection.provider !== 'WHOOP') throw new ProviderSyncError('whoop', 'not a Whoop connection');
  const token = () => accessToken(connectionId);
  const counter = { requests: 0 };
  const written = new Set<string>();
  const sleepDays = new Map<string, string>();
  const keep = async (days: Map<string, object>, step: number, oldest: number | null) => {
    await storeDays(connection.userId, MetricSource.WHOOP, days);
    for (const day of days.keys()) written.add(day);
    await onProgress?.(progressOf(step, 3, window, oldest === null ? 0 : window.to.getTime() - oldest));
  };

  for await (const { records: sleeps, oldest } of pages<WhoopSleep>('activity/sleep', window, token, counter)) {
    for (const sleep of sleeps) sleepDays.set(sleep.id, localDay(sleep.end, sleep.timezone_offset));
    await keep(whoopDays({ sleeps }), 0, oldest);
  }
  await onProgress?.(1 / 3);
  for await (const { records: recoveries, oldest } of pages<WhoopRecovery>('recovery', window, token, counter)) await keep(whoopDays({ recoveries, knownSleepDays: sleepDays }), 1, oldest);
  await onProgress?.(2 / 3);
  for await (const { records: cycles, oldest } of pages<WhoopCycle>('cycle', window, token, counter)) await keep(whoopDays({ cycles }), 2, oldest);
  await onProgress?.(1);

  await db.wearableConnection.update({ where: { id: connectionId }, data: { lastSyncAt: now } });
  return { days: written.size, requests: counter.requests };
}
