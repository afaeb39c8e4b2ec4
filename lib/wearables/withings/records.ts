// Withings API records (POST /measure getmeas, /v2/sleep getsummary, /v2/measure getactivity) → the
// app's daily metrics and heart-rate samples. Pure: the sync fetches the pages and stores what this
// returns. A figure Withings leaves out (or sends as null) is left out here too, never written as 0;
// every figure is Withings' own, converted only in unit (a measure is `value × 10^unit`).
import { dayInZone } from '@/lib/days';
import { dayEntry, type WearableDay } from '../day-map';

/** One measure of a group: the real value is `value × 10^unit`. */
export type WithingsMeasure = { value: number; type: number; unit: number };

export type WithingsMeasureGroup = {
  grpid: number;
  attrib?: number;
  /** When it was measured, in Unix seconds. */
  date: number;
  created?: number;
  /** 1 = a real measure, 2 = an objective (a goal the member set), which is not a measurement. */
  category: number;
  deviceid?: string | null;
  measures: WithingsMeasure[];
};

export type WithingsSleepSummary = {
  /** The night's day (the day the member woke), YYYY-MM-DD. */
  date: string;
  timezone?: string;
  data?: {
    total_sleep_time?: number | null;
    sleep_score?: number | null;
    hr_min?: number | null;
    breathing_disturbances_intensity?: number | null;
    /** Seconds in each stage, and awake (null for a night from an external source, which has no stages). */
    deepsleepduration?: number | null;
    lightsleepduration?: number | null;
    remsleepduration?: number | null;
    wakeupduration?: number | null;
  };
};

/**
 * The sleep summary `data` fields the sync asks for (getsummary answers only the `data_fields` named):
 * time asleep, score, lowest heart rate and breathing, and the night's stages, each in seconds
 * (https://developer.withings.com/api-reference/#tag/sleep/operation/sleepv2-getsummary).
 */
export const SLEEP_SUMMARY_FIELDS = [
  'total_sleep_time',
  'sleep_score',
  'hr_min',
  'breathing_disturbances_intensity',
  'deepsleepduration',
  'lightsleepduration',
  'remsleepduration',
  'wakeupduration',
] as const;

export type WithingsActivity = {
  date: string;
  timezone?: string;
  steps?: number | null;
  /** Active calories (kcal). */
  calories?: number | null;
  totalcalories?: number | null;
};

/** The daily-metric columns Withings fills (a part of metric-store's DayFields): the shared ones, its measures and activity. */
export type WithingsDay = WearableDay & {
  weightKg?: number;
  bodyFatPercent?: number;
  systolicBpMmhg?: number;
  diastolicBpMmhg?: number;
  steps?: number;
  activeCaloriesKcal?: number;
};

export type WithingsHeartRate = { recordedAt: Date; bpm: number };

/** Withings' measure types the app reads. */
export const MEASURE_TYPES = { weight: 1, fatRatio: 6, diastolic: 9, systolic: 10, pulse: 11 } as const;
const REAL_MEASURE = 1;

type MeasureField = 'weightKg' | 'bodyFatPercent' | 'systolicBpMmhg' | 'diastolicBpMmhg';
const FIELD_OF: Record<number, { field: MeasureField; integer: boolean }> = {
  [MEASURE_TYPES.weight]: { field: 'weightKg', integer: false },
  [MEASURE_TYPES.fatRatio]: { field: 'bodyFatPercent', integer: false },
  [MEASURE_TYPES.systolic]: { field: 'systolicBpMmhg', integer: true },
  [MEASURE_TYPES.diastolic]: { field: 'diastolicBpMmhg', integer: true },
};

/** A number Withings actually gave, or undefined (missing, null, not a number). */
const figure = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** `value × 10^unit` to 2 decimals (dividing for a negative unit, so 82400 × 10^-3 is exactly 82.4). */
export function measureValue({ value, unit }: Pick<WithingsMeasure, 'value' | 'unit'>): number {
  const scaled = unit < 0 ? value / 10 ** -unit : value * 10 ** unit;
  return Math.round(scaled * 100) / 100;
}

/** The calendar day (YYYY-MM-DD) at `unixSeconds` in an IANA time zone ("Europe/London"); UTC for one Intl does not know. */
export const withingsLocalDay = (unixSeconds: number, timeZone: string | undefined): string => dayInZone(new Date(unixSeconds * 1000), timeZone);

const dayOf = (days: Map<string, WithingsDay>, key: string): WithingsDay => dayEntry(days, key, () => ({}));

/**
 * The days one page of measure groups describes, and its pulse readings as heart-rate samples. A group
 * belongs to its local day in `timeZone` (the answer's); when a day has several groups, the latest one
 * wins, field by field. `latest` (day:field → the group date that set it), carried from page to page by
 * the sync, keeps an older group on a later page from overwriting a newer one already stored.
 */
export function withingsMeasureDays(
  groups: readonly WithingsMeasureGroup[],
  timeZone: string | undefined,
  latest: Map<string, number> = new Map(),
): { days: Map<string, WithingsDay>; heartRates: WithingsHeartRate[] } {
  const days = new Map<string, WithingsDay>();
  const heartRates: WithingsHeartRate[] = [];
  for (const group of groups) {
    const date = figure(group.date);
    if (group.category !== REAL_MEASURE || date === undefined || !Array.isArray(group.measures)) continue;
    const key = withingsLocalDay(date, timeZone);
    for (const measure of group.measures) {
      if (figure(measure.value) === undefined || figure(measure.unit) === undefined) continue;
      const value = measureValue(measure);
      if (measure.type === MEASURE_TYPES.pulse) {
        if (value > 0) heartRates.push({ recordedAt: new Date(date * 1000), bpm: Math.round(value) });
        continue;
      }
      const target = FIELD_OF[measure.type];
      if (!target) continue;
      const seen = `${key}:${target.field}`;
      if ((latest.get(seen) ?? -Infinity) > date) continue;
      latest.set(seen, date);
      dayOf(days, key)[target.field] = target.integer ? Math.round(value) : value;
    }
  }
  return { days, heartRates };
}

/** A stage's seconds as whole minutes (rounded as the time asleep is); none for a missing, negative or over-a-day figure. */
const stageMinutes = (value: unknown): number | undefined => {
  const seconds = figure(value);
  return seconds !== undefined && seconds >= 0 && seconds <= 86_400 ? Math.round(seconds / 60) : undefined;
};

/**
 * The days sleep summaries describe: time asleep (minutes) and its stages (deep, light, REM and awake,
 * from the same summary, only with its time asleep), Withings' sleep score, and the night's lowest heart
 * rate as the resting one. A day with several sleeps (a nap beside the night) keeps the longest, never a
 * sum; `longest` (day → its seconds asleep) carries that across pages.
 */
export function withingsSleepDays(series: readonly WithingsSleepSummary[], longest: Map<string, number> = new Map()): Map<string, WithingsDay> {
  const days = new Map<string, WithingsDay>();
  // Each date's longest summary in this page; of two as long, the one whose figures sort last (a summary
  // has no id), so that the order Withings lists them in changes nothing.
  const chosen = new Map<string, { summary: WithingsSleepSummary; seconds: number; key: string }>();
  for (const summary of series) {
    if (typeof summary.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(summary.date)) continue;
    const seconds = figure(summary.data?.total_sleep_time) ?? 0;
    const key = JSON.stringify(summary.data ?? null);
    const found = chosen.get(summary.date);
    if (!found || seconds > found.seconds || (seconds === found.seconds && key > found.key)) chosen.set(summary.date, { summary, seconds, key });
  }
  for (const { summary } of chosen.values()) {
    const seconds = figure(summary.data?.total_sleep_time);
    // A night an earlier page gave as long or longer stays.
    if ((longest.get(summary.date) ?? -1) >= (seconds ?? 0)) continue;
    longest.set(summary.date, seconds ?? 0);
    const night: WithingsDay = {};
    if (seconds !== undefined) {
      night.sleepDurationMinutes = Math.round(seconds / 60);
      const stages = { sleepDeepMinutes: summary.data?.deepsleepduration, sleepLightMinutes: summary.data?.lightsleepduration, sleepRemMinutes: summary.data?.remsleepduration, sleepAwakeMinutes: summary.data?.wakeupduration };
      for (const [field, value] of Object.entries(stages) as [keyof typeof stages, unknown][]) {
        const minutes = stageMinutes(value);
        if (minutes !== undefined) night[field] = minutes;
      }
    }
    const score = figure(summary.data?.sleep_score);
    if (score !== undefined) night.sleepScore = Math.round(score);
    const lowest = figure(summary.data?.hr_min);
    if (lowest !== undefined && lowest > 0) night.restingHeartRateBpm = lowest;
    if (Object.keys(night).length) days.set(summary.date, night);
  }
  return days;
}

/** The days activity summaries describe: steps, active and total calories (kcal, whole). */
export function withingsActivityDays(activities: readonly WithingsActivity[]): Map<string, WithingsDay> {
  const days = new Map<string, WithingsDay>();
  for (const activity of activities) {
    if (typeof activity.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(activity.date)) continue;
    const fields: WithingsDay = {};
    const steps = figure(activity.steps);
    if (steps !== undefined) fields.steps = Math.round(steps);
    const active = figure(activity.calories);
    if (active !== undefined) fields.activeCaloriesKcal = Math.round(active);
    const total = figure(activity.totalcalories);
    if (total !== undefined) fields.totalCaloriesKcal = Math.round(total);
    if (Object.keys(fields).length) days.set(activity.date, { ...days.get(activity.date), ...fields });
  }
  return days;
}
