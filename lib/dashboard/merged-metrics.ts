import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { mergeDays, METRIC_FIELDS, type MergedDay, type MetricField } from '@/lib/metrics/source-priority';

type Select = { day: true; source: true } & { [K in MetricField]: true };
const SELECT = { day: true, source: true, ...Object.fromEntries(METRIC_FIELDS.map((f) => [f, true])) } as Select;

/**
 * One user's merged days from `from` to `to` (inclusive, YYYY-MM-DD), oldest first: every endpoint
 * reads daily metrics through here, so the per-metric source priority applies everywhere alike.
 * Days with no row are absent.
 */
export async function mergedDays(userId: string, from: string, to: string): Promise<MergedDay[]> {
  const rows = await db.dailyMetric.findMany({
    where: { userId, day: { gte: ISO_DAY.toDate(from), lte: ISO_DAY.toDate(to) } },
    select: SELECT,
  });
  return mergeDays(rows);
}

/** The merged days as a map by day, for lookups over a fixed list of days. */
export const byDay = (days: readonly MergedDay[]): Map<string, MergedDay> => new Map(days.map((d) => [d.day, d]));
