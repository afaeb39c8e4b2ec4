import 'server-only';
import { db } from '@/lib/db';
import { inMemberUnits, unitIn } from '@/lib/labs/lab-units';
import { labUnits } from '@/lib/labs/lab-units-preference';
import { convertToCanonical } from '@/lib/labs/markers';
import { changeVerdict } from '@/lib/labs/reference-change';
import { ISO_DAY } from '@/lib/codecs';
import type { TestosteroneTrendResponse } from './contract';

// The T-Results chart: every total-testosterone lab result the user has, in ng/dL, oldest first.

export const TOTAL_TESTOSTERONE = 'total_testosterone' as const;

const MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short', year: 'numeric' });
const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** "Mar 2026" per point; when two results share a month, every label names its day ("14 Mar 2026") so none repeats. */
export function trendLabels(takenAt: readonly Date[]): string[] {
  const months = takenAt.map((date) => MONTH.format(date));
  return new Set(months).size === months.length ? months : takenAt.map((date) => DAY.format(date));
}

/** The lab's range beside a result, in ng/dL (rounded as the points are); null when it printed none or its unit does not convert. */
function labRange(row: { unit: string; referenceLow: number | null; referenceHigh: number | null } | undefined): TestosteroneTrendResponse['lab_range'] | null {
  if (!row || (row.referenceLow === null && row.referenceHigh === null)) return null;
  const ngDl = (value: number | null) => (value === null ? null : convertToCanonical(TOTAL_TESTOSTERONE, value, row.unit));
  const [low, high] = [ngDl(row.referenceLow), ngDl(row.referenceHigh)];
  if ((row.referenceLow !== null && low === null) || (row.referenceHigh !== null && high === null)) return null;
  return { low: low === null ? null : Math.round(low), high: high === null ? null : Math.round(high) };
}

/**
 * The newest result against the one before, when both are exact: judged, as /my_results judges it, on the
 * figures the lab printed, each in ng/dL unrounded (lib/labs/reference-change.ts).
 */
function latestChange(rows: readonly { takenAt: Date; value: number; unit: string; comparator: string | null }[]): NonNullable<TestosteroneTrendResponse['shown']>['change'] | null {
  const [previous, latest] = rows.slice(-2);
  if (!previous || !latest || previous.comparator || latest.comparator) return null;
  const [before, after] = [convertToCanonical(TOTAL_TESTOSTERONE, previous.value, previous.unit), convertToCanonical(TOTAL_TESTOSTERONE, latest.value, latest.unit)];
  const verdict = before === null || after === null ? null : changeVerdict(TOTAL_TESTOSTERONE, before, after);
  return verdict ? { since: ISO_DAY.fromDate(previous.takenAt), verdict } : null;
}

/** GET /api/trends/testosterone: the latest result is the highlighted one; the lab's range beside it, when it printed one. */
export async function testosteroneTrend(userId: string): Promise<TestosteroneTrendResponse> {
  const rows = await db.labResult.findMany({
    where: { userId, marker: TOTAL_TESTOSTERONE, valueNgDl: { not: null } },
    orderBy: [{ takenAt: 'asc' }, { id: 'asc' }],
    select: { takenAt: true, value: true, valueNgDl: true, comparator: true, unit: true, referenceLow: true, referenceHigh: true },
  });
  const kept = rows.filter((r) => r.valueNgDl !== null && Number.isFinite(r.valueNgDl));
  const results = kept.map((r) => ({ takenAt: r.takenAt, ngDl: r.valueNgDl!, comparator: r.comparator }));
  const labels = trendLabels(results.map((r) => r.takenAt));
  const range = labRange(rows.at(-1));
  // The same results in the member's units, each from the figure the lab printed, as /my_results writes it.
  const system = await labUnits(userId);
  const inUnits = kept.map((r) => inMemberUnits('total_testosterone', { value: r.value, unit: r.unit, low: r.referenceLow, high: r.referenceHigh }, system));
  const latest = inUnits.at(-1);
  const change = latestChange(kept);
  return {
    ...(range ? { lab_range: range } : {}),
    ...(latest
      ? {
          shown: {
            unit: unitIn('total_testosterone', system),
            points: inUnits.map((r) => r.value),
            ...(latest.low !== null || latest.high !== null ? { lab_range: { low: latest.low, high: latest.high } } : {}),
            ...(change ? { change } : {}),
          },
        }
      : {}),
    data: results.map((r, i) => ({
      label: labels[i]!,
      raw: Math.round(r.ngDl),
      highlight: i === results.length - 1,
      // A bound is drawn as one, never as an exact point.
      ...(r.comparator === '<' || r.comparator === '<=' || r.comparator === '>' || r.comparator === '>=' ? { comparator: r.comparator } : {}),
    })),
  };
}
