import 'server-only';
import { addDays, utcDay } from '@/lib/days';
import type { MetricField } from '@/lib/metrics/source-priority';
import { provenance } from '@/lib/metrics/source-names';
import { BASELINE_NIGHTS, readinessScore, type Readiness, type ReadinessKey } from '@/lib/scores/readiness';
import { byDay, mergedDays } from './merged-metrics';

// Today's readiness for the dashboard: the score of lib/scores/readiness.ts over the member's merged days
// (the same source priority as every screen), with where last night's figures came from.

const FIELDS = ['hrvMs', 'restingHeartRateBpm', 'sleepDurationMinutes', 'respiratoryRateBpm'] as const satisfies readonly MetricField[];
const FIELD_OF: Readonly<Record<Exclude<ReadinessKey, 'temperature'>, (typeof FIELDS)[number]>> = {
  hrv: 'hrvMs',
  restingHeartRate: 'restingHeartRateBpm',
  sleepDuration: 'sleepDurationMinutes',
  respiratoryRate: 'respiratoryRateBpm',
};

export type ReadinessAnswer = Readiness & {
  /** The day it is for (last night is filed under it), YYYY-MM-DD. */
  day: string;
  /** Where last night's scored figures came from ("From Oura."); null without a score. */
  from: string | null;
};

/** Today's (UTC) readiness for `userId`. */
export async function readinessToday(userId: string, now = new Date()): Promise<ReadinessAnswer> {
  const today = utcDay(now);
  const days = await mergedDays(userId, addDays(today, -BASELINE_NIGHTS), today, FIELDS);
  const readiness = readinessScore({ today, days });
  const tonight = byDay(days).get(today);
  const from =
    readiness.state === 'ready' && tonight
      ? provenance(readiness.factors.flatMap((factor) => (factor.key === 'temperature' ? [] : [tonight.sources[FIELD_OF[factor.key]]])))
      : null;
  return { ...readiness, day: today, from };
}
