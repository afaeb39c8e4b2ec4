import 'server-only';
import type { SyncRun, SyncWindow } from '../adapter';
import { progressOf, syncConnection, type SyncOptions, type SyncResult } from '../connection-sync';
import { MAX_WAIT_S, ProviderSyncError } from '../provider-requests';
import { TOO_MANY_REQUESTS, WITHINGS, WITHINGS_API } from './oauth';
import {
  withingsActivityDays,
  withingsMeasureDays,
  withingsSleepDays,
  MEASURE_TYPES,
  SLEEP_SUMMARY_FIELDS,
  type WithingsActivity,
  type WithingsDay,
  type WithingsMeasureGroup,
  type WithingsSleepSummary,
} from './records';

// One Withings member's history for a window, into daily metrics and heart-rate samples. Every call is
// a form-encoded POST answered HTTP 200 with `{status, body}`: status 0 is success, 401 a refused token,
// 601 "too many requests" (waited out, then asked again: provider-requests.ts), anything else an error.
// Pages follow `more` and `offset`.

const DAY_MS = 86_400_000;
const OK = 0;
const TOKEN_REFUSED = 401;
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
async function call(run: SyncRun, path: string, form: URLSearchParams): Promise<PageBody> {
  const answer = await run.request(new URL(`${WITHINGS_API}${path}`), { form, rateLimitedBody: rateLimited });
  if (!isObject(answer) || typeof answer.status !== 'number') throw new ProviderSyncError('withings', `unreadable answer on ${path}`);
  if (answer.status === TOKEN_REFUSED) throw new ProviderSyncError('withings', 'token refused');
  if (answer.status === TOO_MANY_REQUESTS) throw new ProviderSyncError('withings', 'rate limited');
  if (answer.status !== OK) throw new ProviderSyncError('withings', `status ${answer.status}`);
  return isObject(answer.body) ? answer.body : {};
}

/** The pages of one call, following `more` and `offset` (an offset that does not move ends it). */
async function* pages(run: SyncRun, path: string, fields: Record<string, string>): AsyncGenerator<PageBody> {
  let offset: string | null = null;
  do {
    const body = await call(run, path, new URLSearchParams({ ...fields, ...(offset !== null ? { offset } : {}) }));
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

/** Fetches the window: body measures, then sleep, then activity. */
export async function fetchWithingsHistory(run: SyncRun): Promise<void> {
  const { window } = run;
  const keep = async (days: Map<string, WithingsDay>, step: number, covered: number) => {
    await run.storeDays(days);
    await run.progress(progressOf(step, 3, window, covered));
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
  for await (const body of pages(run, '/measure', measureForm)) {
    const groups = listOf<WithingsMeasureGroup>(body, 'measuregrps');
    const { days, heartRates } = withingsMeasureDays(groups, typeof body.timezone === 'string' ? body.timezone : undefined, latest);
    await run.storeHeartRates(heartRates);
    await keep(days, 0, measures(groups.map((g) => g.date * 1000)));
  }

  // Sleep summaries and daily activity are asked for by calendar day.
  const span = { startdateymd: ymd(window.from), enddateymd: ymd(window.to) };
  const nights = reach();
  const longest = new Map<string, number>();
  for await (const body of pages(run, '/v2/sleep', { action: 'getsummary', ...span, data_fields: SLEEP_SUMMARY_FIELDS.join(',') })) {
    const series = listOf<WithingsSleepSummary>(body, 'series');
    await keep(withingsSleepDays(series, longest), 1, nights(series.map((s) => dayTime(s.date))));
  }
  const active = reach();
  for await (const body of pages(run, '/v2/measure', { action: 'getactivity', ...span, data_fields: 'steps,calories,totalcalories' })) {
    const activities = listOf<WithingsActivity>(body, 'activities');
    await keep(withingsActivityDays(activities), 2, active(activities.map((a) => dayTime(a.date))));
  }

  await run.progress(1);
}

/** Syncs one Withings connection's window, as the sync job does through the registry (tests call it directly). */
export const syncWithings = (connectionId: string, window: SyncWindow, options?: SyncOptions): Promise<SyncResult> => syncConnection({ ...WITHINGS, sync: fetchWithingsHistory }, connectionId, window, options);
