import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  percentile,
  type PersonalRange,
  personalRange,
  RANGE_HIGH_PERCENTILE,
  RANGE_LOW_PERCENTILE,
  RANGE_METRICS,
  RANGE_MIN_VALUES,
  RANGE_WINDOW_DAYS,
  type RangeMetric,
  type RangeValue,
  rangeDayFor,
  rangeVerdict,
} from '@/lib/insights/personal-range';
import { roundToStep } from '@/lib/insights/statistics';

// Every expected percentile below is worked out by hand in the comments, by the method docs/insights.md
// "Personal normal ranges" names (NumPy's default 'linear'): sorted x[0..n−1], h = (n − 1) × p / 100,
// x[⌊h⌋] + (h − ⌊h⌋) × (x[⌊h⌋ + 1] − x[⌊h⌋]).

const TODAY = '2025-03-31';
/** The ISO day `n` days before TODAY (negative: after it). */
const ago = (n: number): string => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** Entries for consecutive days: values[0] on `first` days ago, values[1] the day after, and so on. */
const daysFrom = (first: number, values: readonly (number | null)[]): RangeValue[] => values.map((value, i) => ({ day: ago(first - i), value }));

/** A band as personalRange returns it, over the 30 days before TODAY. */
const band = (low: number, high: number): PersonalRange => ({ low, high, median: (low + high) / 2, n: 30, from: ago(30), to: ago(1) });

// Thirty HRV readings, sorted: x[2] = 43, x[3] = 44, x[14] = 53, x[15] = 54, x[26] = 61, x[27] = 63.
const HRV_SORTED = [38, 41, 43, 44, 46, 47, 48, 49, 50, 50, 51, 51, 52, 52, 53, 54, 54, 55, 55, 56, 56, 57, 57, 58, 59, 60, 61, 63, 65, 70];
// The same readings in the order the days brought them (a fixed shuffle), day 30 ago first.
const HRV_BY_DAY = [55, 61, 44, 50, 70, 52, 38, 57, 49, 54, 63, 47, 56, 51, 43, 58, 50, 53, 65, 46, 55, 41, 60, 52, 57, 48, 54, 59, 51, 56];

describe('the constants', () => {
  it('are the documented window, minimum and percentiles', () => {
    expect([RANGE_WINDOW_DAYS, RANGE_MIN_VALUES, RANGE_LOW_PERCENTILE, RANGE_HIGH_PERCENTILE]).toEqual([30, 14, 10, 90]);
  });

  it('the fixture is a shuffle of the sorted readings', () => {
    expect([...HRV_BY_DAY].sort((a, b) => a - b)).toEqual(HRV_SORTED);
  });
});

describe('percentile', () => {
  it('interpolates between the closest ranks, as NumPy does', () => {
    // [15, 20, 35, 40, 50], p 40: h = 4 × 0.4 = 1.6 → 20 + 0.6 × (35 − 20) = 29.
    expect(percentile([50, 15, 40, 20, 35], 40)).toBeCloseTo(29, 10);
    // [1, 2, 3, 4], p 10: h = 3 × 0.1 = 0.3 → 1 + 0.3 × 1 = 1.3.
    expect(percentile([4, 3, 2, 1], 10)).toBeCloseTo(1.3, 10);
    // 1..14, p 50: h = 13 × 0.5 = 6.5 → x[6] = 7 + 0.5 × 1 = 7.5, the usual median of an even count.
    expect(percentile(Array.from({ length: 14 }, (_, i) => i + 1), 50)).toBe(7.5);
  });

  it('gives the smallest at 0, the largest at 100, and the one value of a single one', () => {
    expect(percentile([7, 3, 9], 0)).toBe(3);
    expect(percentile([7, 3, 9], 100)).toBe(9);
    expect(percentile([42], 10)).toBe(42);
  });

  it('is null for no values or a non-finite one, and refuses a p outside 0–100', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([1, Number.NaN], 50)).toBeNull();
    expect(percentile([1, Number.POSITIVE_INFINITY], 50)).toBeNull();
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('changes when every value is doubled up, so "duplicating the values" is not a property of this method', () => {
    // [1, 2], p 10: h = 0.1 → 1 + 0.1 × 1 = 1.1. [1, 1, 2, 2], p 10: h = 0.3 → x[0] = 1 + 0.3 × (1 − 1) = 1.
    expect(percentile([1, 2], 10)).toBeCloseTo(1.1, 10);
    expect(percentile([1, 1, 2, 2], 10)).toBe(1);
  });
});

describe('personalRange', () => {
  it('is the 10th–90th percentile of the 30 days before today', () => {
    // n = 30. Low, p 10: h = 29 × 0.1 = 2.9 → x[2] + 0.9 × (x[3] − x[2]) = 43 + 0.9 × 1 = 43.9.
    // Median, p 50: h = 14.5 → 53 + 0.5 × (54 − 53) = 53.5. High, p 90: h = 26.1 → 61 + 0.1 × (63 − 61) = 61.2.
    const range = personalRange(daysFrom(30, HRV_BY_DAY), TODAY);
    expect(range).not.toBeNull();
    expect(range!.low).toBeCloseTo(43.9, 10);
    expect(range!.median).toBeCloseTo(53.5, 10);
    expect(range!.high).toBeCloseTo(61.2, 10);
    expect(range).toMatchObject({ n: 30, from: '2025-03-01', to: '2025-03-30' });
  });

  it('works from exactly 14 values, gaps and all', () => {
    // 1..14 on every other day from 28 days ago. p 10: h = 13 × 0.1 = 1.3 → 2 + 0.3 × 1 = 2.3;
    // p 50: h = 6.5 → 7 + 0.5 = 7.5; p 90: h = 11.7 → 12 + 0.7 × 1 = 12.7.
    const values = Array.from({ length: 14 }, (_, i) => ({ day: ago(28 - 2 * i), value: i + 1 }));
    const range = personalRange(values, TODAY);
    expect(range!.low).toBeCloseTo(2.3, 10);
    expect(range!.median).toBe(7.5);
    expect(range!.high).toBeCloseTo(12.7, 10);
    expect(range).toMatchObject({ n: 14, from: ago(30), to: ago(1) });
  });

  it('is null with fewer than 14 values: missing, null and non-finite ones do not count', () => {
    expect(personalRange(daysFrom(13, Array.from({ length: 13 }, (_, i) => 50 + i)), TODAY)).toBeNull();
    expect(personalRange(daysFrom(14, [...Array.from({ length: 13 }, (_, i) => 50 + i), null]), TODAY)).toBeNull();
    expect(personalRange(daysFrom(14, [...Array.from({ length: 13 }, (_, i) => 50 + i), Number.NaN]), TODAY)).toBeNull();
    expect(personalRange(daysFrom(14, [...Array.from({ length: 13 }, (_, i) => 50 + i), Number.POSITIVE_INFINITY]), TODAY)).toBeNull();
    expect(personalRange([], TODAY)).toBeNull();
    expect(personalRange(daysFrom(14, Array.from({ length: 14 }, (_, i) => 50 + i)), TODAY)).not.toBeNull();
  });

  it('leaves out today, the days after it and the days before the window', () => {
    // The 14 values 1..14 on days 30 … 17 ago (the window's first day included), as in the case above.
    const window = Array.from({ length: 14 }, (_, i) => ({ day: ago(30 - i), value: i + 1 }));
    const outside = [
      { day: ago(0), value: 1000 },
      { day: ago(-1), value: 1000 },
      { day: ago(-40), value: -1000 },
      { day: ago(31), value: -1000 },
      { day: ago(365), value: 1000 },
    ];
    const range = personalRange([...outside, ...window], TODAY);
    expect(range).toEqual(personalRange(window, TODAY));
    expect(range).toMatchObject({ n: 14, from: ago(30), to: ago(1) });
    expect(range!.high).toBeCloseTo(12.7, 10);
    // Thirteen values in the window and today make no band: today is the day judged, not part of its history.
    expect(personalRange([...window.slice(1), { day: TODAY, value: 1 }], TODAY)).toBeNull();
  });

  it('keeps the last entry of a repeated day and skips days that are not YYYY-MM-DD', () => {
    const values = daysFrom(14, Array.from({ length: 14 }, () => 50));
    // Day 14 ago read 50, then 90: the 90 stands. Sorted: 50 × 13, 90. p 90: h = 11.7 → x[11] + 0.7 × (x[12] − x[11]) = 50; p 100 would be 90.
    const range = personalRange([...values, { day: ago(14), value: 90 }, { day: '2025-02-30', value: 1 }, { day: 'yesterday', value: 1 }], TODAY);
    expect(range).toMatchObject({ low: 50, median: 50, high: 50, n: 14 });
    // With 12 equal values and a 90 and a 10: p 10: h = 1.3 → x[1] = 50; the extremes sit outside the band.
    const spread = personalRange([...values, { day: ago(14), value: 90 }, { day: ago(13), value: 10 }], TODAY);
    expect(spread).toMatchObject({ low: 50, median: 50, high: 50, n: 14 });
    // A later null empties the day again.
    expect(personalRange([...values, { day: ago(14), value: null }], TODAY)).toBeNull();
  });

  it('takes another window and minimum when told, and refuses impossible ones', () => {
    const values = daysFrom(60, Array.from({ length: 60 }, (_, i) => i + 1));
    // 60 days: 1..60. p 10: h = 59 × 0.1 = 5.9 → 6 + 0.9 = 6.9.
    const range = personalRange(values, TODAY, { windowDays: 60 });
    expect(range).toMatchObject({ n: 60, from: ago(60), to: ago(1) });
    expect(range!.low).toBeCloseTo(6.9, 10);
    expect(personalRange(values, TODAY, { minValues: 31 })).toBeNull();
    expect(() => personalRange(values, TODAY, { windowDays: 0 })).toThrow(RangeError);
    expect(() => personalRange(values, TODAY, { minValues: 1.5 })).toThrow(RangeError);
    expect(() => personalRange(values, '2025-02-30')).toThrow(RangeError);
  });
});

describe('rangeDayFor', () => {
  it('judges steps on yesterday, a complete day, and the other metrics on today', () => {
    expect(rangeDayFor('steps', '2025-03-01')).toBe('2025-02-28');
    expect(rangeDayFor('steps', '2024-03-01')).toBe('2024-02-29');
    expect(rangeDayFor('hrv', TODAY)).toBe(TODAY);
    expect(rangeDayFor('restingHeartRate', TODAY)).toBe(TODAY);
    expect(rangeDayFor('sleepDuration', TODAY)).toBe(TODAY);
    expect(() => rangeDayFor('steps', '31/03/2025')).toThrow(RangeError);
  });
});

describe('RANGE_METRICS', () => {
  it('names the MergedDay field, the label and the display of each metric', () => {
    expect(Object.fromEntries(Object.entries(RANGE_METRICS).map(([key, m]) => [key, [m.field, m.label]]))).toEqual({
      hrv: ['hrvMs', 'Heart-rate variability'],
      restingHeartRate: ['restingHeartRateBpm', 'Resting heart rate'],
      sleepDuration: ['sleepDurationMinutes', 'Sleep'],
      steps: ['steps', 'Steps'],
    });
    expect(RANGE_METRICS.hrv.format(38.4)).toBe('38 ms');
    expect(RANGE_METRICS.restingHeartRate.format(61.5)).toBe('62 bpm');
    expect(RANGE_METRICS.sleepDuration.format(429.6)).toBe('7 h 10 min');
    expect(RANGE_METRICS.sleepDuration.format(45)).toBe('45 min');
    expect(RANGE_METRICS.steps.format(12_345.5)).toBe('12,346');
  });
});

describe('rangeVerdict', () => {
  it('says a reading below the band, with the band as shown (end to end)', () => {
    // The band of the first personalRange case, 43.9–61.2, shows as 44–61.
    const range = personalRange(daysFrom(30, HRV_BY_DAY), TODAY);
    expect(rangeVerdict('hrv', 38, range)).toBe('Your HRV today, 38 ms, is below your usual range (44–61 ms over the last 30 days).');
    expect(rangeVerdict('hrv', 64.6, range)).toBe('Your HRV today, 65 ms, is above your usual range (44–61 ms over the last 30 days).');
  });

  it('says resting heart rate above and below', () => {
    // 52.4 → 52, 56.6 → 57.
    expect(rangeVerdict('restingHeartRate', 62, band(52.4, 56.6))).toBe('Your resting heart rate today, 62 bpm, is above your usual range (52–57 bpm over the last 30 days).');
    expect(rangeVerdict('restingHeartRate', 49.2, band(52.4, 56.6))).toBe('Your resting heart rate today, 49 bpm, is below your usual range (52–57 bpm over the last 30 days).');
  });

  it('says sleep in hours and minutes, of last night', () => {
    // 412.3 → 412 min = 6 h 52 min; 475.6 → 476 min = 7 h 56 min; 340 min = 5 h 40 min; 545 min = 9 h 5 min.
    expect(rangeVerdict('sleepDuration', 340, band(412.3, 475.6))).toBe('Your sleep last night, 5 h 40 min, was below your usual range (6 h 52 min – 7 h 56 min over the last 30 days).');
    expect(rangeVerdict('sleepDuration', 545, band(412.3, 475.6))).toBe('Your sleep last night, 9 h 5 min, was above your usual range (6 h 52 min – 7 h 56 min over the last 30 days).');
  });

  it('says steps with thousands separators, of yesterday', () => {
    // 6,123.4 → 6,123; 11,842.5 → 11,843 (halves away from zero).
    expect(rangeVerdict('steps', 15_200, band(6123.4, 11_842.5))).toBe('Your step count yesterday, 15,200, was above your usual range (6,123–11,843 over the last 30 days).');
    expect(rangeVerdict('steps', 2480, band(6123.4, 11_842.5))).toBe('Your step count yesterday, 2,480, was below your usual range (6,123–11,843 over the last 30 days).');
  });

  it('judges steps on yesterday against the 30 days before it, whatever today has counted so far', () => {
    // The 14 days before yesterday (2 … 15 days ago), sorted: 5000, 6000, 6500, 7000, 7200, 7600, 8000, 8400,
    // 8800, 9100, 9500, 10000, 11000, 12500. p 10: h = 1.3 → 6000 + 0.3 × 500 = 6150;
    // p 50: h = 6.5 → 8000 + 0.5 × 400 = 8200; p 90: h = 11.7 → 10000 + 0.7 × 1000 = 10700.
    const history = daysFrom(15, [8400, 5000, 9500, 7000, 12_500, 6500, 8800, 7600, 11_000, 6000, 9100, 7200, 10_000, 8000]);
    const values = [...history, { day: ago(1), value: 3480 }, { day: TODAY, value: 900 }];
    const day = rangeDayFor('steps', TODAY);
    const range = personalRange(values, day);
    expect(range).toMatchObject({ n: 14, from: ago(31), to: ago(2) });
    expect(range!.low).toBeCloseTo(6150, 9);
    expect(range!.median).toBeCloseTo(8200, 9);
    expect(range!.high).toBeCloseTo(10_700, 9);
    const yesterday = values.find((v) => v.day === day)!.value;
    expect(rangeVerdict('steps', yesterday, range)).toBe('Your step count yesterday, 3,480, was below your usual range (6,150–10,700 over the last 30 days).');
  });

  it('counts a value that rounds to a band end as inside', () => {
    const range = band(43.9, 61.2); // shown 44–61
    expect(rangeVerdict('hrv', 43.5, range)).toBeNull(); // 43.5 → 44
    expect(rangeVerdict('hrv', 43.4, range)).toBe('Your HRV today, 43 ms, is below your usual range (44–61 ms over the last 30 days).');
    expect(rangeVerdict('hrv', 61.49, range)).toBeNull(); // → 61
    expect(rangeVerdict('hrv', 61.5, range)).toBe('Your HRV today, 62 ms, is above your usual range (44–61 ms over the last 30 days).');
    expect(rangeVerdict('sleepDuration', 411.5, band(412.3, 475.6))).toBeNull(); // 412 min, the low end
  });

  it('is null inside the band or when the value or the band is missing', () => {
    expect(rangeVerdict('hrv', 50, band(43.9, 61.2))).toBeNull();
    expect(rangeVerdict('hrv', null, band(43.9, 61.2))).toBeNull();
    expect(rangeVerdict('hrv', undefined, band(43.9, 61.2))).toBeNull();
    expect(rangeVerdict('hrv', Number.NaN, band(43.9, 61.2))).toBeNull();
    expect(rangeVerdict('hrv', 20, null)).toBeNull();
  });

  it('calls a band whose ends round alike a usual level, and says the window it was drawn from', () => {
    // 55.2 and 55.4 both show as 55.
    expect(rangeVerdict('restingHeartRate', 58, band(55.2, 55.4))).toBe('Your resting heart rate today, 58 bpm, is above your usual level (55 bpm over the last 30 days).');
    const sixty = { ...band(44, 61), from: ago(60) };
    expect(rangeVerdict('hrv', 30, sixty)).toBe('Your HRV today, 30 ms, is below your usual range (44–61 ms over the last 60 days).');
  });
});

// Properties that hold for any history: days from 5 after today to 40 before it, whole values or gaps.
// A value for every one of the 46 days, then a random selection of them in a random order, so that most
// histories have a band and some have not.
const historyArb = fc
  .array(fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null, freq: 8 }), { minLength: 46, maxLength: 46 })
  .chain((values) => fc.shuffledSubarray(values.map((value, i) => ({ ago: i - 5, value })), { minLength: 12 }));
const toValues = (history: readonly { ago: number; value: number | null }[]): RangeValue[] => history.map((e) => ({ day: ago(e.ago), value: e.value }));
/** The values personalRange should draw from: finite, 1 to 30 days before TODAY. */
const windowOf = (history: readonly { ago: number; value: number | null }[]): number[] =>
  history.filter((e) => e.ago >= 1 && e.ago <= RANGE_WINDOW_DAYS && e.value !== null).map((e) => e.value!);
const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const RUNS = { numRuns: 300 };

describe('personalRange, for any history', () => {
  it('is null exactly when the window has fewer than 14 values, and counts them', () => {
    const seen = { range: 0, none: 0 };
    fc.assert(
      fc.property(historyArb, (history) => {
        const range = personalRange(toValues(history), TODAY);
        const n = windowOf(history).length;
        expect(range === null).toBe(n < RANGE_MIN_VALUES);
        if (range) expect(range).toMatchObject({ n, from: ago(30), to: ago(1) });
        seen[range ? 'range' : 'none'] += 1;
      }),
      RUNS,
    );
    // The histories the properties below draw give a band about half the time, so none of them is vacuous.
    expect(seen.range).toBeGreaterThan(RUNS.numRuns / 5);
    expect(seen.none).toBeGreaterThan(RUNS.numRuns / 5);
  });

  it('does not depend on the order of the input', () => {
    fc.assert(
      fc.property(historyArb.chain((h) => fc.tuple(fc.constant(h), fc.shuffledSubarray(h, { minLength: h.length, maxLength: h.length }))), ([history, shuffled]) => {
        expect(personalRange(toValues(shuffled), TODAY)).toEqual(personalRange(toValues(history), TODAY));
      }),
      RUNS,
    );
  });

  it('is unchanged by a second copy of the whole input (a repeated day keeps its last entry)', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const values = toValues(history);
        expect(personalRange([...values, ...values], TODAY)).toEqual(personalRange(values, TODAY));
      }),
      RUNS,
    );
  });

  it('keeps low ≤ median ≤ high, all within the smallest and largest value of the window', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const range = personalRange(toValues(history), TODAY);
        if (!range) return;
        const window = windowOf(history);
        expect(Math.min(...window)).toBeLessThanOrEqual(range.low);
        expect(range.low).toBeLessThanOrEqual(range.median);
        expect(range.median).toBeLessThanOrEqual(range.high);
        expect(range.high).toBeLessThanOrEqual(Math.max(...window));
      }),
      RUNS,
    );
  });

  it('moves by the constant added to every value, and scales with a positive factor', () => {
    fc.assert(
      fc.property(historyArb, fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 1, max: 100 }), (history, shift, factor) => {
        const range = personalRange(toValues(history), TODAY);
        const map = (f: (v: number) => number) => personalRange(toValues(history.map((e) => ({ ...e, value: e.value === null ? null : f(e.value) }))), TODAY);
        const shifted = map((v) => v + shift);
        const scaled = map((v) => v * factor);
        if (!range) return expect([shifted, scaled]).toEqual([null, null]);
        for (const key of ['low', 'median', 'high'] as const) {
          expect(near(shifted![key], range[key] + shift)).toBe(true);
          expect(near(scaled![key], range[key] * factor)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('swaps and negates its ends when every value is negated (10th and 90th percentiles mirror)', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const range = personalRange(toValues(history), TODAY);
        const negated = personalRange(toValues(history.map((e) => ({ ...e, value: e.value === null ? null : -e.value }))), TODAY);
        if (!range) return expect(negated).toBeNull();
        expect(near(negated!.low, -range.high)).toBe(true);
        expect(near(negated!.median, -range.median)).toBe(true);
        expect(near(negated!.high, -range.low)).toBe(true);
      }),
      RUNS,
    );
  });

  it('never falls when one value of the window rises', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), fc.integer({ min: 0, max: 5000 }), (history, pick, rise) => {
        const inWindow = history.filter((e) => e.ago >= 1 && e.ago <= RANGE_WINDOW_DAYS && e.value !== null);
        const range = personalRange(toValues(history), TODAY);
        if (!range || inWindow.length === 0) return;
        const target = inWindow[pick % inWindow.length]!;
        const raised = personalRange(toValues(history.map((e) => (e === target ? { ...e, value: e.value! + rise } : e))), TODAY)!;
        expect(raised.low).toBeGreaterThanOrEqual(range.low);
        expect(raised.median).toBeGreaterThanOrEqual(range.median);
        expect(raised.high).toBeGreaterThanOrEqual(range.high);
      }),
      RUNS,
    );
  });

  it('ignores whatever today and the days after it hold', () => {
    fc.assert(
      fc.property(historyArb, fc.array(fc.record({ ahead: fc.integer({ min: 0, max: 400 }), value: fc.option(fc.double(), { nil: null }) })), (history, later) => {
        const extra = later.map((e) => ({ day: ago(-e.ahead), value: e.value }));
        expect(personalRange([...toValues(history), ...extra], TODAY)).toEqual(personalRange(toValues(history), TODAY));
      }),
      RUNS,
    );
  });
});

describe('rangeVerdict, for any band and value', () => {
  const metricArb = fc.constantFrom<RangeMetric>('hrv', 'restingHeartRate', 'sleepDuration', 'steps');
  const valueArb = fc.double({ min: 0, max: 20_000, noNaN: true });

  it('speaks exactly when the value as shown lies outside the band as shown, in the right direction, with its figure', () => {
    fc.assert(
      fc.property(metricArb, valueArb, valueArb, valueArb, (metric, a, b, value) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const text = rangeVerdict(metric, value, band(low, high));
        const m = RANGE_METRICS[metric];
        const [shown, shownLow, shownHigh] = [value, low, high].map((v) => roundToStep(v, m.step)) as [number, number, number];
        expect(text === null).toBe(shown >= shownLow && shown <= shownHigh);
        if (text === null) return;
        expect(text).toContain(shown < shownLow ? ' below your usual ' : ' above your usual ');
        expect(text).toContain(`, ${m.format(value)}, `);
        expect(text).toContain(m.number(low));
        expect(text).toContain(m.number(high));
        expect(text).not.toMatch(/NaN|Infinity|undefined/);
      }),
      RUNS,
    );
  });
});
