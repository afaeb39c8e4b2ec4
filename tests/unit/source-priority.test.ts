import { describe, expect, it } from '@jest/globals';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { type DailyMetricRow, mergeDay, mergeDays, METRIC_FIELDS, type MetricValues, SOURCE_PRIORITY } from '@/lib/metrics/source-priority';

const EMPTY = Object.fromEntries(METRIC_FIELDS.map((field) => [field, null])) as MetricValues;

/** A DailyMetric row as Prisma reads a `date` column back: UTC midnight. */
function row(day: string, source: MetricSource, values: Partial<MetricValues>): DailyMetricRow {
  return { day: new Date(`${day}T00:00:00.000Z`), source, ...EMPTY, ...values };
}

describe('mergeDay', () => {
  it('takes sleep from Oura over Apple Health, and steps from Apple Health over Oura, on the same day', () => {
    const merged = mergeDay([
      row('2025-03-31', 'APPLE_HEALTH', { sleepDurationMinutes: 455, steps: 9120 }),
      row('2025-03-31', 'OURA', { sleepDurationMinutes: 402, steps: 8010 }),
    ]);
    expect(merged.day).toBe('2025-03-31');
    expect(merged.sleepDurationMinutes).toBe(402);
    expect(merged.sources.sleepDurationMinutes).toBe('OURA');
    expect(merged.steps).toBe(9120);
    expect(merged.sources.steps).toBe('APPLE_HEALTH');
  });

  it('with three sources takes weight from Withings and HRV from Oura, whatever order the rows come in', () => {
    const rows = [
      row('2025-03-31', 'MANUAL', { weightKg: 90 }),
      row('2025-03-31', 'APPLE_HEALTH', { weightKg: 89.6, hrvMs: 41 }),
      row('2025-03-31', 'WITHINGS', { weightKg: 89.2, hrvMs: 38 }),
      row('2025-03-31', 'WHOOP', { hrvMs: 52 }),
      row('2025-03-31', 'OURA', { hrvMs: 47.5 }),
    ];
    for (const order of [rows, [...rows].reverse()]) {
      const merged = mergeDay(order);
      expect([merged.weightKg, merged.sources.weightKg]).toEqual([89.2, 'WITHINGS']);
      expect([merged.hrvMs, merged.sources.hrvMs]).toEqual([47.5, 'OURA']);
    }
  });

  it('falls through a higher-priority source whose field is empty to the next one that has it', () => {
    const merged = mergeDay([
      row('2025-03-31', 'OURA', { sleepScore: null, sleepDurationMinutes: 410 }),
      row('2025-03-31', 'WHOOP', { sleepScore: 71, sleepDurationMinutes: 380 }),
      row('2025-03-31', 'WITHINGS', { weightKg: null }),
      row('2025-03-31', 'APPLE_HEALTH', { weightKg: null }),
      row('2025-03-31', 'MANUAL', { weightKg: 91.5 }),
    ]);
    expect([merged.sleepScore, merged.sources.sleepScore]).toEqual([71, 'WHOOP']);
    expect([merged.sleepDurationMinutes, merged.sources.sleepDurationMinutes]).toEqual([410, 'OURA']);
    expect([merged.weightKg, merged.sources.weightKg]).toEqual([91.5, 'MANUAL']);
  });

  it('leaves a field no source reported empty, with no source, and never passes on NaN', () => {
    const merged = mergeDay([row('2025-03-31', 'OURA', { hrvMs: Number.NaN }), row('2025-03-31', 'WHOOP', { restingHeartRateBpm: Number.POSITIVE_INFINITY })]);
    for (const field of METRIC_FIELDS) {
      expect(merged[field]).toBeNull();
      expect(merged.sources[field]).toBeNull();
    }
  });

  it('takes a blood-pressure reading whole from one source rather than pairing halves from two', () => {
    // Withings has only the systolic; Apple Health has the whole reading, so both halves come from Apple Health.
    const whole = mergeDay([row('2025-03-31', 'WITHINGS', { systolicBpMmhg: 131 }), row('2025-03-31', 'APPLE_HEALTH', { systolicBpMmhg: 124, diastolicBpMmhg: 79 })]);
    expect([whole.systolicBpMmhg, whole.diastolicBpMmhg, whole.sources.systolicBpMmhg, whole.sources.diastolicBpMmhg]).toEqual([124, 79, 'APPLE_HEALTH', 'APPLE_HEALTH']);

    // No source has both: the most trusted half-reading stands alone, and the other half stays empty.
    const half = mergeDay([row('2025-03-31', 'WITHINGS', { systolicBpMmhg: 131 }), row('2025-03-31', 'MANUAL', { diastolicBpMmhg: 85 })]);
    expect([half.systolicBpMmhg, half.diastolicBpMmhg, half.sources.systolicBpMmhg, half.sources.diastolicBpMmhg]).toEqual([131, null, 'WITHINGS', null]);
  });

  it('refuses no rows and rows from two days', () => {
    expect(() => mergeDay([])).toThrow(RangeError);
    expect(() => mergeDay([row('2025-03-30', 'OURA', {}), row('2025-03-31', 'WHOOP', {})])).toThrow(RangeError);
  });
});

describe('mergeDay with a narrowed set of fields', () => {
  it('merges only the fields asked for, by the same priority, and leaves every other one null', () => {
    const rows = [row('2026-03-01', MetricSource.APPLE_HEALTH, { steps: 9000, sleepScore: 70 }), row('2026-03-01', MetricSource.OURA, { steps: 7000, sleepScore: 81 })];
    const merged = mergeDay(rows, ['sleepScore']);
    expect(merged.sleepScore).toBe(81);
    expect(merged.sources.sleepScore).toBe(MetricSource.OURA);
    expect(merged.steps).toBeNull();
    expect(merged.sources.steps).toBeNull();
    // The same rows, all fields: steps come from Apple Health.
    expect(mergeDay(rows).steps).toBe(9000);
    expect(mergeDays(rows, ['steps'])[0]).toMatchObject({ steps: 9000, sleepScore: null });
  });
});

describe('mergeDays', () => {
  it('merges each ISO day on its own and returns the days oldest first', () => {
    const merged = mergeDays([
      row('2025-04-01', 'WHOOP', { sleepDurationMinutes: 350 }),
      row('2025-03-30', 'APPLE_HEALTH', { sleepDurationMinutes: 440 }),
      row('2025-04-01', 'OURA', { sleepDurationMinutes: 395 }),
      row('2025-03-30', 'WHOOP', { sleepDurationMinutes: 420 }),
    ]);
    expect(merged.map((d) => [d.day, d.sleepDurationMinutes, d.sources.sleepDurationMinutes])).toEqual([
      ['2025-03-30', 420, 'WHOOP'],
      ['2025-04-01', 395, 'OURA'],
    ]);
    expect(mergeDays([])).toEqual([]);
  });
});

describe('SOURCE_PRIORITY', () => {
  const everySource = Object.values(MetricSource).sort();

  it('ranks every source exactly once for every DailyMetric field', () => {
    expect(Object.keys(SOURCE_PRIORITY).sort()).toEqual([...METRIC_FIELDS].sort());
    for (const field of METRIC_FIELDS) expect([...SOURCE_PRIORITY[field]].sort()).toEqual(everySource);
  });

  it.each([
    // An imported export stands right after its vendor's live rows, everywhere.
    [['sleepScore', 'sleepDurationMinutes'], ['OURA', 'OURA_EXPORT', 'WHOOP', 'WHOOP_EXPORT', 'GARMIN_EXPORT', 'APPLE_HEALTH', 'APPLE_HEALTH_EXPORT']],
    [['weightKg', 'bodyFatPercent', 'systolicBpMmhg', 'diastolicBpMmhg'], ['WITHINGS', 'WITHINGS_EXPORT', 'APPLE_HEALTH', 'APPLE_HEALTH_EXPORT', 'GARMIN_EXPORT', 'MANUAL']],
    [['hrvMs', 'restingHeartRateBpm', 'recoveryScore', 'stressScore', 'respiratoryRateBpm'], ['OURA', 'OURA_EXPORT', 'WHOOP', 'WHOOP_EXPORT', 'GARMIN_EXPORT', 'WITHINGS', 'WITHINGS_EXPORT', 'APPLE_HEALTH', 'APPLE_HEALTH_EXPORT']],
    [['steps', 'activeCaloriesKcal', 'totalCaloriesKcal', 'vo2Max'], ['APPLE_HEALTH', 'APPLE_HEALTH_EXPORT', 'GARMIN_EXPORT', 'WHOOP', 'WHOOP_EXPORT', 'OURA', 'OURA_EXPORT', 'WITHINGS', 'WITHINGS_EXPORT']],
    [['caloriesIntakeKcal'], ['APPLE_HEALTH', 'APPLE_HEALTH_EXPORT', 'MANUAL', 'GARMIN_EXPORT']],
  ] as const)('%j lead with %j', (fields, leaders) => {
    for (const field of fields) expect(SOURCE_PRIORITY[field].slice(0, leaders.length)).toEqual(leaders);
  });

  it('puts each imported export right after its vendor’s live rows for every field', () => {
    for (const field of METRIC_FIELDS) {
      const ranks = SOURCE_PRIORITY[field];
      expect(ranks.indexOf('APPLE_HEALTH_EXPORT')).toBe(ranks.indexOf('APPLE_HEALTH') + 1);
      expect(ranks.indexOf('WHOOP_EXPORT')).toBe(ranks.indexOf('WHOOP') + 1);
      expect(ranks.indexOf('OURA_EXPORT')).toBe(ranks.indexOf('OURA') + 1);
      expect(ranks.indexOf('WITHINGS_EXPORT')).toBe(ranks.indexOf('WITHINGS') + 1);
    }
  });
});
