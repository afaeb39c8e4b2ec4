import 'server-only';
import type { LastNightSleep, SleepScoreResponse } from './contract';
import { addDays, utcDay } from '@/lib/days';
import { provenance } from '@/lib/metrics/source-names';
import { byDay, mergedDays } from './merged-metrics';

/** A field's value for last night: dated today (UTC), or else yesterday, with its source; null when neither day has one. */
async function lastNight(userId: string, field: 'sleepScore' | 'sleepDurationMinutes', now: Date): Promise<{ value: number; day: string; from: string | null } | null> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const days = byDay(await mergedDays(userId, yesterday, today, [field]));
  for (const day of [today, yesterday]) {
    const merged = days.get(day);
    const value = merged?.[field] ?? null;
    if (value !== null) return { value, day, from: merged?.sources[field] ? provenance([merged.sources[field]]) : null };
  }
  return null;
}

/** GET /api/sleep_score: last night's score, dated today (UTC) or else yesterday; null when neither day has one. */
export async function sleepScore(userId: string, now = new Date()): Promise<SleepScoreResponse | null> {
  const found = await lastNight(userId, 'sleepScore', now);
  return found && { score: found.value, day: found.day, from: found.from };
}

/** Last night's time asleep with its source, for the sleep card; null when neither day has one. */
export async function lastNightSleep(userId: string, now = new Date()): Promise<LastNightSleep | null> {
  const found = await lastNight(userId, 'sleepDurationMinutes', now);
  return found && { minutes: found.value, day: found.day, from: found.from };
}
