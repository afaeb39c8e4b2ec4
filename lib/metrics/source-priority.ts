import { ISO_DAY } from '@/lib/codecs';
import type { DailyMetric } from '@/lib/generated/prisma/client';
import { MetricSource } from '@/lib/generated/prisma/enums';

// When two sources report the same metric for one day, this table alone decides which value the app
// shows. Pure, no DB: every endpoint reads its DailyMetric rows through mergeDays, so they all agree.

/** Every measured column of DailyMetric, in schema order. */
export const METRIC_FIELDS = [
  'sleepScore',
  'sleepDurationMinutes',
  'steps',
  'activeCaloriesKcal',
  'totalCaloriesKcal',
  'caloriesIntakeKcal',
  'restingHeartRateBpm',
  'hrvMs',
  'stressScore',
  'recoveryScore',
  'respiratoryRateBpm',
  'vo2Max',
  'weightKg',
  'bodyFatPercent',
  'systolicBpMmhg',
  'diastolicBpMmhg',
] as const satisfies readonly (keyof DailyMetric)[];

export type MetricField = (typeof METRIC_FIELDS)[number];

/** What the merge reads from a DailyMetric row. */
export type DailyMetricRow = Pick<DailyMetric, 'day' | 'source' | MetricField>;

export type MetricValues = Pick<DailyMetric, MetricField>;

/** One user's day after the merge: each value, and the source it came from (null where no source had one). */
export type MergedDay = MetricValues & {
  /** YYYY-MM-DD. */
  day: string;
  sources: { [K in MetricField]: MetricSource | null };
};

type Ranking = readonly MetricSource[];

/** Accepts an order only if it names every MetricSource, so a new enum member cannot go unranked. */
function ranking<const T extends Ranking>(order: T & ([Exclude<MetricSource, T[number]>] extends [never] ? unknown : { unranked: Exclude<MetricSource, T[number]> })): Ranking {
  return order;
}

const { OURA, OURA_EXPORT, WHOOP, WHOOP_EXPORT, WITHINGS, WITHINGS_EXPORT, APPLE_HEALTH, APPLE_HEALTH_EXPORT, GARMIN_EXPORT, SCAN, MANUAL } = MetricSource;
// An imported export stands right after its vendor's live rows: the same devices, measured the same way,
// and the live row is the newer word on a day both have. Garmin has no live connection; its watch stands
// beside the Apple Watch (wrist-worn, all day and night), its Index scale and cuff after the other scales.

// Sleep: ring and strap sense the whole night; the phone's estimate and a bed pad come next; a camera scan cannot see sleep.
const SLEEP = ranking([OURA, OURA_EXPORT, WHOOP, WHOOP_EXPORT, GARMIN_EXPORT, APPLE_HEALTH, APPLE_HEALTH_EXPORT, WITHINGS, WITHINGS_EXPORT, MANUAL, SCAN]);
// Body: a connected scale or cuff measures; Apple Health mostly relays other devices; a typed cuff reading beats a camera estimate.
const BODY = ranking([WITHINGS, WITHINGS_EXPORT, APPLE_HEALTH, APPLE_HEALTH_EXPORT, GARMIN_EXPORT, MANUAL, SCAN, WHOOP, WHOOP_EXPORT, OURA, OURA_EXPORT]);
// Recovery: overnight averages from a ring or strap are comparable night to night; a 45-second scan is one snapshot.
const RECOVERY = ranking([OURA, OURA_EXPORT, WHOOP, WHOOP_EXPORT, GARMIN_EXPORT, WITHINGS, WITHINGS_EXPORT, APPLE_HEALTH, APPLE_HEALTH_EXPORT, SCAN, MANUAL]);
// Movement: the phone and watch are carried all day and count steps best; the ring and strap estimate from the wrist or finger.
const MOVEMENT = ranking([APPLE_HEALTH, APPLE_HEALTH_EXPORT, GARMIN_EXPORT, WHOOP, WHOOP_EXPORT, OURA, OURA_EXPORT, WITHINGS, WITHINGS_EXPORT, MANUAL, SCAN]);
// Intake: no wearable measures food; Apple Health relays food-logging apps, then the user's own entry.
const INTAKE = ranking([APPLE_HEALTH, APPLE_HEALTH_EXPORT, MANUAL, GARMIN_EXPORT, WHOOP, WHOOP_EXPORT, OURA, OURA_EXPORT, WITHINGS, WITHINGS_EXPORT, SCAN]);

/** For each metric, the sources from most to least trusted. */
export const SOURCE_PRIORITY: Readonly<Record<MetricField, Ranking>> = {
  sleepScore: SLEEP,
  sleepDurationMinutes: SLEEP,
  steps: MOVEMENT,
  activeCaloriesKcal: MOVEMENT,
  totalCaloriesKcal: MOVEMENT,
  caloriesIntakeKcal: INTAKE,
  restingHeartRateBpm: RECOVERY,
  hrvMs: RECOVERY,
  stressScore: RECOVERY,
  recoveryScore: RECOVERY,
  respiratoryRateBpm: RECOVERY,
  vo2Max: MOVEMENT,
  weightKg: BODY,
  bodyFatPercent: BODY,
  systolicBpMmhg: BODY,
  diastolicBpMmhg: BODY,
};

// A blood-pressure reading is a pair: systolic from one device with diastolic from another would be a reading nobody took.
const BLOOD_PRESSURE = ['systolicBpMmhg', 'diastolicBpMmhg'] as const satisfies readonly MetricField[];
const isBloodPressure = (field: MetricField): boolean => (BLOOD_PRESSURE as readonly MetricField[]).includes(field);

/** A stored NaN or Infinity is as good as no value: the app never shows an invented number. */
const usable = (value: number | null): value is number => value !== null && Number.isFinite(value);

function ranked(rows: readonly DailyMetricRow[], field: MetricField): DailyMetricRow[] {
  const order = SOURCE_PRIORITY[field];
  const rank = (source: MetricSource) => (order.includes(source) ? order.indexOf(source) : order.length);
  return [...rows].sort((a, b) => rank(a.source) - rank(b.source));
}

/** The row a field's value comes from, or undefined when no row has one. */
function bestRow(rows: readonly DailyMetricRow[], field: MetricField): DailyMetricRow | undefined {
  const order = ranked(rows, field);
  if (!isBloodPressure(field)) return order.find((row) => usable(row[field]));
  // The first source with the whole reading; failing that, the first with half of it, and the other half stays empty.
  return order.find((row) => BLOOD_PRESSURE.every((f) => usable(row[f]))) ?? order.find((row) => BLOOD_PRESSURE.some((f) => usable(row[f])));
}

/**
 * Merges one user's rows for one day (any sources) into one record: each field from the most trusted
 * source that has a value for it. With `fields`, only those are merged (the rows need only those
 * columns) and the others are null. Throws on no rows or rows from different days, which are caller bugs.
 */
export function mergeDay(rows: readonly DailyMetricRow[], fields: readonly MetricField[] = METRIC_FIELDS): MergedDay {
  const first = rows[0];
  if (!first) throw new RangeError('mergeDay needs at least one row');
  const day = ISO_DAY.fromDate(first.day);
  if (rows.some((row) => ISO_DAY.fromDate(row.day) !== day)) throw new RangeError(`mergeDay got rows from more than one day (first ${day})`);

  const values = {} as { [K in MetricField]: number | null };
  const sources = {} as { [K in MetricField]: MetricSource | null };
  for (const field of METRIC_FIELDS) {
    values[field] = null;
    sources[field] = null;
  }
  for (const field of fields) {
    const row = bestRow(rows, field);
    const value = row ? row[field] : null;
    values[field] = usable(value) ? value : null;
    sources[field] = usable(value) && row ? row.source : null;
  }
  return { day, ...values, sources };
}

/** Merges rows of one user across days, one record per ISO day, oldest first. */
export function mergeDays(rows: readonly DailyMetricRow[], fields: readonly MetricField[] = METRIC_FIELDS): MergedDay[] {
  const byDay = new Map<string, DailyMetricRow[]>();
  for (const row of rows) {
    const day = ISO_DAY.fromDate(row.day);
    const sameDay = byDay.get(day);
    if (sameDay) sameDay.push(row);
    else byDay.set(day, [row]);
  }
  return [...byDay.keys()].sort().map((day) => mergeDay(byDay.get(day) ?? [], fields));
}
