import { strToU8, zipSync } from 'fflate';

/** A fixed modification time in the zip, so that the same fixture is the same file (the same SHA-256). */
const FIXED_TIME = { mtime: new Date('2026-01-01T00:00:00Z') };

// Oura data exports built in code, as the Membership Hub's zip (docs/integrations/history-imports.md §4):
// App Data/<category>.csv, semicolon-separated, the API v2's snake_case columns, nested objects as JSON
// text inside a quoted cell.

export type OuraDay = { day: string; sleepScore?: number; readiness?: number; steps?: number; activeCalories?: number; totalCalories?: number; sleepSeconds?: number; lowestHeartRate?: number; hrv?: number; breath?: number };

const cell = (value: unknown) => (value === undefined ? '' : typeof value === 'string' && /[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : String(value));
const csv = (header: string[], rows: unknown[][]) => [header.join(';'), ...rows.map((row) => row.map(cell).join(';'))].join('\n');
const contributors = JSON.stringify({ deep_sleep: 71, efficiency: 88, latency: 79, rem_sleep: 93, restfulness: 70, timing: 84, total_sleep: 82 });

/** A zip as Oura sends it; `naps` adds a short afternoon nap to every night's day (a second sleep period). */
export function ouraZip(days: OuraDay[], options: { fileCase?: 'lower' | 'pascal'; naps?: boolean } = {}): Uint8Array {
  const name = (lower: string, pascal: string) => `App Data/${options.fileCase === 'pascal' ? pascal : lower}.csv`;
  const sleepRows = days.flatMap((d, i) => {
    if (d.sleepSeconds === undefined) return [];
    const night = [`sleep-${i}`, d.breath, 58, d.hrv, 2400, `${d.day}T07:02:00+01:00`, `${d.day}T23:15:00+01:00`, d.day, 5400, 88, 900, 14_400, d.lowestHeartRate, '', '', 6300, 210, '', '', d.sleepSeconds + 2400, d.sleepSeconds, 'long_sleep'];
    const nap = [`nap-${i}`, 15, 64, 40, 300, `${d.day}T15:40:00+01:00`, `${d.day}T15:10:00+01:00`, d.day, 0, 90, 120, 1500, 60, '', '', 0, 2, '', '', 1800, 1500, 'late_nap'];
    return options.naps ? [night, nap] : [night];
  });
  return zipSync({
    [name('dailysleep', 'DailySleep')]: strToU8(csv(['id', 'contributors', 'day', 'score', 'timestamp'], days.filter((d) => d.sleepScore !== undefined).map((d, i) => [`ds-${i}`, contributors, d.day, d.sleepScore, `${d.day}T00:00:00+00:00`]))),
    [name('dailyreadiness', 'DailyReadiness')]: strToU8(csv(['id', 'contributors', 'day', 'score', 'temperature_deviation', 'temperature_trend_deviation', 'timestamp'], days.filter((d) => d.readiness !== undefined).map((d, i) => [`dr-${i}`, contributors, d.day, d.readiness, -0.12, 0.05, `${d.day}T00:00:00+00:00`]))),
    [name('dailyactivity', 'DailyActivity')]: strToU8(csv(['id', 'class_5_min', 'score', 'active_calories', 'average_met_minutes', 'contributors', 'equivalent_walking_distance', 'high_activity_met_minutes', 'steps', 'total_calories', 'day'], days.filter((d) => d.steps !== undefined).map((d, i) => [`da-${i}`, '0001112223', 81, d.activeCalories, 1.6, contributors, 9120, 12, d.steps, d.totalCalories, d.day]))),
    [name('sleepmodel', 'SleepModel')]: strToU8(csv(['id', 'average_breath', 'average_heart_rate', 'average_hrv', 'awake_time', 'bedtime_end', 'bedtime_start', 'day', 'deep_sleep_duration', 'efficiency', 'latency', 'light_sleep_duration', 'lowest_heart_rate', 'readiness', 'readiness_score_delta', 'rem_sleep_duration', 'restless_periods', 'sleep_phase_5_min', 'sleep_score_delta', 'time_in_bed', 'total_sleep_duration', 'type'], sleepRows)),
    [name('ringbatterylevel', 'RingBatteryLevel')]: strToU8('timestamp;level;charging\n2026-03-01T08:00:00+00:00;81;false\n'),
  }, FIXED_TIME);
}
