import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { MetricSource, ScanSource } from '@/lib/generated/prisma/enums';
import type { VitalsResponse } from './contract';
import { addDays, daysEnding, meanOf, nextIsoWeekStart, utcDay } from './days';
import { byDay, mergedDays } from './merged-metrics';
import type { MergedDay } from '@/lib/metrics/source-priority';

// The vital-signs card (SPEC §3 "Vitals response"): heart rate and stress over this week and last,
// the latest blood pressure, and when the weekly check-in opens again.

const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;

const rounded = (value: number | null): number | null => (value === null ? null : Math.round(value));

/**
 * Each UTC day's mean heart rate from one user's samples between `from` and `to` (inclusive), in one
 * aggregate: the (userId, recordedAt, source) index serves the range, so a year of 5-minute samples
 * costs only the days asked for. `recordedAt` is a UTC `timestamp`, so its date is the UTC day; grouping by
 * the date and formatting only the groups costs PostgreSQL about half as much as formatting every row.
 * Exported so a test can EXPLAIN the very query.
 */
export const heartRateMeansSql = (userId: string, from: string, to: string): Prisma.Sql => Prisma.sql`
  SELECT to_char("recordedAt"::date, 'YYYY-MM-DD') AS day, AVG(bpm)::float8 AS mean
  FROM heart_rate_samples
  WHERE "userId" = ${userId}
    AND "recordedAt" >= ${from}::date::timestamp
    AND "recordedAt" < (${to}::date + 1)::timestamp
  GROUP BY "recordedAt"::date`;

async function heartRateMeans(userId: string, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ day: string; mean: number }[]>(heartRateMeansSql(userId, from, to));
  return new Map(rows.filter((r) => Number.isFinite(r.mean)).map((r) => [r.day, r.mean]));
}

type BloodPressure = Pick<VitalsResponse, 'bp_systolic' | 'bp_diastolic' | 'bp_source' | 'bp_measured_at'>;
const NO_READING: BloodPressure = { bp_systolic: null, bp_diastolic: null, bp_source: null, bp_measured_at: null };

/** A typed reading is a cuff's; a scan stored as a daily metric is still a scan; any other source is a device's. */
function dayReadingSource(source: MetricSource | null): 'cuff' | 'scan' | 'device' {
  if (source === MetricSource.MANUAL) return 'cuff';
  if (source === MetricSource.SCAN) return 'scan';
  return 'device';
}

type Dated = { reading: BloodPressure; at: Date };

/** A merged day's reading, when it has both pressures. */
function readingOf(merged: MergedDay | undefined): Dated | null {
  if (!merged || merged.systolicBpMmhg === null || merged.diastolicBpMmhg === null) return null;
  const at = ISO_DAY.toDate(merged.day); // a day's reading counts as that day's 00:00 UTC
  const source = dayReadingSource(merged.sources.systolicBpMmhg);
  return { reading: { bp_systolic: merged.systolicBpMmhg, bp_diastolic: merged.diastolicBpMmhg, bp_source: source, bp_measured_at: at.toISOString() }, at };
}

/**
 * The latest full daily-metric reading up to `today`, the source priority choosing between sources:
 * from the days the card already merged when one of them has it, else from the database.
 */
async function latestDailyReading(userId: string, today: string, window: readonly MergedDay[]): Promise<Dated | null> {
  const recent = [...window].reverse().find((day) => day.day <= today && readingOf(day));
  if (recent) return readingOf(recent);
  // Only to find the day: its value still comes through mergedDays, so the priority decides which source shows.
  const located = await db.dailyMetric.findFirst({
    where: { userId, day: { lte: ISO_DAY.toDate(today) }, systolicBpMmhg: { not: null }, diastolicBpMmhg: { not: null } },
    orderBy: { day: 'desc' },
    select: { day: true },
  });
  if (!located) return null;
  const day = ISO_DAY.fromDate(located.day);
  const [merged] = await mergedDays(userId, day, day);
  return readingOf(merged);
}

/** The latest scan up to `now` with both pressures. */
async function latestScanReading(userId: string, now: Date): Promise<Dated | null> {
  const scan = await db.vitalScan.findFirst({
    where: { userId, measuredAt: { lte: now }, systolicBloodPressureMmhg: { not: null }, diastolicBloodPressureMmhg: { not: null } },
    orderBy: [{ measuredAt: 'desc' }, { id: 'desc' }],
    select: { measuredAt: true, systolicBloodPressureMmhg: true, diastolicBloodPressureMmhg: true },
  });
  const systolic = scan?.systolicBloodPressureMmhg ?? null;
  const diastolic = scan?.diastolicBloodPressureMmhg ?? null;
  if (!scan || systolic === null || diastolic === null || !Number.isFinite(systolic) || !Number.isFinite(diastolic)) return null;
  const reading: BloodPressure = { bp_systolic: Math.round(systolic), bp_diastolic: Math.round(diastolic), bp_source: 'scan', bp_measured_at: scan.measuredAt.toISOString() };
  return { reading, at: scan.measuredAt };
}

/** The more recent of the latest scan and the latest daily reading; on a tie the scan, whose time is exact. */
async function latestBloodPressure(userId: string, now: Date, today: string, window: Promise<MergedDay[]>): Promise<BloodPressure> {
  const [scan, daily] = await Promise.all([latestScanReading(userId, now), window.then((days) => latestDailyReading(userId, today, days))]);
  const latest = scan && (!daily || scan.at.getTime() >= daily.at.getTime()) ? scan : daily;
  return latest?.reading ?? NO_READING;
}

/** 0 while this ISO week's weekly scan is still to do; otherwise whole days (rounded up) until next Monday 00:00 UTC. */
async function daysUntilWeeklyScan(userId: string, now: Date): Promise<number> {
  const nextWeek = nextIsoWeekStart(now);
  const weekStart = new Date(nextWeek.getTime() - WEEK_DAYS * DAY_MS);
  const done = await db.vitalScan.findFirst({
    where: { userId, source: ScanSource.WEEKLY, measuredAt: { gte: weekStart, lte: now } },
    select: { id: true },
  });
  return done ? Math.ceil((nextWeek.getTime() - now.getTime()) / DAY_MS) : 0;
}

/**
 * GET /api/vitals. Heart rate per day is the mean of that day's samples, or the day's resting heart
 * rate when it has none; stress is the merged daily stress score. `*_today` and `*_yesterday` are
 * the means over this week's and last week's 7 days (SPEC keeps the names; the card says
 * 'This week' and 'Last week').
 */
export async function vitals(userId: string, now = new Date()): Promise<VitalsResponse> {
  const today = utcDay(now);
  const thisWeek = daysEnding(today, WEEK_DAYS);
  const lastWeek = daysEnding(addDays(today, -WEEK_DAYS), WEEK_DAYS);
  const from = lastWeek[0]!;

  const window = mergedDays(userId, from, today);
  const [sampleMeans, merged, bp, bpNextInDays] = await Promise.all([
    heartRateMeans(userId, from, today),
    window.then(byDay),
    latestBloodPressure(userId, now, today, window),
    daysUntilWeeklyScan(userId, now),
  ]);

  const rate = (day: string) => rounded(sampleMeans.get(day) ?? merged.get(day)?.restingHeartRateBpm ?? null);
  const stress = (day: string) => rounded(merged.get(day)?.stressScore ?? null);

  const heartRateHistory = thisWeek.map((day) => ({ day, rate: rate(day) }));
  const stressHistory = thisWeek.map((day) => ({ day, value: stress(day) }));
  return {
    heart_rate_history: heartRateHistory,
    heart_rate_today: rounded(meanOf(heartRateHistory.map((p) => p.rate))),
    heart_rate_yesterday: rounded(meanOf(lastWeek.map(rate))),
    stress_history: stressHistory,
    stress_today: rounded(meanOf(stressHistory.map((p) => p.value))),
    stress_yesterday: rounded(meanOf(lastWeek.map(stress))),
    ...bp,
    bp_next_in_days: bpNextInDays,
  };
}
