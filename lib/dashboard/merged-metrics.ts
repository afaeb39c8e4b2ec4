import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { mergeDays, METRIC_FIELDS, type DailyMetricRow, type MergedDay, type MetricField } from '@/lib/metrics/source-priority';

type Select = { day: true; source: true } & { [K in MetricField]?: true };
const selectOf = (fields: readonly MetricField[]): Select => ({ day: true, source: true, ...Object.fromEntries(fields.map((f) => [f, true])) });
const ALL = selectOf(METRIC_FIELDS);

/**
 * One user's merged days from `from` to `to` (inclusive, YYYY-MM-DD), oldest first: every endpoint
 * reads daily metrics through here, so the per-metric source priority applies everywhere alike.
 * Days with no row are absent. `fields` narrows the read to the metrics the caller shows.
 */
export async function mergedDays(userId: string, from: string, to: string, fields: readonly MetricField[] = METRIC_FIELDS): Promise<MergedDay[]> {
  const rows = await db.dailyMetric.findMany({
    where: { userId, day: { gte: ISO_DAY.toDate(from), lte: ISO_DAY.toDate(to) } },
    select: fields === METRIC_FIELDS ? ALL : selectOf(fields),
  });
  // The columns left out are never read: mergeDays merges `fields` only and sets the rest to null.
  return mergeDays(rows as DailyMetricRow[], fields);
}

/** The merged days as a map by day, for lookups over a fixed list of days. */
export const byDay = (days: readonly MergedDay[]): Map<string, MergedDay> => new Map(days.map((d) => [d.day, d]));
