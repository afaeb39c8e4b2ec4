import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import type { MetricSource } from '@/lib/generated/prisma/enums';
import type { LastNightSleep, SleepScoreResponse, SleepStages } from './contract';
import { addDays, utcDay } from '@/lib/days';
import { provenance } from '@/lib/metrics/source-names';
import { byDay, mergedDays } from './merged-metrics';

/** A field's value for last night: dated today (UTC), or else yesterday, with its source; null when neither day has one. */
async function lastNight(userId: string, field: 'sleepScore' | 'sleepDurationMinutes', now: Date): Promise<{ value: number; day: string; from: string | null; source: MetricSource | null } | null> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const days = byDay(await mergedDays(userId, yesterday, today, [field]));
  for (const day of [today, yesterday]) {
    const merged = days.get(day);
    const value = merged?.[field] ?? null;
    const source = merged?.sources[field] ?? null;
    if (value !== null) return { value, day, from: source ? provenance([source]) : null, source };
  }
  return null;
}

/** GET /api/sleep_score: last night's score, dated today (UTC) or else yesterday; null when neither day has one. */
export async function sleepScore(userId: string, now = new Date()): Promise<SleepScoreResponse | null> {
  const found = await lastNight(userId, 'sleepScore', now);
  return found && { score: found.value, day: found.day, from: found.from };
}

/** Last night's time asleep with its source and, where that source recorded them, its stages; null when neither day has one. */
export async function lastNightSleep(userId: string, now = new Date()): Promise<LastNightSleep | null> {
  const found = await lastNight(userId, 'sleepDurationMinutes', now);
  if (!found) return null;
  return { minutes: found.value, day: found.day, from: found.from, stages: found.source ? await stagesOf(userId, found.day, found.source) : null };
}

/** The stages of one night from one source: the same row as its time asleep, so the two never disagree. */
async function stagesOf(userId: string, day: string, source: MetricSource): Promise<SleepStages | null> {
  const row = await db.dailyMetric.findUnique({
    where: { userId_day_source: { userId, day: ISO_DAY.toDate(day), source } },
    select: { sleepDeepMinutes: true, sleepLightMinutes: true, sleepRemMinutes: true, sleepAwakeMinutes: true },
  });
  if (!row) return null;
  const stages = { deep: row.sleepDeepMinutes, light: row.sleepLightMinutes, rem: row.sleepRemMinutes, awake: row.sleepAwakeMinutes };
  // Deep, light and REM together, at least two of them with time, or nothing: a night told as one stage alone
  // (an export that marks all of it "core" or "asleep") is not a picture of the night.
  const asleep = [stages.deep, stages.light, stages.rem];
  return asleep.every((minutes) => minutes !== null) && asleep.filter((minutes) => minutes! > 0).length >= 2 ? stages : null;
}
