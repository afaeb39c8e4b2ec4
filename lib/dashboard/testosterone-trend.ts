import 'server-only';
import { db } from '@/lib/db';
import type { TestosteroneTrendResponse } from './contract';

// The T-Results chart: every total-testosterone lab result the user has, in ng/dL, oldest first.

export const TOTAL_TESTOSTERONE = 'total_testosterone';

const MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short', year: 'numeric' });
const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** "Mar 2026" per point; when two results share a month, every label names its day ("14 Mar 2026") so none repeats. */
export function trendLabels(takenAt: readonly Date[]): string[] {
  const months = takenAt.map((date) => MONTH.format(date));
  return new Set(months).size === months.length ? months : takenAt.map((date) => DAY.format(date));
}

/** GET /api/trends/testosterone: the latest result is the highlighted one. */
export async function testosteroneTrend(userId: string): Promise<TestosteroneTrendResponse> {
  const rows = await db.labResult.findMany({
    where: { userId, marker: TOTAL_TESTOSTERONE, valueNgDl: { not: null } },
    orderBy: [{ takenAt: 'asc' }, { id: 'asc' }],
    select: { takenAt: true, valueNgDl: true, comparator: true },
  });
  const results = rows.flatMap((r) => (r.valueNgDl !== null && Number.isFinite(r.valueNgDl) ? [{ takenAt: r.takenAt, ngDl: r.valueNgDl, comparator: r.comparator }] : []));
  const labels = trendLabels(results.map((r) => r.takenAt));
  return {
    data: results.map((r, i) => ({
      label: labels[i]!,
      raw: Math.round(r.ngDl),
      highlight: i === results.length - 1,
      // A bound is drawn as one, never as an exact point.
      ...(r.comparator === '<' || r.comparator === '<=' || r.comparator === '>' || r.comparator === '>=' ? { comparator: r.comparator } : {}),
    })),
  };
}
