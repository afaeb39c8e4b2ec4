import 'server-only';
import type { SyncRun, SyncWindow } from '../adapter';
import { progressOf, syncConnection, type SyncOptions, type SyncResult } from '../connection-sync';
import type { DayFields } from '../metric-store';
import { WHOOP, WHOOP_API } from './oauth';
import { localDay, whoopDays, type WhoopCycle, type WhoopRecovery, type WhoopSleep } from './records';

// One Whoop member's history for a window (developer/v2), into daily metrics. Each page holds at most
// 25 records (Whoop's limit); a 429 waits for its Retry-After (capped) and asks again (provider-requests.ts).

const PAGE_SIZE = 25;

type Page<T> = { records?: T[]; next_token?: string | null };

/** Pages of one collection, newest first, each with the start of its oldest record (for progress). */
async function* pages<T extends { start?: string; created_at?: string }>(run: SyncRun, path: string): AsyncGenerator<{ records: T[]; oldest: number | null }> {
  let next: string | null = null;
  do {
    const url = new URL(`${WHOOP_API}/developer/v2/${path}`);
    url.search = new URLSearchParams({ limit: String(PAGE_SIZE), start: run.window.from.toISOString(), end: run.window.to.toISOString(), ...(next ? { nextToken: next } : {}) }).toString();
    const page = (await run.request(url)) as Page<T> | null;
    const records = Array.isArray(page?.records) ? page.records : [];
    const times = records.map((r) => Date.parse(r.start ?? r.created_at ?? '')).filter(Number.isFinite);
    yield { records, oldest: times.length ? Math.min(...times) : null };
    next = typeof page?.next_token === 'string' && page.next_token ? page.next_token : null;
  } while (next);
}

/** Fetches the window: sleeps first, so each recovery lands on its night's day, then recoveries and cycles. */
export async function fetchWhoopHistory(run: SyncRun): Promise<void> {
  const { window } = run;
  const sleepDays = new Map<string, string>();
  const keep = async (days: ReadonlyMap<string, DayFields>, step: number, oldest: number | null) => {
    await run.storeDays(days);
    await run.progress(progressOf(step, 3, window, oldest === null ? 0 : window.to.getTime() - oldest));
  };

  for await (const { records: sleeps, oldest } of pages<WhoopSleep>(run, 'activity/sleep')) {
    for (const sleep of sleeps) sleepDays.set(sleep.id, localDay(sleep.end, sleep.timezone_offset));
    await keep(whoopDays({ sleeps }), 0, oldest);
  }
  await run.progress(1 / 3);
  // A recovery names its cycle and its night: the cycle's energy goes on the night's (waking) day.
  const cycleDays = new Map<number, string>();
  for await (const { records: recoveries, oldest } of pages<WhoopRecovery>(run, 'recovery')) {
    for (const recovery of recoveries) {
      const night = sleepDays.get(recovery.sleep_id);
      if (night) cycleDays.set(recovery.cycle_id, night);
    }
    await keep(whoopDays({ recoveries, knownSleepDays: sleepDays }), 1, oldest);
  }
  await run.progress(2 / 3);
  for await (const { records: cycles, oldest } of pages<WhoopCycle>(run, 'cycle')) await keep(whoopDays({ cycles, knownCycleDays: cycleDays }), 2, oldest);
  await run.progress(1);
}

/** Syncs one Whoop connection's window, as the sync job does through the registry (the benchmark and tests call it directly). */
export const syncWhoop = (connectionId: string, window: SyncWindow, options?: SyncOptions): Promise<SyncResult> => syncConnection({ ...WHOOP, sync: fetchWhoopHistory }, connectionId, window, options);
