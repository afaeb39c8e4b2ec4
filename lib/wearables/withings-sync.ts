import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { accessToken } from './tokens';
import {
  withingsActivityDays,
  withingsMeasureDays,
  withingsSleepDays,
  MEASURE_TYPES,
  type WithingsActivity,
  type WithingsDay,
  type WithingsMeasureGroup,
  type WithingsSleepSummary,
} from './withings-records';
import { MAX_WAIT_S, progressOf, providerJson, ProviderSyncError, storeDays, storeHeartRates, type RequestCounter, type SyncOptions, type SyncResult, type SyncWindow } from './sync-http';

// One Withings connection's history for a window, into daily metrics and heart-rate samples (source
// WITHINGS). Every call is a form-encoded POST answered HTTP 200 with `{status, body}`: status 0 is
// success, 401 a refused token, 601 "too many requests" (waited out, then asked again: sync-http.ts),
// anything else an error. It streams: each page (`more`/`offset`) is turned into days and stored before
// the next is asked for, so memory stays flat however long the window; upserts make a rerun add nothing.

const DAY_MS = 86_400_000;
const OK = 0;
const TOKEN_REFUSED = 401;
const TOO_MANY_REQUESTS = 601;
/** Withings counts its limit per minute; a 601 without a hint waits this long (capped by MAX_WAIT_S). */
const RATE_LIMIT_WAIT_S = 60;

type Answer = { status?: unknown; body?: unknown; retry_after?: unknown };
type PageBody = Record<string, unknown> & { more?: unknown; offset?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Seconds to wait when an answer is Withings' 601, null otherwise (a `retry_after` hint is honoured). */
function rateLimited(answer: unknown): number | null {
  if (!isObject(answer) || answer.status !== TOO_MANY_REQUESTS) return null;
  const hint = Number((answer as Answer).retry_after);
  return Number.isFinite(hint) && hint > 0 ? Math.min(hint, MAX_WAIT_S) : Math.min(RATE_LIMIT_WAIT_S, MAX_WAIT_S);
}

/** One call's `body`, or the ProviderSyncError its `status` means. */
async function call(path: string, form: URLSearchParams, token: () => Promise<string>, counter: RequestCounter): Promise<PageBody> {
  const url = new URL(`${env.WITHINGS_API_BASE_URL.replace(/\/+$/, '')}${path}`);
  const answer = await providerJson('withings', url, { token, counter, form, rateLimitedBody: rateLimited });
  if (!isObject(answer) || typeof answer.status !== 'number') throw new ProviderSyncError('withings', `unreadable answer on ${path}`);
  if (answer.status === TOKEN_REFUSED) throw new ProviderSyncError('withings', 'token refused');
  if (answer.status === TOO_MANY_REQUESTS) throw new ProviderSyncError('withings', 'rate limited');
  if (answer.status !== OK) throw new ProviderSyncError('withings', `status ${answer.status}`);
  return isObject(answer.body) ? answer.body : {};
}

/** The pages of one call, following `more` and `offset` (an offset that does not move ends it). */
async function* pages(path: string, fields: Record<string, string>, token: () => Promise<string>, counter: RequestCounter): AsyncGenerator<PageBody> {
  let offset: string | null = null;
  do {
    const body = await call(path, new URLSearchParams({ ...fields, ...(offset !== null ? { offset } : {}) }), token, counter);
    yield body;
    const more = body.more === true || body.more === 1 || body.more === '1';
    const next = more && (typeof body.offset === 'number' || typeof body.offset === 'string') ? String(body.offset) : null;
    offset = next !== null && next !== offset ? next : null;
  } while (offset !== null);
}

const listOf = <T>(body: PageBody, key: string): T[] => (Array.isArray(body[key]) ? (body[key] as T[]) : []);
const ymd = (date: Date) => date.toISOString().slice(0, 10);

/** How much of the window a step's pages have covered so far: the span of the days seen, whatever order they come in. */
function reach() {
  let low = Infinity;
  let high = -Infinity;
  return (times: readonly number[]) => {
    for (const time of times) {
      if (!Number.isFinite(time)) continue;
      low = Math.min(low, time);
      high = Math.max(high, time);
    }
    return high >= low ? high - low + DAY_MS : 0;
  };
}

/** Syncs `window` (body measures, then sleep, then activity); answers the days written and requests made. */
export async function syncWithings(connectionId: string, window: SyncWindow, { now = new Date(), onProgress }: SyncOptions = {}): Promise<SyncResult> {
  const connection = await db.wearableConnection.findUniqueOrThrow({ where: { id: connectionId }, select: { userId: true, provider: true } });
  if (connection.provider !== 'WITHINGS') throw new ProviderSyncError('withings', 'not a Withings connection');
  const token = () => accessToken(connectionId);
  const counter = { requests: 0 };
  const written = new Set<string>();
  const keep = async (days: Map<string, WithingsDay>, step: number, covered: number) => {
    await storeDays(connection.userId, MetricSource.WITHINGS, days);
    for (const [day, fields] of days) if (Object.keys(fields).length) written.add(day);
    await onProgress?.(progressOf(step, 3, window, covered));
  };
  const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

  // Body measures: weight, fat ratio, blood pressure and pulse, real measures only (category 1).
  const measures = reach();
  const latest = new Map<string, number>();
  const measureForm = {
    action: 'getmeas',
    meastypes: Object.values(MEASURE_TYPES).join(','),
    category: '1',
    startdate: String(Math.floor(window.from.getTime() / 1000)),
    enddate: String(Math.floor(window.to.getTime() / 1000)),
  };
  for await (const body of pages('/measure', measureForm, token, counter)) {
    const groups = listOf<WithingsMeasureGroup>(body, 'measuregrps');
    const { days, heartRates } = withingsMeasureDays(groups, typeof body.timezone === 'string' ? body.timezone : undefined, latest);
    await storeHeartRates(connection.userId, MetricSource.WITHINGS, heartRates);
    await keep(days, 0, measures(groups.map((g) => g.date * 1000)));
  }

  // Sleep summaries and daily activity are asked for by calendar day.
  const span = { startdateymd: ymd(window.from), enddateymd: ymd(window.to) };
  const nights = reach();
  const longest = new Map<string, number>();
  for await (const body of pages('/v2/sleep', { action: 'getsummary', ...span, data_fields: 'total_sleep_time,sleep_score,hr_min,breathing_disturbances_intensity' }, token, counter)) {
    const series = listOf<WithingsSleepSummary>(body, 'series');
    await keep(withingsSleepDays(series, longest), 1, nights(series.map((s) => dayTime(s.date))));
  }
  const active = reach();
  for await (const body of pages('/v2/measure', { action: 'getactivity', ...span, data_fields: 'steps,calories,totalcalories' }, token, counter)) {
    const activities = listOf<WithingsActivity>(body, 'activities');
    await keep(withingsActivityDays(activities), 2, active(activities.map((a) => dayTime(a.date))));
  }

  await db.wearableConnection.update({ where: { id: connectionId }, data: { lastSyncAt: now } });
  await onProgress?.(1);
  return { days: written.size, requests: counter.requests };
}
