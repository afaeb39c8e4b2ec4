import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { addDays, daysBetween, daysEnding, utcDay } from '@/lib/days';
import { mergedDays } from '@/lib/dashboard/merged-metrics';
import { TOTAL_TESTOSTERONE } from '@/lib/dashboard/testosterone-trend';
import { db } from '@/lib/db';
import type { Energy, Mood } from '@/lib/generated/prisma/enums';
import { provenance } from '@/lib/metrics/source-names';
import { PARTIAL_TODAY_METRICS, ENERGY_ORDINAL, MOOD_ORDINAL, TREND_FIELDS, trendLineOf, type TrendField } from '@/lib/insights/patterns';
import { inMemberUnits, unitIn } from '@/lib/labs/lab-units';
import { labUnits } from '@/lib/labs/lab-units-preference';
import { unitSystemOf } from '@/lib/profile/units-preference';
import { LBS_PER_KG, type UnitSystem } from '@/lib/units';
import { personalRange, rangeDayFor, rangeVerdict, RANGE_METRICS, RANGE_WINDOW_DAYS, type RangeMetric } from './personal-range';
import type { MergedDay } from '@/lib/metrics/source-priority';

// The charts on /insights: each measure a trend statement can be about, day by day over 30, 90 or 365 days,
// from the same merged days (lib/dashboard/merged-metrics) and check-ins the statements are computed from,
// with the fitted line a statement quotes (patterns.ts trendLineOf: the last four weeks), plus testosterone
// from lab results. A measure with no value in the range has no points, and the page says what fills it.

export const TREND_RANGES = [30, 90, 365] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

export type MeasureKey = TrendField | 'testosterone' | 'mood' | 'energy';

export type MeasurePoint = { day: string; value: number; /** A lab result given as a bound ("< 17"). */ bound?: boolean };

export type MeasureTrend = {
  key: MeasureKey;
  label: string;
  /** Written after a value ("bpm", "h"); '' for counts and scales. */
  unit: string;
  points: MeasurePoint[];
  /** The fitted line a trend statement quotes, in the chart's unit; null where no statement fits a line. */
  line: { first: string; last: string; start: number; end: number } | null;
  /** The words of a scale's ends, for mood and energy ("terrible" … "elated"). */
  scale?: readonly string[];
  /** Where the points came from ("From Oura and Withings."). */
  from: string | null;
  /**
   * The member's usual band (lib/insights/personal-range.ts: the 10th–90th percentile of the 30 days before
   * the day judged), in the chart's unit, drawn behind HRV, resting heart rate, sleep and steps; null without
   * 14 values in those days.
   */
  band?: { low: number; high: number; from: string; to: string } | null;
  /** A plain sentence when the day judged (today; yesterday for steps) lies outside the band. */
  outside?: string | null;
  /** Testosterone: the day (YYYY-MM-DD) of the last result taken before the range, so an empty chart says there is one. */
  before?: string | null;
};

export type MeasureTrendsResponse = { range: TrendRange; first: string; last: string; measures: MeasureTrend[] };

/** A stored value in the chart's unit: sleep in hours, weight in the member's units. */
function inChartUnit(field: TrendField, value: number, units: UnitSystem): number {
  if (field === 'sleepDurationMinutes') return Math.round((value / 60) * 100) / 100;
  if (field === 'weightKg') return Math.round(value * (units === 'imperial' ? LBS_PER_KG : 1) * 10) / 10;
  return Math.round(value * 10) / 10;
}
const unitOf = (field: TrendField, units: UnitSystem): string =>
  ({ sleepDurationMinutes: 'h', hrvMs: 'ms', restingHeartRateBpm: 'bpm', steps: '', weightKg: units === 'imperial' ? 'lbs' : 'kg' })[field];

/** The charts' order: the night first, then the heart, movement and the body. */
const ORDER: readonly TrendField[] = ['sleepDurationMinutes', 'hrvMs', 'restingHeartRateBpm', 'steps', 'weightKg'];

/** The measures with a usual band, by the band's name for them. */
const BANDED: Partial<Record<TrendField, RangeMetric>> = { hrvMs: 'hrv', restingHeartRateBpm: 'restingHeartRate', sleepDurationMinutes: 'sleepDuration', steps: 'steps' };

const MOOD_WORDS = ['terrible', 'sad', 'neutral', 'happy', 'elated'] as const;
const ENERGY_WORDS = ['depleted', 'low', 'moderate', 'peak'] as const;

/** The measures with a value a day: the wearables' and the check-in's. */
export type DailyMeasureKey = TrendField | 'mood' | 'energy';

/** Each daily measure's name, as the charts title it. */
export const MEASURE_LABELS: Readonly<Record<DailyMeasureKey, string>> = {
  sleepDurationMinutes: 'Sleep',
  hrvMs: 'Heart-rate variability',
  restingHeartRateBpm: 'Resting heart rate',
  steps: 'Steps',
  weightKg: 'Weight',
  mood: 'Mood',
  energy: 'Energy',
};

/**
 * One measure's days as /insights charts them: its name, its unit, each day's value in that unit (sleep in
 * hours, weight in the member's units, mood and energy as their scale's place), the scale's words and where
 * the values came from. The charts and a member's experiments (lib/experiments/outcomes.ts) both read these.
 */
export type DailyMeasure = { key: DailyMeasureKey; label: string; unit: string; points: MeasurePoint[]; scale?: readonly string[]; from: string | null };

/** A wearable measure on each of `window`'s days that has a value. */
function wearableMeasure(field: TrendField, byDay: ReadonlyMap<string, MergedDay>, window: readonly string[], units: UnitSystem): DailyMeasure {
  const points = window.flatMap((day) => {
    const value = byDay.get(day)?.[field];
    return typeof value === 'number' && Number.isFinite(value) ? [{ day, value: inChartUnit(field, value, units) }] : [];
  });
  const sources = window.map((day) => {
    const merged = byDay.get(day);
    return merged && merged[field] !== null ? merged.sources[field] : null;
  });
  return { key: field, label: MEASURE_LABELS[field], unit: unitOf(field, units), points, from: provenance(sources) };
}

type CheckinScale = { day: Date; mood: Mood; energy: Energy };

/** Mood or energy on each day with a check-in, as its scale's place (0 = the scale's first word). */
function checkinMeasure(key: 'mood' | 'energy', checkins: readonly CheckinScale[]): DailyMeasure {
  const from = checkins.length ? provenance([], ['checkins']) : null;
  return key === 'mood'
    ? { key, label: MEASURE_LABELS.mood, unit: '', points: checkins.map((c) => ({ day: ISO_DAY.fromDate(c.day), value: MOOD_ORDINAL[c.mood] })), scale: MOOD_WORDS, from }
    : { key, label: MEASURE_LABELS.energy, unit: '', points: checkins.map((c) => ({ day: ISO_DAY.fromDate(c.day), value: ENERGY_ORDINAL[c.energy] })), scale: ENERGY_WORDS, from };
}

const isCheckinKey = (key: DailyMeasureKey): key is 'mood' | 'energy' => key === 'mood' || key === 'energy';

/**
 * `keys` from `first` to `last` (YYYY-MM-DD, inclusive), as /insights charts them, in the order asked. A count
 * still growing on `today` (steps) stops the day before it, as every screen counts it.
 */
export async function measureDays(userId: string, keys: readonly DailyMeasureKey[], first: string, last: string, today: string): Promise<DailyMeasure[]> {
  const fields = keys.filter((key): key is TrendField => !isCheckinKey(key));
  const [days, checkins, user] = await Promise.all([
    fields.length ? mergedDays(userId, first, last, fields) : Promise.resolve([]),
    keys.some(isCheckinKey) ? db.dailyCheckin.findMany({ where: { userId, day: { gte: ISO_DAY.toDate(first), lte: ISO_DAY.toDate(last) } }, orderBy: { day: 'asc' }, select: { day: true, mood: true, energy: true } }) : Promise.resolve([]),
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { unitsPreference: true } }),
  ]);
  const units = unitSystemOf(user.unitsPreference);
  const byDay = new Map(days.map((day) => [day.day, day]));
  const span = (end: string) => (end < first ? [] : daysEnding(end, daysBetween(first, end) + 1));
  return keys.map((key) => {
    if (isCheckinKey(key)) return checkinMeasure(key, checkins);
    const end = PARTIAL_TODAY_METRICS.includes(key) && addDays(today, -1) < last ? addDays(today, -1) : last;
    return wearableMeasure(key, byDay, span(end), units);
  });
}

/** GET /api/trends/measures?range=30|90|365: every measure's days in the range, newest last. */
export async function measureTrends(userId: string, range: TrendRange, now = new Date()): Promise<MeasureTrendsResponse> {
  const today = utcDay(now);
  const first = addDays(today, -(range - 1));
  // The usual band needs the 30 days before the day judged (yesterday for steps), also on the 30-day chart.
  const read = addDays(today, -(RANGE_WINDOW_DAYS + 1)) < first ? addDays(today, -(RANGE_WINDOW_DAYS + 1)) : first;
  const [days, labs, checkins, user, before, labSystem] = await Promise.all([
    mergedDays(userId, read, today, TREND_FIELDS),
    db.labResult.findMany({
      where: { userId, marker: TOTAL_TESTOSTERONE, valueNgDl: { not: null }, takenAt: { gte: ISO_DAY.toDate(first), lt: ISO_DAY.toDate(addDays(today, 1)) } },
      orderBy: [{ takenAt: 'asc' }, { id: 'asc' }],
      select: { takenAt: true, value: true, unit: true, valueNgDl: true, comparator: true },
    }),
    db.dailyCheckin.findMany({ where: { userId, day: { gte: ISO_DAY.toDate(first), lte: ISO_DAY.toDate(today) } }, orderBy: { day: 'asc' }, select: { day: true, mood: true, energy: true } }),
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { unitsPreference: true } }),
    db.labResult.findFirst({
      where: { userId, marker: TOTAL_TESTOSTERONE, valueNgDl: { not: null }, takenAt: { lt: ISO_DAY.toDate(first) } },
      orderBy: [{ takenAt: 'desc' }, { id: 'desc' }],
      select: { takenAt: true },
    }),
    labUnits(userId),
  ]);
  const units = unitSystemOf(user.unitsPreference);
  const byDay = new Map(days.map((day) => [day.day, day]));

  const measures: MeasureTrend[] = ORDER.map((field) => {
    // A count still growing today (steps) ends yesterday, as every screen counts it.
    const window = daysEnding(PARTIAL_TODAY_METRICS.includes(field) ? addDays(today, -1) : today, range);
    const { key, label, unit, points, from } = wearableMeasure(field, byDay, window, units);
    const line = trendLineOf(byDay, field, today, units);
    const scaled = line && field === 'sleepDurationMinutes' ? { ...line, start: line.start / 60, end: line.end / 60 } : line;
    const metric = BANDED[field];
    const usual = metric ? usualBand(metric, days, today, (value) => inChartUnit(field, value, units)) : {};
    return { key, label, unit, points, line: points.length ? scaled : null, from, ...usual };
  });

  measures.push({
    key: 'testosterone',
    label: 'Testosterone',
    // In the member's lab units, from the figure the lab printed, as the dashboard's T-Results write it.
    unit: unitIn('total_testosterone', labSystem),
    points: labs.flatMap((row) => (row.valueNgDl === null ? [] : [{ day: ISO_DAY.fromDate(row.takenAt), value: inMemberUnits('total_testosterone', { value: row.value, unit: row.unit, low: null, high: null }, labSystem).value, ...(row.comparator ? { bound: true } : {}) }])),
    line: null,
    from: labs.length ? 'From your blood tests.' : null,
    before: before ? ISO_DAY.fromDate(before.takenAt) : null,
  });
  const checkinMeasures = (['mood', 'energy'] as const).map((key) => checkinMeasure(key, checkins));
  for (const { key, label, unit, points, scale, from } of checkinMeasures) measures.push({ key, label, unit, points, line: null, ...(scale ? { scale } : {}), from });
  return { range, first, last: today, measures };
}

/** A measure's usual band in the chart's unit, and the sentence when the day judged lies outside it. */
function usualBand(metric: RangeMetric, days: readonly MergedDay[], today: string, toChart: (value: number) => number): Pick<MeasureTrend, 'band' | 'outside'> {
  const { field } = RANGE_METRICS[metric];
  const day = rangeDayFor(metric, today);
  const range = personalRange(days.map((d) => ({ day: d.day, value: d[field] })), day);
  if (!range) return { band: null, outside: null };
  const judged = days.find((d) => d.day === day)?.[field] ?? null;
  return { band: { low: toChart(range.low), high: toChart(range.high), from: range.from, to: range.to }, outside: rangeVerdict(metric, judged, range) };
}
