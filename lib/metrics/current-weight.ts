import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { utcDay } from '@/lib/days';
import type { Prisma } from '@/lib/generated/prisma/client';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { mergeDays, type DailyMetricRow } from './source-priority';

// A member's weight has one current value, used by every screen, the generated texts and the export: the
// newest day with a weighing, whatever its source (a connected scale, Apple Health, or the member's own
// entry, which is stored as that day's MANUAL weighing), the day's sources merged by the source priority.
// Only an account with no weighing at all falls back to the profile's figure, with no day.

export type CurrentWeight = {
  kg: number;
  /** YYYY-MM-DD of the weighing; null for a profile figure from before entries were dated. */
  day: string | null;
  /** Who measured it: MANUAL is the member's own entry. */
  source: MetricSource;
};

/** The weighings of one day are merged across sources; a day has at most one row per source. */
const SOURCES_PER_DAY = Object.keys(MetricSource).length;

/** The member's current weight on or before the UTC `day` (today unless told), or null without any. */
export async function currentWeight(userId: string, day: string = utcDay(new Date())): Promise<CurrentWeight | null> {
  const [rows, user] = await Promise.all([
    db.dailyMetric.findMany({
      where: { userId, weightKg: { not: null }, day: { lte: ISO_DAY.toDate(day) } },
      select: { day: true, source: true, weightKg: true },
      orderBy: { day: 'desc' },
      take: SOURCES_PER_DAY,
    }),
    db.user.findUnique({ where: { id: userId }, select: { currentWeightKg: true } }),
  ]);
  const newest = rows[0] ? ISO_DAY.fromDate(rows[0].day) : null;
  // Only the weight is read and merged (mergeDays sets the measures it is not asked for to null).
  const sameDay = rows.filter((row) => ISO_DAY.fromDate(row.day) === newest) as DailyMetricRow[];
  const merged = newest ? mergeDays(sameDay, ['weightKg']).at(-1) : undefined;
  if (merged?.weightKg != null && merged.sources.weightKg) return { kg: merged.weightKg, day: merged.day, source: merged.sources.weightKg };
  return user?.currentWeightKg != null ? { kg: user.currentWeightKg, day: null, source: MetricSource.MANUAL } : null;
}


/**
 * The member's own weight entry (onboarding's weight step, the profile): today's MANUAL weighing, in the
 * same transaction as the profile's figure, so that the newest entry is the current weight everywhere.
 */
export function recordMemberWeight(tx: Prisma.TransactionClient, userId: string, kg: number, now: Date = new Date()) {
  const day = ISO_DAY.toDate(utcDay(now));
  return tx.dailyMetric.upsert({
    where: { userId_day_source: { userId, day, source: MetricSource.MANUAL } },
    create: { userId, day, source: MetricSource.MANUAL, weightKg: kg },
    update: { weightKg: kg },
    select: { id: true },
  });
}
