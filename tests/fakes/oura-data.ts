import { historyDay, type DataAnswer, type FakeDataApi, type FakeHistory } from './wearable-data';

// The fake Oura's data API (v2/usercollection): GET daily_sleep, sleep, daily_activity and
// daily_readiness filtered by `start_date`/`end_date` (both days included, on each record's `day`),
// and heartrate filtered by `start_datetime`/`end_datetime` (at most 30 days apart, or 400), oldest
// first, in pages with `next_token`, as Oura's v2 reference shows them. Errors are `{detail}` JSON.
// Records are built page by page, so a long history costs the fake no more memory than a short one.

/** The figures the fake Oura reports for a day index (0 = the first day of the history); null where Oura has none. */
export function ouraFiguresFor(index: number) {
  return {
    sleepScore: 60 + (index % 35),
    /** The night's (the day's longest long_sleep) seconds asleep. */
    sleepSeconds: (390 + (index % 60)) * 60 + 20,
    /**
     * The night's stages in seconds, deep + light + REM making its time asleep (awake besides); on days
     * 3, 13, 23… Oura has none for it (the four fields null, as its v2 reference allows).
     */
    stages: index % 10 === 3 ? null : ouraStagesFor(index),
    lowestHeartRate: 45 + (index % 10),
    hrv: index % 13 === 12 ? null : 30 + (index % 40),
    breath: 13 + (index % 8) / 4,
    steps: 5_000 + index * 37,
    activeCalories: 300 + (index % 200),
    totalCalories: 2_100 + (index % 300),
    /** No readiness record at all that day. */
    readiness: index % 19 === 18 ? null : 50 + (index % 45),
  };
}

function ouraStagesFor(index: number) {
  const asleep = (390 + (index % 60)) * 60 + 20;
  const deep = (70 + (index % 25)) * 60 + 35;
  const rem = (95 + (index % 15)) * 60 + 25;
  return { deep, light: asleep - deep - rem, rem, awake: (25 + (index % 9)) * 60 + 30 };
}

/** Hourly heart-rate samples, from 00:00 UTC of each day of the history. */
export const HEART_RATES_PER_DAY = 24;
/** The bpm of sample `hour` of day `index`. */
export const ouraHeartRateFor = (index: number, hour: number) => 55 + ((index * 7 + hour) % 40);

const DAILY_PAGE = 50;
const HEART_RATE_PAGE = 288;
const HEART_RATE_RANGE_MS = 30 * 86_400_000;
const HOUR_MS = 3_600_000;
const PREFIX = '/v2/usercollection/';
const DAILY = ['daily_sleep', 'sleep', 'daily_activity', 'daily_readiness'] as const;
type Daily = (typeof DAILY)[number];

const dayStart = (history: FakeHistory, index: number) => Date.parse(`${historyDay(history, index)}T00:00:00.000Z`);
const local = (instant: number, offset: string) => {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return `${new Date(instant + minutes * 60_000).toISOString().slice(0, 19)}.000${match ? offset : '+00:00'}`;
};
const id = (kind: string, index: number, n = 0) => `${kind.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(index * 10 + n).padStart(12, '0')}`;

/**
 * The sleep periods of day `index`, in their order: the night (a long_sleep); on days 3, 10, 17…
 * an earlier, shorter long_sleep (a broken night); on even days an afternoon nap; on days 5, 16, 27…
 * a deleted period. Only the longest long_sleep's figures (its stages too) are the day's. Each period
 * has the fields of Oura's v2 sleep model (PublicModifiedSleepModel), its stages as
 * `deep_sleep_duration`, `light_sleep_duration`, `rem_sleep_duration` and `awake_time` in seconds.
 */
function sleepPeriods(history: FakeHistory, index: number) {
  const day = historyDay(history, index);
  const midnight = dayStart(history, index);
  const f = ouraFiguresFor(index);
  type Stages = { deep: number; light: number; rem: number; awake: number } | null;
  const period = (n: number, type: string, from: number, asleep: number, stages: Stages, figures: { lowest: number; hrv: number | null; breath: number }) => {
    const inBed = asleep + (stages?.awake ?? 1_800);
    return {
      id: id('sleep', index, n), day, type,
      bedtime_start: local(from, history.offset), bedtime_end: local(from + inBed * 1000, history.offset),
      total_sleep_duration: asleep, time_in_bed: inBed, efficiency: 90,
      deep_sleep_duration: stages?.deep ?? null, light_sleep_duration: stages?.light ?? null, rem_sleep_duration: stages?.rem ?? null, awake_time: stages?.awake ?? null,
      lowest_heart_rate: figures.lowest, average_heart_rate: figures.lowest + 6, average_hrv: figures.hrv, average_breath: figures.breath,
      latency: 600, period: n, low_battery_alert: false, restless_periods: 20, readiness_score_delta: null, sleep_score_delta: null, sleep_phase_5_min: null, sleep_algorithm_version: 'v2',
    };
  };
  const periods = [];
  if (index % 7 === 3) periods.push(period(1, 'long_sleep', midnight - 6 * HOUR_MS, 5_400, { deep: 1_200, light: 3_000, rem: 1_200, awake: 900 }, { lowest: 70, hrv: 11, breath: 19 }));
  periods.push(period(0, 'long_sleep', midnight - HOUR_MS, f.sleepSeconds, f.stages, { lowest: f.lowestHeartRate, hrv: f.hrv, breath: f.breath }));
  if (index % 2 === 0) periods.push(period(2, 'late_nap', midnight + 14 * HOUR_MS, 2_400, { deep: 300, light: 1_500, rem: 600, awake: 300 }, { lowest: 62, hrv: 20, breath: 16 }));
  if (index % 11 === 5) periods.push(period(3, 'deleted', midnight + 16 * HOUR_MS, 9_000, { deep: 3_000, light: 4_000, rem: 2_000, awake: 600 }, { lowest: 40, hrv: 99, breath: 10 }));
  return periods;
}

/** Day `index`'s records of a daily collection (none, one, or, for `sleep`, several). */
function recordsFor(collection: Daily, history: FakeHistory, index: number): unknown[] {
  const day = historyDay(history, index);
  const f = ouraFiguresFor(index);
  const timestamp = `${day}T00:00:00.000${history.offset}`;
  switch (collection) {
    case 'sleep':
      return sleepPeriods(history, index);
    case 'daily_sleep':
      return [{ id: id('dsleep', index), day, score: f.sleepScore, timestamp, contributors: { deep_sleep: 80, efficiency: 90, latency: 85, rem_sleep: 75, restfulness: 70, timing: 95, total_sleep: 88 } }];
    case 'daily_activity':
      return [{ id: id('activity', index), day, score: 80, steps: f.steps, active_calories: f.activeCalories, total_calories: f.totalCalories, equivalent_walking_distance: Math.round(f.steps * 0.75), high_activity_time: 600, medium_activity_time: 1_800, low_activity_time: 10_800, target_calories: 500, timestamp }];
    case 'daily_readiness':
      return f.readiness === null ? [] : [{ id: id('ready', index), day, score: f.readiness, temperature_deviation: -0.1, temperature_trend_deviation: 0.05, timestamp, contributors: { activity_balance: 80, body_temperature: 95, hrv_balance: 70, previous_day_activity: 85, previous_night: 75, recovery_index: 90, resting_heart_rate: 80, sleep_balance: 85 } }];
  }
}

const detail = (status: number, message: string): DataAnswer => ({ status, body: { detail: message } });
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Per access token, the scopes the member left unticked: that token's requests for them answer 403. */
const denied = new Map<string, Set<string>>();

/** Makes this access token's requests for these scopes' collections answer 403, as Oura does when the member unticked them. */
export function denyOuraScopes(accessToken: string, scopes: string[]): void {
  denied.set(accessToken, new Set(scopes));
}

const SCOPE_OF: Record<Daily | 'heartrate', string> = { daily_sleep: 'daily', sleep: 'daily', daily_activity: 'daily', daily_readiness: 'daily', heartrate: 'heartrate' };

function serveDaily(collection: Daily, url: URL, history: FakeHistory): DataAnswer {
  const start = url.searchParams.get('start_date') ?? '0000-01-01';
  const end = url.searchParams.get('end_date') ?? '9999-12-31';
  if (!DATE.test(start) || !DATE.test(end)) return detail(400, 'start_date and end_date must be dates (YYYY-MM-DD)');
  if (start > end) return detail(400, 'Start date is greater than end date');
  // Oldest first; the token is the position in the filtered list to continue from. Only the records of
  // the days up to the end of this page are built, and only this page's are kept.
  const from = Number(url.searchParams.get('next_token') ?? 0) || 0;
  const data: unknown[] = [];
  let position = 0;
  let more = false;
  for (let index = 0; index < history.days && !more; index++) {
    const day = historyDay(history, index);
    if (day < start || day > end) continue;
    const records = recordsFor(collection, history, index);
    if (position + records.length > from) {
      if (data.length === DAILY_PAGE) more = records.length > 0;
      else {
        const rest = records.slice(Math.max(from - position, 0));
        const room = DAILY_PAGE - data.length;
        data.push(...rest.slice(0, room));
        more = rest.length > room;
      }
    }
    position += records.length;
  }
  return { status: 200, body: { data, next_token: more ? String(from + data.length) : null } };
}

function serveHeartRate(url: URL, history: FakeHistory): DataAnswer {
  const start = Date.parse(url.searchParams.get('start_datetime') ?? '');
  const end = Date.parse(url.searchParams.get('end_datetime') ?? '');
  if (!Number.isFinite(start) || !Number.isFinite(end)) return detail(400, 'start_datetime and end_datetime must be ISO 8601 datetimes');
  if (end < start) return detail(400, 'Start datetime is greater than end datetime');
  if (end - start > HEART_RATE_RANGE_MS) return detail(400, 'Maximum allowed time range is 30 days');
  if (history.days === 0) return { status: 200, body: { data: [], next_token: null } };
  // Sample k is hour k % 24 of day k / 24; the range (both ends included) is worked out, not searched.
  const origin = dayStart(history, 0);
  const total = history.days * HEART_RATES_PER_DAY;
  const first = Math.max(Math.ceil((start - origin) / HOUR_MS), 0);
  const last = Math.min(Math.floor((end - origin) / HOUR_MS), total - 1);
  const from = first + (Number(url.searchParams.get('next_token') ?? 0) || 0);
  const to = Math.min(from + HEART_RATE_PAGE - 1, last);
  const data = [];
  for (let k = from; k <= to; k++) {
    const index = Math.floor(k / HEART_RATES_PER_DAY);
    data.push({ bpm: ouraHeartRateFor(index, k % HEART_RATES_PER_DAY), source: k % HEART_RATES_PER_DAY < 7 ? 'rest' : 'awake', timestamp: `${new Date(origin + k * HOUR_MS).toISOString().slice(0, 19)}+00:00` });
  }
  return { status: 200, body: { data, next_token: to < last ? String(to + 1 - first) : null } };
}

export const ouraData: FakeDataApi = {
  claims: (method, url) => method === 'GET' && url.pathname.startsWith(PREFIX) && [...DAILY, 'heartrate'].includes(url.pathname.slice(PREFIX.length)),
  serve({ url, headers }, history) {
    const collection = url.pathname.slice(PREFIX.length) as Daily | 'heartrate';
    const token = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
    if (denied.get(token)?.has(SCOPE_OF[collection])) return detail(403, 'Forbidden: the user has not granted access to this data');
    return collection === 'heartrate' ? serveHeartRate(url, history) : serveDaily(collection, url, history);
  },
  unauthorized: () => detail(401, 'Unauthorized: invalid or expired access token'),
  rateLimited: (retryAfter) => ({ ...detail(429, 'Too Many Requests'), headers: { 'retry-after': String(retryAfter) } }),
};
