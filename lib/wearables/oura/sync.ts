import 'server-only';
import type { SyncRun, SyncWindow } from '../adapter';
import { progressOf, syncConnection, type SyncOptions, type SyncResult } from '../connection-sync';
import type { DayFields } from '../metric-store';
import { ProviderSyncError } from '../provider-requests';
import { OURA, OURA_API } from './oauth';
import { mainSleeps, ouraDays, ouraHeartRates, type OuraDailyActivity, type OuraDailyReadiness, type OuraDailySleep, type OuraHeartRate, type OuraSleep } from './records';

// One Oura member's history for a window (API v2, v2/usercollection/*), into daily metrics and
// heart-rate samples. Samples already stored are skipped, so a rerun adds nothing twice. A 429 waits
// for its Retry-After (capped) and asks again (provider-requests.ts).
//
// Oura filters its daily collections by `day`, but a date-only `end_date` has been seen to leave out
// that last day, and `sleep` to leave out `start_date`'s own: the sync asks for one day more on each
// side and keeps only the window's days. Heart rate is asked for in ranges of at most 30 days (Oura's
// limit for one request). A collection the member did not grant (its scope unticked at consent, or a
// 403) is skipped; the rest still sync.

const DAY_MS = 86_400_000;
const HEART_RATE_RANGE_MS = 30 * DAY_MS;
const STEPS = 5;

/** Oura's scope names, to tell an Oura grant's scope list from one that says nothing about Oura. */
const OURA_SCOPES = ['email', 'personal', 'daily', 'heartrate', 'workout', 'tag', 'session', 'spo2daily'];

type Page<T> = { data?: T[]; next_token?: string | null };
type Dated = { day: string };

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const shiftDay = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
const collectionUrl = (path: string, query: Record<string, string>) => {
  const url = new URL(`${OURA_API}/v2/usercollection/${path}`);
  url.search = new URLSearchParams(query).toString();
  return url;
};

/** Whether the stored grant clearly leaves `scope` out. A list with no Oura scope in it (none recorded) proves nothing: then Oura is asked. */
export function scopeMissing(scopes: readonly string[], scope: string): boolean {
  const granted = scopes.map((s) => s.toLowerCase());
  if (!granted.some((s) => OURA_SCOPES.includes(s))) return false;
  return !granted.includes(scope.toLowerCase());
}

const forbidden = (error: unknown) => error instanceof ProviderSyncError && error.kind.startsWith('HTTP 403');

/** The pages of one collection for `query`, following `next_token`. */
async function* pages<T>(run: SyncRun, path: string, query: Record<string, string>): AsyncGenerator<T[]> {
  let next: string | null = null;
  do {
    const page = (await run.request(collectionUrl(path, { ...query, ...(next ? { next_token: next } : {}) }))) as Page<T> | null;
    yield Array.isArray(page?.data) ? page.data : [];
    next = typeof page?.next_token === 'string' && page.next_token ? page.next_token : null;
  } while (next);
}

/** Fetches the window: the nights, then their scores, activity, readiness and heart rate. */
export async function fetchOuraHistory(run: SyncRun): Promise<void> {
  const { window } = run;
  const firstDay = dayOf(window.from);
  const lastDay = dayOf(window.to);
  const dateQuery = { start_date: shiftDay(firstDay, -1), end_date: shiftDay(lastDay, 1) };
  const inWindow = <T extends Dated>(records: T[]) => records.filter((r) => typeof r?.day === 'string' && r.day >= firstDay && r.day <= lastDay);

  let reported = 0;
  const report = async (step: number, covered: number) => {
    reported = Math.max(reported, progressOf(step, STEPS, window, covered));
    await run.progress(reported);
  };
  const span = window.to.getTime() - window.from.getTime();
  /** How much of the window these days cover, from its start to the end of their latest. */
  const coveredBy = (records: readonly Dated[]) => records.reduce((most, r) => Math.max(most, Date.parse(`${r.day}T00:00:00.000Z`) + DAY_MS - window.from.getTime()), 0);

  /** Runs one step unless its scope is clearly not granted; a 403 (scope unticked) skips the rest of it. */
  const step = async (index: number, scope: string, body: () => Promise<void>) => {
    if (!scopeMissing(run.scopes, scope)) {
      try {
        await body();
      } catch (error) {
        if (!forbidden(error)) throw error;
        console.warn(`[wearables] oura: this member did not grant "${scope}"; that part is skipped`);
      }
    }
    await report(index, span);
  };

  /** A daily collection, page by page, each page's days stored before the next is asked for. */
  const daily = <T extends Dated>(index: number, path: string, toDays: (records: T[]) => Map<string, DayFields>) =>
    step(index, 'daily', async () => {
      for await (const records of pages<T>(run, path, dateQuery)) {
        const mine = inWindow(records);
        await run.storeDays(toDays(mine));
        await report(index, coveredBy(mine));
      }
    });

  // The nights, then their scores, activity and readiness: each fills its own columns of the same days.
  const longest = new Map<string, number>();
  await daily<OuraSleep>(0, 'sleep', (sleeps) => {
    const days = ouraDays({ sleeps, longestKnown: longest });
    for (const [day, sleep] of mainSleeps(sleeps)) longest.set(day, Math.max(longest.get(day) ?? -1, sleep.total_sleep_duration ?? -1));
    return days;
  });
  await daily<OuraDailySleep>(1, 'daily_sleep', (dailySleeps) => ouraDays({ dailySleeps }));
  await daily<OuraDailyActivity>(2, 'daily_activity', (activities) => ouraDays({ activities }));
  await daily<OuraDailyReadiness>(3, 'daily_readiness', (readiness) => ouraDays({ readiness }));

  await step(4, 'heartrate', async () => {
    for (let start = window.from.getTime(); start < window.to.getTime(); start += HEART_RATE_RANGE_MS) {
      const end = Math.min(start + HEART_RATE_RANGE_MS, window.to.getTime());
      const last = end === window.to.getTime();
      const query = { start_datetime: new Date(start).toISOString(), end_datetime: new Date(end).toISOString() };
      for await (const items of pages<OuraHeartRate>(run, 'heartrate', query)) {
        // A sample on the boundary of two ranges belongs to the later one.
        const samples = ouraHeartRates(items).filter(({ recordedAt }) => recordedAt.getTime() >= start && (recordedAt.getTime() < end || (last && recordedAt.getTime() <= end)));
        await run.storeHeartRates(samples);
        await report(4, samples.reduce((most, s) => Math.max(most, s.recordedAt.getTime() - window.from.getTime()), 0));
      }
    }
  });
}

/** Syncs one Oura connection's window, as the sync job does through the registry (the benchmark and tests call it directly). */
export const syncOura = (connectionId: string, window: SyncWindow, options?: SyncOptions): Promise<SyncResult> => syncConnection({ ...OURA, sync: fetchOuraHistory }, connectionId, window, options);
