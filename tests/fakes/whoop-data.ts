import { historyDay, type FakeDataApi, type FakeHistory } from './wearable-data';

// The fake Whoop's data API (developer/v2): GET activity/sleep, recovery and cycle, newest first, in
// pages of at most 25 with `next_token`, filtered by `start`/`end`, as Whoop's v2 reference shows them
// (a sleep's `score.stage_summary` as in https://developer.whoop.com/docs/developing/user-data/sleep).

/** The figures the fake Whoop reports for a day index (0 = the first day of the history). */
export function whoopFiguresFor(index: number) {
  return {
    lightMin: 200 + (index % 7) * 5,
    deepMin: 90,
    remMin: 100 + (index % 3) * 10,
    /** Minutes awake during the night (Whoop's total_awake_time_milli is this and 29 seconds). */
    awakeMin: 20 + (index % 15),
    performance: 70 + (index % 20),
    recovery: 40 + (index % 50),
    restingHeartRate: 50 + (index % 6),
    hrv: 40 + (index % 30),
    kilojoule: 9_000 + index * 10,
  };
}

const PAGE_MAX = 25;
const COLLECTIONS = { '/developer/v2/activity/sleep': 'sleep', '/developer/v2/recovery': 'recovery', '/developer/v2/cycle': 'cycle' } as const;

/** Day `index` of the history as Whoop records: a night ending that morning, its recovery, the day's cycle. */
function recordsFor(history: FakeHistory, index: number) {
  const day = historyDay(history, index);
  const f = whoopFiguresFor(index);
  const sleepId = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    day,
    sleep: {
      id: sleepId, cycle_id: index + 1, user_id: 363, created_at: `${day}T07:30:00.000Z`, updated_at: `${day}T07:30:00.000Z`,
      start: `${day}T00:00:00.000Z`, end: `${day}T07:00:00.000Z`, timezone_offset: history.offset, nap: false, score_state: 'SCORED',
      score: {
        stage_summary: {
          total_in_bed_time_milli: (f.lightMin + f.deepMin + f.remMin + f.awakeMin) * 60_000 + 29_000, total_awake_time_milli: f.awakeMin * 60_000 + 29_000, total_no_data_time_milli: 0,
          total_light_sleep_time_milli: f.lightMin * 60_000, total_slow_wave_sleep_time_milli: f.deepMin * 60_000, total_rem_sleep_time_milli: f.remMin * 60_000, sleep_cycle_count: 4, disturbance_count: 10,
        },
        sleep_needed: { baseline_milli: 27_395_716, need_from_sleep_debt_milli: 352_230, need_from_recent_strain_milli: 208_595, need_from_recent_nap_milli: -12_312 },
        respiratory_rate: 15, sleep_performance_percentage: f.performance, sleep_consistency_percentage: 80, sleep_efficiency_percentage: 90,
      },
    },
    recovery: { cycle_id: index + 1, sleep_id: sleepId, user_id: 363, created_at: `${day}T07:35:00.000Z`, updated_at: `${day}T07:35:00.000Z`, score_state: 'SCORED', score: { user_calibrating: false, recovery_score: f.recovery, resting_heart_rate: f.restingHeartRate, hrv_rmssd_milli: f.hrv, spo2_percentage: 96, skin_temp_celsius: 33.5 } },
    cycle: { id: index + 1, user_id: 363, created_at: `${day}T07:00:00.000Z`, updated_at: `${day}T07:00:00.000Z`, start: `${day}T07:00:00.000Z`, end: null, timezone_offset: history.offset, score_state: 'SCORED', score: { strain: 10, kilojoule: f.kilojoule, average_heart_rate: 70, max_heart_rate: 150 } },
  };
}

export const whoopData: FakeDataApi = {
  claims: (method, url) => method === 'GET' && url.pathname in COLLECTIONS,
  serve({ url }, history) {
    const collection = COLLECTIONS[url.pathname as keyof typeof COLLECTIONS];
    const limit = Math.min(Number(url.searchParams.get('limit') ?? PAGE_MAX) || PAGE_MAX, PAGE_MAX);
    const start = Date.parse(url.searchParams.get('start') ?? '1970-01-01T00:00:00Z');
    const end = Date.parse(url.searchParams.get('end') ?? '2999-01-01T00:00:00Z');
    // Newest first, as Whoop pages; the token is the index to continue from. Records are built page by
    // page, so a long history costs the fake no more memory than a short one.
    const inWindow: number[] = [];
    for (let index = history.days - 1; index >= 0; index--) {
      const at = Date.parse(`${historyDay(history, index)}T00:00:00.000Z`);
      if (at >= start && at < end) inWindow.push(index);
    }
    const from = Number(url.searchParams.get('nextToken') ?? 0) || 0;
    const records = inWindow.slice(from, from + limit).map((index) => recordsFor(history, index)[collection]);
    return { status: 200, body: { records, next_token: from + limit < inWindow.length ? String(from + limit) : null } };
  },
  unauthorized: () => ({ status: 401, body: { error: 'unauthorized' } }),
  rateLimited: (retryAfter) => ({ status: 429, body: { error: 'too_many_requests' }, headers: { 'retry-after': String(retryAfter) } }),
};
