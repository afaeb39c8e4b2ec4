// Whoop API v2 records (developer/v2/recovery, /activity/sleep, /cycle) → the app's daily metrics.
// Pure: the sync fetches the pages and upserts what this returns. Only SCORED records count; naps
// do not make a night. Every figure is Whoop's own, converted only in unit.
//
// A night's stages come from the same sleep as its time asleep (a scored sleep that is not a nap; naps are
// never added): `score.stage_summary` gives `total_slow_wave_sleep_time_milli` (deep),
// `total_light_sleep_time_milli`, `total_rem_sleep_time_milli` and `total_awake_time_milli`, in
// milliseconds (https://developer.whoop.com/docs/developing/user-data/sleep, SleepStageSummary).
import { dayEntry, type WearableDay } from '../day-map';

export type WhoopSleep = {
  id: string;
  start: string;
  end: string;
  timezone_offset: string;
  nap: boolean;
  score_state: string;
  score?: {
    stage_summary: {
      total_light_sleep_time_milli: number;
      total_slow_wave_sleep_time_milli: number;
      total_rem_sleep_time_milli: number;
      total_awake_time_milli?: number;
      total_in_bed_time_milli?: number;
      total_no_data_time_milli?: number;
      sleep_cycle_count?: number;
      disturbance_count?: number;
    };
    respiratory_rate?: number;
    sleep_performance_percentage?: number;
  };
};

export type WhoopRecovery = {
  cycle_id: number;
  sleep_id: string;
  created_at: string;
  score_state: string;
  score?: { recovery_score: number; resting_heart_rate: number; hrv_rmssd_milli: number };
};

export type WhoopCycle = { id: number; start: string; timezone_offset: string; score_state: string; score?: { kilojoule: number } };

/** The daily-metric columns Whoop fills: the shared ones, and its recovery. */
export type WhoopDay = WearableDay & {
  respiratoryRateBpm?: number;
  recoveryScore?: number;
  hrvMs?: number;
};

const KJ_PER_KCAL = 4.184;
const SCORED = 'SCORED';
const MS_PER_MINUTE = 60_000;

const figure = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** A stage's milliseconds as whole minutes (rounded as the time asleep is); none for a missing, negative or over-a-day figure. */
const stageMinutes = (value: unknown) => (figure(value) && value >= 0 && value <= 86_400_000 ? Math.round(value / MS_PER_MINUTE) : undefined);

const offsetMinutes = (offset: string) => {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
};

/** The calendar day of `instant` where the member was ("+01:00", "-05:00"), as YYYY-MM-DD. */
export function localDay(instant: string, offset: string): string {
  return new Date(Date.parse(instant) + offsetMinutes(offset) * 60_000).toISOString().slice(0, 10);
}

/** A cycle starts when the member falls asleep: its waking day is the date 12 hours on, when the wake is not known. */
const CYCLE_TO_WAKING_DAY_MS = 12 * 3_600_000;

/**
 * The day the Whoop app shows a cycle on, from its start as local clock time ("2026-10-20 23:11:42"):
 * a cycle starts when the member falls asleep (developer.whoop.com/docs/developing/user-data/cycle) and
 * is the day of waking, so the date 12 hours after its start when its wake is not known.
 */
export function cycleDayFromLocal(start: string | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})/.exec(start?.trim() ?? '');
  if (!match) return null;
  const at = Date.parse(`${match[1]}T${match[2]!.padStart(2, '0')}:${match[3]}:00Z`);
  return Number.isFinite(at) ? new Date(at + CYCLE_TO_WAKING_DAY_MS).toISOString().slice(0, 10) : null;
}

/**
 * The days these records describe. A night belongs to the day it ends (local time); its recovery to
 * the same day; a cycle's energy to the day of its waking (its recovery's night), else to the date 12
 * hours after its local start (cycleDayFromLocal).
 */
export function whoopDays({
  sleeps = [],
  recoveries = [],
  cycles = [],
  knownSleepDays,
  knownCycleDays,
}: {
  sleeps?: WhoopSleep[];
  recoveries?: WhoopRecovery[];
  cycles?: WhoopCycle[];
  /** The days of sleeps seen in earlier pages, for recoveries paged apart from their sleep. */
  knownSleepDays?: ReadonlyMap<string, string>;
  /** The waking days of cycles, from recoveries seen earlier (a recovery names its cycle and its sleep). */
  knownCycleDays?: ReadonlyMap<number, string>;
}): Map<string, WhoopDay> {
  const days = new Map<string, WhoopDay>();
  const day = (key: string) => dayEntry(days, key, () => ({}));
  const sleepDay = new Map<string, string>();
  const cycleDay = new Map<number, string>(knownCycleDays);

  // Each day's night: its longest scored sleep that is not a nap (of two as long, the one whose id sorts
  // last), so that the order Whoop lists them in changes nothing; its figures all come from it.
  const nights = new Map<string, { sleep: WhoopSleep; asleep: number }>();
  for (const sleep of sleeps) {
    const key = localDay(sleep.end, sleep.timezone_offset);
    sleepDay.set(sleep.id, key);
    if (sleep.nap || sleep.score_state !== SCORED || !sleep.score) continue;
    const stages = sleep.score.stage_summary;
    const total = (stages?.total_light_sleep_time_milli ?? NaN) + (stages?.total_slow_wave_sleep_time_milli ?? NaN) + (stages?.total_rem_sleep_time_milli ?? NaN);
    const asleep = figure(total) ? total : -1;
    const found = nights.get(key);
    if (!found || asleep > found.asleep || (asleep === found.asleep && String(sleep.id) > String(found.sleep.id))) nights.set(key, { sleep, asleep });
  }
  for (const [key, { sleep, asleep }] of nights) {
    const score = sleep.score!;
    const stages = score.stage_summary;
    const target = day(key);
    if (asleep >= 0) {
      target.sleepDurationMinutes = Math.round(asleep / MS_PER_MINUTE);
      // The stages only with the time asleep they belong to, each only where Whoop gave it.
      const minutes = { sleepDeepMinutes: stages.total_slow_wave_sleep_time_milli, sleepLightMinutes: stages.total_light_sleep_time_milli, sleepRemMinutes: stages.total_rem_sleep_time_milli, sleepAwakeMinutes: stages.total_awake_time_milli };
      for (const [field, value] of Object.entries(minutes) as [keyof typeof minutes, unknown][]) {
        const whole = stageMinutes(value);
        if (whole !== undefined) target[field] = whole;
      }
    }
    if (score.sleep_performance_percentage !== undefined) target.sleepScore = Math.round(score.sleep_performance_percentage);
    if (score.respiratory_rate !== undefined) target.respiratoryRateBpm = Math.round(score.respiratory_rate * 10) / 10;
  }

  for (const recovery of recoveries) {
    if (recovery.score_state !== SCORED || !recovery.score) continue;
    // Without its sleep in this batch, the day it was scored (UTC) stands in.
    const night = sleepDay.get(recovery.sleep_id) ?? knownSleepDays?.get(recovery.sleep_id);
    if (night) cycleDay.set(recovery.cycle_id, night);
    const target = day(night ?? recovery.created_at.slice(0, 10));
    target.recoveryScore = Math.round(recovery.score.recovery_score);
    target.restingHeartRateBpm = recovery.score.resting_heart_rate;
    target.hrvMs = Math.round(recovery.score.hrv_rmssd_milli * 10) / 10;
  }

  for (const cycle of cycles) {
    if (cycle.score_state !== SCORED || !cycle.score) continue;
    const waking = cycleDay.get(cycle.id) ?? localDay(new Date(Date.parse(cycle.start) + CYCLE_TO_WAKING_DAY_MS).toISOString(), cycle.timezone_offset);
    if (waking) day(waking).totalCaloriesKcal = Math.round(cycle.score.kilojoule / KJ_PER_KCAL);
  }
  return days;
}
