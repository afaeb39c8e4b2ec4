import type { WeekVsUsual } from '@/lib/ai/reflection';
import { addDays, daysEnding, meanOf } from '@/lib/days';
import type { MergedDay, MetricField } from '@/lib/metrics/source-priority';
import { provenance } from '@/lib/metrics/source-names';

// The member's own figures the reflection may name: this week's mean against his usual, from his
// merged days only. A week is the 7 days ending today; his usual is the 28 days before them.

export const WEEK_DAYS = 7;
export const USUAL_DAYS = 28;
/** Fewer days than this and a mean says little: no figure at all rather than a shaky one. */
const MIN_WEEK_DAYS = 3;
const MIN_USUAL_DAYS = 7;

/** The first day the figures read, for one query over the whole window. */
export const figuresFrom = (today: string): string => addDays(today, -(WEEK_DAYS + USUAL_DAYS - 1));

/** "Oura and your camera scan": the sources as the "From …" captions name them, without the caption's frame. */
function sourceWords(sources: Iterable<MergedDay['sources'][MetricField]>): string | null {
  return provenance(sources)?.replace(/^From /, '').replace(/\.$/, '') ?? null;
}

/** `field`'s mean over the week ending `today` against the 28 days before; null when either has too few days. */
export function weekVsUsual(days: readonly MergedDay[], field: 'hrvMs' | 'restingHeartRateBpm', today: string): WeekVsUsual | null {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const read = (list: string[]) => list.map((day) => byDay.get(day)).filter((d): d is MergedDay => d?.[field] != null && Number.isFinite(d[field]));
  const week = read(daysEnding(today, WEEK_DAYS));
  const usual = read(daysEnding(addDays(today, -WEEK_DAYS), USUAL_DAYS));
  if (week.length < MIN_WEEK_DAYS || usual.length < MIN_USUAL_DAYS) return null;
  const weekMean = meanOf(week.map((d) => d[field]));
  const usualMean = meanOf(usual.map((d) => d[field]));
  if (weekMean === null || usualMean === null) return null;
  return { week: weekMean, usual: usualMean, source: sourceWords(week.map((d) => d.sources[field])) };
}

/** Last night's sleep (the daily metric dated today) and where it came from. */
export function lastNight(days: readonly MergedDay[], today: string): { minutes: number | null; source: string | null } {
  const night = days.find((d) => d.day === today);
  const minutes = night?.sleepDurationMinutes ?? null;
  return { minutes, source: minutes === null ? null : sourceWords([night?.sources.sleepDurationMinutes ?? null]) };
}
