import 'server-only';
import type { LastNightSleep, SleepScoreResponse } from './contract';
import { addDays, utcDay } from '@/lib/days';
import { provenance } from '@/lib/metrics/source-names';
import { byDay, mergedDays } from './merged-metrics';

/** GET /api/sleep_score: last night's score, dated today (UTC) or else yesterday; null when neither day has one. */
export async function sleepScore(userId: string, now = new Date()): Promise<SleepScoreResponse | null> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const days = byDay(await mergedDays(userId, yesterday, today, ['sleepScore']));
  for (const day of [today, yesterday]) {
    const merged = days.get(day);
    const score = merged?.sleepScore ?? null;
    if (score !== null) return { score, day, from: merged?.sources.sleepScore ? provenance([merged.sources.sleepScore]) : null };
  }
  return null;
}

/** Last night's time asleep (dated today, UTC, or else yesterday) with its source, for the sleep card; null when neither day has one. */
export async function lastNightSleep(userId: string, now = new Date()): Promise<LastNightSleep | null> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const days = byDay(await mergedDays(userId, yesterday, today, ['sleepDurationMinutes']));
  for (const day of [today, yesterday]) {
    const merged = days.get(day);
    const minutes = merged?.sleepDurationMinutes ?? null;
    if (minutes !== null) return { minutes, day, from: merged?.sources.sleepDurationMinutes ? provenance([merged.sources.sleepDurationMinutes]) : null };
  }
  return null;
}
