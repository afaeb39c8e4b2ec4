import 'server-only';
import { DEVICE_OF_SOURCE, provenance } from '@/lib/metrics/source-names';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { MetricSource } from '@/lib/generated/prisma/enums';
import type { VitalsResponse } from './contract';
import { addDays, daysEnding, isoWeekStart, meanOf, nextIsoWeekStart, utcDay } from '@/lib/days';
import { byDay, mergedDays } from './merged-metrics';
import type { MergedDay, MetricField } from '@/lib/metrics/source-priority';

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
  SELECT to_char("recordedAt"::date, 'YYYY-MM-DD') AS day, AVG(bpm)::float8 AS mean, array_agg(DISTINCT source::text) AS sources
  FROM heart_rate_samples
  WHERE "userId" = ${userId}
    AND "recordedAt" >= ${from}::date::timestamp
    AND "recordedAt" < (${to}::date + 1)::timestamp
  GROUP BY "recordedAt"::date`;

/** A day's mean heart rate from its samples, and the sources of those samples. */
type SampleMean = { mean: number; sources: MetricSource[] };

/** MetricSource by the name the column stores (the enum's mapped names), which raw SQL reads. */
const SOURCE_OF_STORED: ReadonlyMap<string, MetricSource> = new Map(Object.values(MetricSource).map((source) => [source.toLowerCase(), source]));

async function heartRateMeans(userId: string, from: string, to: string): Promise<Map<string, SampleMean>> {
  const rows = await db.$queryRaw<{ day: string; mean: number; sources: string[] }[]>(heartRateMeansSql(userId, from, to));
  const sourcesOf = (stored: string[]) => stored.flatMap((name) => SOURCE_OF_STORED.get(name) ?? []);
  return new Map(rows.filter((r) => Number.isFinite(r.mean)).map((r) => [r.day, { mean: r.mean, sources: sourcesOf(r.sources) }]));
}

const BP_FIELDS = ['systolicBpMmhg', 'diastolicBpMmhg'] as const satisfies readonly MetricField[];
/** The metrics this card reads. */
const VITALS_FIELDS = ['restingHeartRateBpm', 'stressScore', ...BP_FIELDS] as const satisfies readonly MetricField[];

type BloodPressure = Pick<VitalsResponse, 'bp_systolic' | 'bp_diastolic' | 'bp_source' | 'bp_device' | 'bp_measured_at'>;
const NO_READING: BloodPressure = { bp_systolic: null, bp_diastolic: null, bp_source: null, bp_device: null, bp_measured_at: null };

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
  const device = source === 'device' && merged.sources.systolicBpMmhg ? DEVICE_OF_SOURCE[merged.sources.systolicBpMmhg] : null;
  return { reading: { bp_systolic: merged.systolicBpMmhg, bp_diastolic: merged.diastolicBpMmhg, bp_source: source, bp_device: device, bp_measured_at: at.toISOString() }, at };
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
  const [merged] = await mergedDays(userId, day, day, BP_FIELDS);
  return readingOf(merged);
}

type ScanFacts = { scan: Dated | null; weeklyDone: boolean };

/** BloodPressureSource as the column holds it (the enum's mapped names), which raw SQL reads. */
type StoredPressureSource = 'cuff' | 'camera';
/** A scan's pressures by where they came from; unknown for a vendor engine's that did not say. */
const SCAN_PRESSURE_SOURCE = { cuff: 'cuff', camera: 'scan', unknown: 'checkin' } as const satisfies Record<StoredPressureSource | 'unknown', BloodPressure['bp_source']>;

/** A UTC instant as the `timestamp` (without zone) the scans are stored in. */
const utcTimestamp = (date: Date) => Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/**
 * In one round trip: the latest scan up to `now` with both pressures, and whether this ISO week's
 * weekly scan is done (from Monday 00:00 UTC up to `now`).
 */
async function scanFacts(userId: string, now: Date): Promise<ScanFacts> {
  const weekStart = isoWeekStart(now);
  const [row] = await db.$queryRaw<{ measuredAt: Date | null; systolic: number | null; diastolic: number | null; pressureSource: StoredPressureSource | null; weeklyDone: boolean }[]>`
    SELECT latest."measuredAt", latest.systolic, latest.diastolic, latest."pressureSource",
      EXISTS (
        SELECT 1 FROM vital_scans
        WHERE "userId" = ${userId} AND source = 'weekly' AND "measuredAt" >= ${utcTimestamp(weekStart)} AND "measuredAt" <= ${utcTimestamp(now)}
      ) AS "weeklyDone"
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT "measuredAt", "systolicBloodPressureMmhg"::float8 AS systolic, "diastolicBloodPressureMmhg"::float8 AS diastolic,
        "bloodPressureSource"::text AS "pressureSource"
      FROM vital_scans
      WHERE "userId" = ${userId} AND "measuredAt" <= ${utcTimestamp(now)}
        AND "systolicBloodPressureMmhg" IS NOT NULL AND "diastolicBloodPressureMmhg" IS NOT NULL
      ORDER BY "measuredAt" DESC, id DESC
      LIMIT 1
    ) AS latest ON true`;
  const { measuredAt, systolic, diastolic, pressureSource } = row ?? { measuredAt: null, systolic: null, diastolic: null, pressureSource: null };
  const usable = measuredAt !== null && systolic !== null && diastolic !== null && Number.isFinite(systolic) && Number.isFinite(diastolic);
  const scan: Dated | null = usable
    ? { reading: { bp_systolic: Math.round(systolic), bp_diastolic: Math.round(diastolic), bp_source: SCAN_PRESSURE_SOURCE[pressureSource ?? 'unknown'], bp_device: null, bp_measured_at: measuredAt.toISOString() }, at: measuredAt }
    : null;
  return { scan, weeklyDone: row?.weeklyDone ?? false };
}

/** The more recent of the latest scan and the latest daily reading; on a tie the scan, whose time is exact. */
async function latestBloodPressure(userId: string, today: string, facts: Promise<ScanFacts>, window: Promise<MergedDay[]>): Promise<BloodPressure> {
  const [{ scan }, daily] = await Promise.all([facts, window.then((days) => latestDailyReading(userId, today, days))]);
  const latest = scan && (!daily || scan.at.getTime() >= daily.at.getTime()) ? scan : daily;
  return latest?.reading ?? NO_READING;
}

/** 0 while this ISO week's weekly scan is still to do; otherwise whole days (rounded up) until next Monday 00:00 UTC. */
function daysUntilWeeklyScan(weeklyDone: boolean, now: Date): number {
  return weeklyDone ? Math.ceil((nextIsoWeekStart(now).getTime() - now.getTime()) / DAY_MS) : 0;
}

/** What a week of heart rates is: one kind on every day that has one, else 'mixed'. */
function rateKind(kinds: readonly NonNullable<VitalsResponse['heart_rate_kind']>[]): VitalsResponse['heart_rate_kind'] {
  if (!kinds.length) return null;
  return kinds.every((kind) => kind === kinds[0]) ? kinds[0]! : 'mixed';
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

  const window = mergedDays(userId, from, today, VITALS_FIELDS);
  const facts = scanFacts(userId, now);
  const [sampleMeans, merged, bp, { weeklyDone }] = await Promise.all([
    heartRateMeans(userId, from, today),
    window.then(byDay),
    latestBloodPressure(userId, today, facts, window),
    facts,
  ]);
  const bpNextInDays = daysUntilWeeklyScan(weeklyDone, now);

  // A day's mean of its samples (a device's all day, or only a camera scan's, as on day one), else its resting rate.
  const kindOf = (day: string): NonNullable<VitalsResponse['heart_rate_kind']> | null => {
    const samples = sampleMeans.get(day);
    if (samples) return samples.sources.every((source) => source === MetricSource.SCAN) ? 'scan' : 'all_day';
    return merged.get(day)?.restingHeartRateBpm != null ? 'resting' : null;
  };
  const rate = (day: string) => rounded(sampleMeans.get(day)?.mean ?? merged.get(day)?.restingHeartRateBpm ?? null);
  const stress = (day: string) => rounded(merged.get(day)?.stressScore ?? null);
  // Where each of the two weeks' figures came from (both are shown): the day's samples, else its resting heart rate's source.
  const rateSources = (day: string): (MetricSource | null)[] => sampleMeans.get(day)?.sources ?? [merged.get(day)?.sources.restingHeartRateBpm ?? null];
  const stressSource = (day: string) => (stress(day) === null ? null : (merged.get(day)?.sources.stressScore ?? null));

  const heartRateHistory = thisWeek.map((day) => ({ day, rate: rate(day) }));
  const stressHistory = thisWeek.map((day) => ({ day, value: stress(day) }));
  return {
    heart_rate_history: heartRateHistory,
    heart_rate_today: rounded(meanOf(heartRateHistory.map((p) => p.rate))),
    heart_rate_yesterday: rounded(meanOf(lastWeek.map(rate))),
    heart_rate_from: provenance([...thisWeek, ...lastWeek].flatMap(rateSources)),
    heart_rate_kind: rateKind(thisWeek.flatMap((day) => kindOf(day) ?? [])),
    stress_history: stressHistory,
    stress_today: rounded(meanOf(stressHistory.map((p) => p.value))),
    stress_yesterday: rounded(meanOf(lastWeek.map(stress))),
    stress_from: provenance([...thisWeek, ...lastWeek].map(stressSource)),
    ...bp,
    bp_next_in_days: bpNextInDays,
  };
}
