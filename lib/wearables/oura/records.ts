import type { DayFields } from '../metric-store';
import { dayEntry } from '../day-map';

// Oura API v2 records (v2/usercollection/daily_sleep, sleep, daily_activity, daily_readiness,
// heartrate) → the app's daily metrics and heart-rate samples. Pure: the sync fetches the pages and
// stores what this returns. Every record is already filed under its `day` (the member's calendar day;
// a night under the day it ends). A figure Oura leaves null or out is left out, never written as 0.
// Readiness stands in for recovery.
//
// A night's stages come from the same period as its time asleep (the day's longest long_sleep, never a
// nap or a rest added to it): `deep_sleep_duration`, `light_sleep_duration`, `rem_sleep_duration` and
// `awake_time`, each an integer number of seconds or null, on a sleep period of
// /v2/usercollection/sleep (https://cloud.ouraring.com/v2/docs#tag/Sleep-Routes, PublicModifiedSleepModel).

export type OuraDailySleep = { id: string; day: string; score?: number | null; timestamp?: string; contributors?: Record<string, number | null> };

export type OuraDailyActivity = { id: string; day: string; score?: number | null; steps?: number | null; active_calories?: number | null; total_calories?: number | null; timestamp?: string };

export type OuraDailyReadiness = { id: string; day: string; score?: number | null; temperature_deviation?: number | null; timestamp?: string; contributors?: Record<string, number | null> };

export type OuraSleepType = 'long_sleep' | 'sleep' | 'late_nap' | 'rest' | 'deleted';

/** A sleep period: a night (`long_sleep`), a nap or a rest; only the day's longest long_sleep makes its figures. */
export type OuraSleep = {
  id: string;
  day: string;
  type: OuraSleepType | string;
  /** Seconds asleep. */
  total_sleep_duration?: number | null;
  /** Seconds in each stage, and awake, during the period (null where Oura has none). */
  deep_sleep_duration?: number | null;
  light_sleep_duration?: number | null;
  rem_sleep_duration?: number | null;
  awake_time?: number | null;
  lowest_heart_rate?: number | null;
  average_hrv?: number | null;
  average_breath?: number | null;
  average_heart_rate?: number | null;
  bedtime_start?: string;
  bedtime_end?: string;
};

export type OuraHeartRate = { bpm: number | null; source?: string; timestamp: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAIN_SLEEP = 'long_sleep';

const figure = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const tenth = (value: number) => Math.round(value * 10) / 10;
const seconds = (sleep: OuraSleep) => (figure(sleep.total_sleep_duration) ? sleep.total_sleep_duration : -1);
/** A stage's seconds as whole minutes (rounded as the time asleep is); none for a missing, negative or over-a-day figure. */
const stageMinutes = (value: unknown) => (figure(value) && value >= 0 && value <= 86_400 ? Math.round(value / 60) : undefined);

/**
 * Each day's main night among these periods: its longest `long_sleep` (naps, rests and deleted periods never
 * count); of two as long, the one whose id sorts last, so that the order Oura lists them in changes nothing.
 */
export function mainSleeps(sleeps: readonly OuraSleep[]): Map<string, OuraSleep> {
  const main = new Map<string, OuraSleep>();
  for (const sleep of sleeps) {
    if (sleep.type !== MAIN_SLEEP || !DAY.test(sleep.day ?? '')) continue;
    const found = main.get(sleep.day);
    if (!found || seconds(sleep) > seconds(found) || (seconds(sleep) === seconds(found) && String(sleep.id) > String(found.id))) main.set(sleep.day, sleep);
  }
  return main;
}

/**
 * The days these records describe, each with only the figures Oura gave. `longestKnown` holds, for the
 * days whose night an earlier page already wrote, that night's seconds asleep: a period here that is
 * not longer leaves the day's sleep figures as they are (a day's periods may be paged apart).
 */
export function ouraDays({
  dailySleeps = [],
  sleeps = [],
  activities = [],
  readiness = [],
  longestKnown,
}: {
  dailySleeps?: readonly OuraDailySleep[];
  sleeps?: readonly OuraSleep[];
  activities?: readonly OuraDailyActivity[];
  readiness?: readonly OuraDailyReadiness[];
  longestKnown?: ReadonlyMap<string, number>;
}): Map<string, DayFields> {
  const days = new Map<string, DayFields>();
  const day = (key: string) => dayEntry(days, key, () => ({}));
  const dated = <T extends { day: string }>(records: readonly T[]) => records.filter((record) => typeof record?.day === 'string' && DAY.test(record.day));

  for (const record of dated(dailySleeps)) if (figure(record.score)) day(record.day).sleepScore = Math.round(record.score);

  for (const [key, sleep] of mainSleeps(sleeps)) {
    const known = longestKnown?.get(key);
    if (known !== undefined && seconds(sleep) <= known) continue;
    const target = day(key);
    if (figure(sleep.total_sleep_duration)) {
      target.sleepDurationMinutes = Math.round(sleep.total_sleep_duration / 60);
      // The stages only with the time asleep they belong to.
      const stages = { sleepDeepMinutes: sleep.deep_sleep_duration, sleepLightMinutes: sleep.light_sleep_duration, sleepRemMinutes: sleep.rem_sleep_duration, sleepAwakeMinutes: sleep.awake_time };
      for (const [field, value] of Object.entries(stages) as [keyof typeof stages, unknown][]) {
        const minutes = stageMinutes(value);
        if (minutes !== undefined) target[field] = minutes;
      }
    }
    if (figure(sleep.lowest_heart_rate)) target.restingHeartRateBpm = sleep.lowest_heart_rate;
    if (figure(sleep.average_hrv)) target.hrvMs = tenth(sleep.average_hrv);
    if (figure(sleep.average_breath)) target.respiratoryRateBpm = tenth(sleep.average_breath);
  }

  for (const record of dated(activities)) {
    if (figure(record.steps)) day(record.day).steps = Math.round(record.steps);
    if (figure(record.active_calories)) day(record.day).activeCaloriesKcal = Math.round(record.active_calories);
    if (figure(record.total_calories)) day(record.day).totalCaloriesKcal = Math.round(record.total_calories);
  }

  for (const record of dated(readiness)) if (figure(record.score)) day(record.day).recoveryScore = Math.round(record.score);

  for (const [key, fields] of days) if (Object.keys(fields).length === 0) days.delete(key);
  return days;
}

/** A heart rate no ring measures: outside this range it is a sensor glitch. */
const BPM_MIN = 20;
const BPM_MAX = 250;

/** Heart-rate samples as the app stores them (whole bpm); a sample without a valid time or a plausible rate is dropped. */
export function ouraHeartRates(items: readonly OuraHeartRate[]): { recordedAt: Date; bpm: number }[] {
  const samples: { recordedAt: Date; bpm: number }[] = [];
  for (const item of items) {
    const at = typeof item?.timestamp === 'string' ? Date.parse(item.timestamp) : NaN;
    if (!Number.isFinite(at) || !figure(item.bpm)) continue;
    const bpm = Math.round(item.bpm);
    if (bpm < BPM_MIN || bpm > BPM_MAX) continue;
    samples.push({ recordedAt: new Date(at), bpm });
  }
  return samples;
}
