import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { accessToken } from './tokens';
import { localDay, whoopDays, type WhoopCycle, type WhoopDay, type WhoopRecovery, type WhoopSleep } from './whoop-records';

// One Whoop connection's history for a window, into daily metrics (source WHOOP). It streams: each page
// (at most 25 records, Whoop's limit) is turned into days and upserted before the next is asked for, so
// memory stays flat however long the window. Upserts make a rerun, or a resumed run, add nothing twice.
// A 429 waits for its Retry-After (capped) and asks again.

const PAGE_SIZE = 25;
const MAX_WAIT_S = 60;
const MAX_RETRIES = 5;

export class WhoopSyncError extends Error {
  constructor(readonly kind: string) {
    super(`whoop sync failed: ${kind}`);
    this.name = 'WhoopSyncError';
  }
}

type Page<T> = { records: T[]; next_token?: string | null };

async function* pages<T>(path: string, window: { from: Date; to: Date }, token: () => Promise<string>, counter: { requests: number }): AsyncGenerator<T[]> {
  let next: string | null = null;
  do {
    const url = new URL(`${env.WHOOP_BASE_URL.replace(/\/+$/, '')}/developer/v2/${path}`);
    url.search = new URLSearchParams({ limit: String(PAGE_SIZE), start: window.from.toISOString(), end: window.to.toISOString(), ...(next ? { nextToken: next } : {}) }).toString();
    let page: Page<T> | null = null;
    for (let attempt = 0; !page; attempt++) {
      counter.requests += 1;
      const response = await fetch(url, { headers: { authorization: `Bearer ${await token()}`, accept: 'application/json' }, signal: AbortSignal.timeout(20_000) });
      if (response.status === 429 && attempt < MAX_RETRIES) {
        const wait = Math.min(Math.max(Number(response.headers.get('retry-after')) || 1, 1), MAX_WAIT_S);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      if (!response.ok) throw new WhoopSyncError(`HTTP ${response.status} on ${path}`);
      page = (await response.json()) as Page<T>;
    }
    yield Array.isArray(page.records) ? page.records : [];
    next = page.next_token ?? null;
  } while (next);
}

async function store(userId: string, days: Map<string, WhoopDay>): Promise<void> {
  for (const [day, fields] of days) {
    const date = new Date(`${day}T00:00:00.000Z`);
    await db.dailyMetric.upsert({
      where: { userId_day_source: { userId, day: date, source: MetricSource.WHOOP } },
      create: { userId, day: date, source: MetricSource.WHOOP, ...fields },
      update: fields,
    });
  }
}

/** Syncs `window` (sleeps first, so each recovery lands on its night's day); answers the days written and requests made. */
export async function syncWhoop(connectionId: string, window: { from: Date; to: Date }, now = new Date()): Promise<{ days: number; requests: number }> {
  const connection = await db.wearableConnection.findUniqueOrThrow({ where: { id: connectionId }, select: { userId: true, provider: true } });
  if (connection.provider !== 'WHOOP') throw new WhoopSyncError('not a Whoop connection');
  const token = () => accessToken(connectionId);
  const counter = { requests: 0 };
  const written = new Set<string>();
  const sleepDays = new Map<string, string>();
  const keep = async (days: Map<string, WhoopDay>) => {
    await store(connection.userId, days);
    for (const day of days.keys()) written.add(day);
  };

  for await (const sleeps of pages<WhoopSleep>('activity/sleep', window, token, counter)) {
    for (const sleep of sleeps) sleepDays.set(sleep.id, localDay(sleep.end, sleep.timezone_offset));
    await keep(whoopDays({ sleeps }));
  }
  for await (const recoveries of pages<WhoopRecovery>('recovery', window, token, counter)) await keep(whoopDays({ recoveries, knownSleepDays: sleepDays }));
  for await (const cycles of pages<WhoopCycle>('cycle', window, token, counter)) await keep(whoopDays({ cycles }));

  await db.wearableConnection.update({ where: { id: connectionId }, data: { lastSyncAt: now } });
  return { days: written.size, requests: counter.requests };
}
