import { describe, expect, it } from '@jest/globals';
import { type CheckinForPatterns, computePatterns, type Insight, type InsightKind, MAX_INSIGHTS } from '@/lib/insights/patterns';
import { averageRanks, leastSquaresSlope, mean, pearson, relativeChange, roundToStep, spearman } from '@/lib/insights/statistics';
import type { Energy, MetricSource } from '@/lib/generated/prisma/enums';
import { type MergedDay, METRIC_FIELDS, type MetricField } from '@/lib/metrics/source-priority';

// Every expected figure below is worked out by hand in the comments, from the rules in docs/insights.md.

const TODAY = '2025-03-31';
/** The ISO day `n` days before TODAY. */
const ago = (n: number): string => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Values by days ago. */
type Series = Partial<Record<MetricField, Record<number, number>>>;

/** Merged days, oldest first, one for each day that has any value in `series`, every value from Oura unless `sources` says otherwise. */
function mergedDays(series: Series, sources: Partial<Record<MetricField, Record<number, MetricSource>>> = {}): MergedDay[] {
  const byAgo = new Map<number, MergedDay>();
  for (const [field, values] of Object.entries(series) as [MetricField, Record<number, number>][]) {
    for (const [n, value] of Object.entries(values)) {
      const key = Number(n);
      const day = byAgo.get(key) ?? blank(ago(key));
      day[field] = value;
      day.sources[field] = sources[field]?.[key] ?? 'OURA';
      byAgo.set(key, day);
    }
  }
  return [...byAgo.entries()].sort(([a], [b]) => b - a).map(([, day]) => day);
}

function blank(day: string): MergedDay {
  const values = Object.fromEntries(METRIC_FIELDS.map((f) => [f, null])) as Record<MetricField, null>;
  return { day, ...values, sources: { ...values } };
}

/**
 * A straight line over the 28-day window ending `endAgo` days ago: `start` on its first day, `start + change`
 * on its last, so the slope is change / 27. `keep` picks which of the 28 places (0 = first day) have a value.
 */
function line(start: number, change: number, { endAgo = 0, keep = () => true }: { endAgo?: number; keep?: (x: number) => boolean } = {}): Record<number, number> {
  const values: Record<number, number> = {};
  for (let x = 0; x < 28; x += 1) if (keep(x)) values[endAgo + 27 - x] = start + (change * x) / 27;
  return values;
}

/** The values in order, the first `firstAgo` days ago and one day apart. */
const week = (firstAgo: number, values: number[]): Record<number, number> => Object.fromEntries(values.map((v, i) => [firstAgo - i, v]));

const patterns = (days: MergedDay[], checkins: CheckinForPatterns[] = []): Insight[] => computePatterns({ day: TODAY, days, checkins });
const ofKind = (insights: Insight[], kind: InsightKind): Insight[] => insights.filter((i) => i.kind === kind);

describe('statistics', () => {
  it('mean: the average, null for nothing or a non-finite value', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(mean([])).toBeNull();
    expect(mean([1, Number.NaN])).toBeNull();
    expect(mean([1, Number.POSITIVE_INFINITY])).toBeNull();
  });

  it('leastSquaresSlope: recovers an exact line from uneven x', () => {
    // y = 3 − 0.5x at x = 0, 2, 5, 9.
    const fit = leastSquaresSlope([0, 2, 5, 9].map((x) => ({ x, y: 3 - 0.5 * x })));
    expect(fit).toEqual({ slope: -0.5, intercept: 3, n: 4 });
  });

  it('leastSquaresSlope: fits a noisy series as computed by hand', () => {
    // (0,1) (1,3) (2,2): x̄ = 1, ȳ = 2, Σ(x−x̄)(y−ȳ) = 1·1 + 0 + 1·0 = 1, Σ(x−x̄)² = 2 → slope 0.5, intercept 2 − 0.5 = 1.5.
    expect(leastSquaresSlope([{ x: 0, y: 1 }, { x: 1, y: 3 }, { x: 2, y: 2 }])).toEqual({ slope: 0.5, intercept: 1.5, n: 3 });
  });

  it('leastSquaresSlope: null without two distinct x, or with a non-finite value', () => {
    expect(leastSquaresSlope([])).toBeNull();
    expect(leastSquaresSlope([{ x: 4, y: 1 }])).toBeNull();
    expect(leastSquaresSlope([{ x: 4, y: 1 }, { x: 4, y: 9 }, { x: 4, y: 5 }])).toBeNull();
    expect(leastSquaresSlope([{ x: 0, y: 1 }, { x: 1, y: Number.NaN }])).toBeNull();
  });

  it('averageRanks: tied values share the mean of their ranks', () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
    expect(averageRanks([3, 1, 3, 3])).toEqual([3, 1, 3, 3]); // the three 3s hold ranks 2, 3, 4
  });

  it('spearman: with ties, as computed by hand', () => {
    // x = 1 2 2 3 4 → ranks 1 2.5 2.5 4 5; y = 2 1 3 3 5 → ranks 2 1 3.5 3.5 5; both mean 3.
    // dx = −2 −.5 −.5 1 2, dy = −1 −2 .5 .5 2: Σdx·dy = 2 + 1 − .25 + .5 + 4 = 7.25, Σdx² = Σdy² = 9.5 → 7.25 / 9.5 = 29/38.
    expect(spearman([[1, 2], [2, 1], [2, 3], [3, 3], [4, 5]])).toBeCloseTo(29 / 38, 12);
  });

  it('spearman: ±1 for any monotonic relation, straight or not', () => {
    expect(spearman([[1, 1], [2, 4], [3, 9], [4, 16]])).toBe(1);
    expect(spearman([[1, 100], [2, 10], [3, 1]])).toBe(-1);
  });

  it('spearman: null under 3 pairs, with a constant side, or a non-finite value', () => {
    expect(spearman([[1, 2], [2, 3]])).toBeNull();
    expect(spearman([[1, 2], [2, 2], [3, 2]])).toBeNull();
    expect(spearman([[1, 2], [2, 3], [Number.NaN, 4]])).toBeNull();
  });

  it('pearson: refuses series of different lengths', () => {
    expect(() => pearson([1, 2, 3], [1, 2])).toThrow(RangeError);
  });

  it('relativeChange and roundToStep', () => {
    expect(relativeChange(110, 100)).toBe(0.1);
    expect(relativeChange(5, 0)).toBeNull();
    expect(roundToStep(83.14, 0.1)).toBe(83.1);
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3);
    expect(roundToStep(6949, 100)).toBe(6900);
    expect(roundToStep(6950, 100)).toBe(7000);
    expect(roundToStep(-2.5, 1)).toBe(-3); // halves away from zero, on both sides
    expect(Object.is(roundToStep(-0.4, 1), 0)).toBe(true);
  });
});

describe('28-day trends', () => {
  it('resting heart rate: the example sentence, 58 → 55 bpm', () => {
    // slope −3/27 a day; change = slope × 27 = −3; the line starts at 58.
    const [insight, ...rest] = patterns(mergedDays({ restingHeartRateBpm: line(58, -3) }));
    expect(rest).toEqual([]);
    expect(insight).toEqual({
      kind: 'trend',
      metric: 'restingHeartRateBpm',
      text: 'Resting heart rate fell 3 bpm over 4 weeks (58 → 55 bpm).',
      figures: { change: -3, from: 58, to: 55, slopePerDay: expect.closeTo(-3 / 27, 12), days: 28 },
      from: 'From Oura.',
    });
  });

  it('resting heart rate: a 1.9 bpm change is noise, not a trend', () => {
    expect(patterns(mergedDays({ restingHeartRateBpm: line(58, -1.9) }))).toEqual([]);
  });

  it('HRV with gaps: every other day is 14 values, enough; 13 are not', () => {
    // Values at x = 0, 2, …, 26 on the line 40 + 6x/27: least squares on exact points is the line itself.
    const everyOther = line(40, 6, { keep: (x) => x % 2 === 0 });
    expect(Object.keys(everyOther)).toHaveLength(14);
    expect(patterns(mergedDays({ hrvMs: everyOther }))).toEqual([
      {
        kind: 'trend',
        metric: 'hrvMs',
        text: 'Heart-rate variability rose 6 ms over 4 weeks (40 → 46 ms).',
        figures: { change: 6, from: 40, to: 46, slopePerDay: expect.closeTo(6 / 27, 12), days: 14 },
        from: 'From Oura.',
      },
    ]);
    const thirteen = line(40, 6, { keep: (x) => x % 2 === 0 && x !== 26 });
    expect(patterns(mergedDays({ hrvMs: thirteen }))).toEqual([]);
  });

  it('sleep: minutes, written in hours from 60 up', () => {
    // 360 + 70x/27: 6 h → 7 h 10 min.
    expect(patterns(mergedDays({ sleepDurationMinutes: line(360, 70) })).map((i) => [i.text, i.figures.change])).toEqual([
      ['Sleep rose 1 h 10 min over 4 weeks (6 h → 7 h 10 min).', 70],
    ]);
    // 435 − 40x/27: 7 h 15 min → 6 h 35 min.
    expect(patterns(mergedDays({ sleepDurationMinutes: line(435, -40) })).map((i) => i.text)).toEqual(['Sleep fell 40 min over 4 weeks (7 h 15 min → 6 h 35 min).']);
    expect(patterns(mergedDays({ sleepDurationMinutes: line(435, -14.9) }))).toEqual([]);
  });

  it("steps: to the nearest 100, over the 28 days ending yesterday, so today's partial count is ignored", () => {
    // Yesterday ends the window; today's 300 steps would pull the line down if it counted.
    const steps = { ...line(7400, 1200, { endAgo: 1 }), 0: 300 };
    expect(ofKind(patterns(mergedDays({ steps })), 'trend')).toEqual([
      {
        kind: 'trend',
        metric: 'steps',
        text: 'Steps rose 1,200 over 4 weeks (7,400 → 8,600).',
        figures: { change: 1200, from: 7400, to: 8600, slopePerDay: expect.closeTo(1200 / 27, 9), days: 28 },
        from: 'From Oura.',
      },
    ]);
    expect(ofKind(patterns(mergedDays({ steps: line(7400, 490, { endAgo: 1 }) })), 'trend')).toEqual([]);
  });

  it('never contradicts the week’s figures beside it: a four-week rise with a lower last week says so', () => {
    // Steps end yesterday: 8,000 a day, then last week (7 to 13 days ago) at 9,526, then this week's six full days at 8,782 (the dashboard's two weeks).
    const steps: Record<number, number> = {};
    for (let ago = 1; ago <= 28; ago += 1) steps[ago] = ago <= 6 ? 8782 : ago <= 13 ? 9526 : 8000;
    const [insight] = patterns(mergedDays({ steps }));
    expect(insight?.text).toMatch(/^Steps rose [\d,]+ over 4 weeks \([\d,]+ → [\d,]+\), though this week’s 8,782 a day is below last week’s 9,526\.$/);
  });

  it('weight: to 0.1 kg; 0.45 kg is below the 0.5 kg threshold', () => {
    const [insight] = patterns(mergedDays({ weightKg: line(84.3, -1.2) }));
    expect(insight?.text).toBe('Weight fell 1.2 kg over 4 weeks (84.3 → 83.1 kg).');
    // A member who reads pounds reads the same trend in pounds: 84.3 kg is 185.8 lbs, 1.2 kg is 2.6 lbs.
    const [inPounds] = computePatterns({ day: TODAY, days: mergedDays({ weightKg: line(84.3, -1.2) }), checkins: [], units: 'imperial' });
    expect(inPounds?.text).toBe('Weight fell 2.6 lbs over 4 weeks (185.8 → 183.2 lbs).');
    expect(insight?.figures).toMatchObject({ change: -1.2, from: 84.3, to: 83.1 });
    expect(patterns(mergedDays({ weightKg: line(84.3, -0.45) }))).toEqual([]);
  });

  it('ignores days outside the window: a value 28 days ago or in the future changes nothing', () => {
    const outside = { ...line(58, -3), 28: 90, [-1]: 20 };
    expect(patterns(mergedDays({ restingHeartRateBpm: outside })).map((i) => i.text)).toEqual(['Resting heart rate fell 3 bpm over 4 weeks (58 → 55 bpm).']);
  });
});

describe('week over week', () => {
  // Six or fewer values a week, so no metric has the 14 a trend needs.
  it('steps: the example sentence, 8,200 against 6,950', () => {
    // This week is the six full days before today, last week the 7 before those (the dashboard's weeks).
    // This week 41,000 / 5 = 8,200; last week 27,800 / 4 = 6,950; 1,250 / 6,950 = 17.99 % → 18 %.
    const steps = { ...week(5, [8000, 8400, 8200, 7900, 8500]), ...week(13, [7000, 6900, 6950, 6950]) };
    expect(patterns(mergedDays({ steps }))).toEqual([
      {
        kind: 'week_over_week',
        metric: 'steps',
        text: 'Steps averaged 8,200 a day this week, 18% more than last week (6,950).',
        figures: { thisWeek: 8200, lastWeek: 6950, percent: 18, thisWeekDays: 5, lastWeekDays: 4 },
        from: 'From Oura.',
      },
    ]);
  });

  it('steps: exactly 10 % counts, 9.9 % does not, and 3 values in a week are too few', () => {
    const lastWeek = week(13, [6950, 6950, 6950, 6950]);
    expect(patterns(mergedDays({ steps: { ...lastWeek, ...week(6, [7645, 7645, 7645, 7645]) } })).map((i) => i.text)).toEqual([
      'Steps averaged 7,645 a day this week, 10% more than last week (6,950).', // to the step, as the dashboard's Activity card shows the week
    ]);
    expect(patterns(mergedDays({ steps: { ...lastWeek, ...week(6, [7640, 7640, 7640, 7640]) } }))).toEqual([]);
    expect(patterns(mergedDays({ steps: { ...lastWeek, ...week(6, [9000, 9000, 9000]) } }))).toEqual([]);
    // Seven days ago belongs to last week, and today's count, still growing, to neither.
    expect(patterns(mergedDays({ steps: { ...lastWeek, ...week(7, [7645, 7645, 7645, 7645]) } }))).toEqual([]);
    expect(patterns(mergedDays({ steps: { ...lastWeek, ...week(3, [7645, 7645, 7645]), 0: 7645 } }))).toEqual([]);
  });

  it('sleep: a relative change, in hours and minutes', () => {
    // 1,720 / 4 = 430 min against 1,540 / 4 = 385 min: 45 / 385 = 11.7 % → 12 %.
    const sleepDurationMinutes = { ...week(3, [420, 430, 440, 430]), ...week(13, [380, 390, 385, 385]) };
    expect(patterns(mergedDays({ sleepDurationMinutes })).map((i) => i.text)).toEqual(['Sleep averaged 7 h 10 min a night this week, 12% more than last week (6 h 25 min).']);
  });

  it('resting heart rate: an absolute change of 3 bpm or more', () => {
    // 248 / 4 = 62 against 232 / 4 = 58.
    const restingHeartRateBpm = { ...week(3, [62, 62, 63, 61]), ...week(13, [58, 59, 57, 58]) };
    expect(patterns(mergedDays({ restingHeartRateBpm }))).toEqual([
      {
        kind: 'week_over_week',
        metric: 'restingHeartRateBpm',
        text: 'Resting heart rate averaged 62 bpm this week, 4 bpm higher than last week (58 bpm).',
        figures: { thisWeek: 62, lastWeek: 58, difference: 4, thisWeekDays: 4, lastWeekDays: 4 },
        from: 'From Oura.',
      },
    ]);
    expect(patterns(mergedDays({ restingHeartRateBpm: { ...week(3, [60.9, 60.9, 60.9, 60.9]), ...week(13, [58, 58, 58, 58]) } }))).toEqual([]);
  });

  it('sleep score in points, weight in 0.1 kg', () => {
    const sleepScore = { ...week(3, [80, 84, 82, 82]), ...week(13, [76, 76, 75, 77]) };
    const weightKg = { ...week(3, [83.0, 83.2, 83.1, 83.1]), ...week(13, [84.3, 84.3, 84.3, 84.3]) };
    expect(patterns(mergedDays({ sleepScore, weightKg })).map((i) => [i.text, i.figures.difference])).toEqual([
      ['Sleep score averaged 82 this week, 6 points higher than last week (76).', 6],
      ['Weight averaged 83.1 kg this week, 1.2 kg lower than last week (84.3 kg).', -1.2],
    ]);
    // 4.9 points and 0.9 kg: below the thresholds.
    const small = { sleepScore: { ...week(3, [80.9, 80.9, 80.9, 80.9]), ...week(13, [76, 76, 76, 76]) }, weightKg: { ...week(3, [83.4, 83.4, 83.4, 83.4]), ...week(13, [84.3, 84.3, 84.3, 84.3]) } };
    expect(patterns(mergedDays(small))).toEqual([]);
  });
});

describe('sleep against mood and energy', () => {
  // 14 days, 13..0 days ago, with sleep 310, 320, …, 440 min: sleep rank r on the day 14 − r days ago.
  // Energy is Moderate on the days whose sleep ranks are in `high`, Low on the others; mood is always Neutral.
  // Energy ranks are then 11 (high) and 4; with 7 of each, Σdy² = 14 × 3.5² = 171.5 and Σdx² = 227.5 for ranks 1..14,
  // Σdx·dy = 7 × (Σhigh − 52.5), so rho = 7 × (Σhigh − 52.5) / √(227.5 × 171.5) = 7 × (Σhigh − 52.5) / 197.525.
  const sleep = (ranks: number[]): Record<number, number> => Object.fromEntries(ranks.map((r) => [14 - r, 300 + 10 * r]));
  const checkins = (high: number[], mood: CheckinForPatterns['mood'] = 'NEUTRAL'): CheckinForPatterns[] =>
    Array.from({ length: 14 }, (_, i) => {
      const rank = i + 1;
      const energy: Energy = high.includes(rank) ? 'MODERATE' : 'LOW';
      return { day: ago(14 - rank), mood, energy, symptoms: [] };
    });
  const ALL = Array.from({ length: 14 }, (_, i) => i + 1);
  const relationships = (days: MergedDay[], list: CheckinForPatterns[]) => ofKind(patterns(days, list), 'relationship');

  it('energy higher after longer sleep: Σhigh = 77 → rho = 171.5 / 197.525 = 0.868', () => {
    // The last five nights came through Apple Health, the nine before from Oura: the caption names the larger share first.
    const appleHealth = { 0: 'APPLE_HEALTH', 1: 'APPLE_HEALTH', 2: 'APPLE_HEALTH', 3: 'APPLE_HEALTH', 4: 'APPLE_HEALTH' } as const;
    expect(relationships(mergedDays({ sleepDurationMinutes: sleep(ALL) }, { sleepDurationMinutes: appleHealth }), checkins([8, 9, 10, 11, 12, 13, 14]))).toEqual([
      {
        kind: 'relationship',
        metric: 'energy',
        text: 'On days after longer sleep your energy tends to be higher: a strong pattern over 14 days.',
        figures: { rho: 0.87, days: 14 },
        from: 'From Oura, Apple Health and your daily check-ins.',
      },
    ]);
  });

  it('at the threshold: Σhigh = 64 gives 0.408, reported; Σhigh = 63 gives 0.372, not', () => {
    const days = mergedDays({ sleepDurationMinutes: sleep(ALL) });
    expect(relationships(days, checkins([3, 6, 8, 10, 11, 12, 14])).map((i) => i.text)).toEqual([
      'On days after longer sleep your energy tends to be higher: a moderate pattern over 14 days.',
    ]);
    expect(relationships(days, checkins([3, 6, 8, 10, 11, 12, 13]))).toEqual([]);
  });

  it('mood worse after longer sleep: a negative rho', () => {
    // Mood Happy on the 7 shortest nights and Sad on the 7 longest: rho = −0.868; energy constant.
    const list = checkins([]).map((c, i) => ({ ...c, mood: i < 7 ? ('HAPPY' as const) : ('SAD' as const) }));
    expect(relationships(mergedDays({ sleepDurationMinutes: sleep(ALL) }), list).map((i) => [i.text, i.figures.rho])).toEqual([
      ['On days after longer sleep your mood tends to be worse: a strong pattern over 14 days.', -0.87],
    ]);
  });

  it('13 paired days are too few, however strong the pattern', () => {
    const days = mergedDays({ sleepDurationMinutes: sleep(ALL.filter((r) => r !== 1)) }); // the check-in stays, its night is missing
    expect(relationships(days, checkins([8, 9, 10, 11, 12, 13, 14]))).toEqual([]);
  });
});

describe('symptom frequencies', () => {
  /** 20 check-ins, 19..0 days ago, each reporting the symptoms whose day indices include it. */
  function twenty(bySymptom: Record<string, number[]>): CheckinForPatterns[] {
    return Array.from({ length: 20 }, (_, i) => ({
      day: ago(19 - i),
      mood: 'NEUTRAL',
      energy: 'MODERATE',
      symptoms: Object.entries(bySymptom).flatMap(([symptom, on]) => (on.includes(i) ? [symptom] : [])),
    }));
  }
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('on at least 25 % of check-ins, most frequent first', () => {
    // 9/20 and 5/20 = 25 % are mentioned; Headache on 4/20 = 20 % is not.
    const list = twenty({ Headache: range(4), 'Brain fog': range(5), Fatigue: range(9) });
    // A repeated label counts once, and a check-in 28 days ago is outside the window.
    list[0]!.symptoms = [...list[0]!.symptoms, 'Fatigue'];
    list.unshift({ day: ago(28), mood: 'SAD', energy: 'LOW', symptoms: ['Headache', 'Headache'] });
    expect(patterns([], list)).toEqual([
      { kind: 'symptoms', metric: 'Fatigue', text: 'Fatigue on 9 of your last 20 check-ins.', figures: { count: 9, checkins: 20 }, from: 'From your daily check-ins.' },
      { kind: 'symptoms', metric: 'Brain fog', text: 'Brain fog on 5 of your last 20 check-ins.', figures: { count: 5, checkins: 20 }, from: 'From your daily check-ins.' },
    ]);
  });

  it('at most three; ties in alphabetical order', () => {
    const list = twenty({ Fatigue: range(9), 'Joint pain': range(6), Insomnia: range(6), 'Brain fog': range(5) });
    expect(patterns([], list).map((i) => i.text)).toEqual([
      'Fatigue on 9 of your last 20 check-ins.',
      'Insomnia on 6 of your last 20 check-ins.',
      'Joint pain on 6 of your last 20 check-ins.',
    ]);
  });

  it('needs 7 check-ins: 6 say nothing', () => {
    const six = twenty({ Fatigue: range(20) }).slice(-6);
    expect(patterns([], six)).toEqual([]);
    expect(patterns([], twenty({ Fatigue: range(20) }).slice(-7)).map((i) => i.text)).toEqual(['Fatigue on 7 of your last 7 check-ins.']);
  });
});

describe('computePatterns as a whole', () => {
  // Five trends, an energy relationship and three symptoms: nine findings, of which the first eight are kept.
  const days = mergedDays({
    restingHeartRateBpm: line(58, -3),
    hrvMs: line(40, 6),
    sleepDurationMinutes: line(400, 27),
    steps: line(7400, 1200, { endAgo: 1 }),
    weightKg: line(84.3, -1.2),
  });
  const energies: Energy[] = ['DEPLETED', 'LOW', 'MODERATE', 'PEAK'];
  const checkins: CheckinForPatterns[] = Array.from({ length: 28 }, (_, x) => ({
    day: ago(27 - x),
    mood: 'NEUTRAL',
    energy: energies[Math.floor(x / 7)]!,
    symptoms: ['Fatigue', ...(x % 2 === 0 ? ['Brain fog'] : []), ...(x % 4 === 0 ? ['Headache'] : [])],
  }));
  const insights = patterns(days, checkins);

  it('orders trends, week-over-week, relationships, symptoms, and keeps at most 8', () => {
    expect(insights).toHaveLength(MAX_INSIGHTS);
    expect(insights.map((i) => `${i.kind}:${i.metric}`)).toEqual([
      'trend:restingHeartRateBpm',
      'trend:hrvMs',
      'trend:sleepDurationMinutes',
      'trend:steps',
      'trend:weightKg',
      'relationship:energy',
      'symptoms:Fatigue',
      'symptoms:Brain fog',
    ]);
  });

  it('is deterministic and never shows NaN or Infinity', () => {
    expect(patterns(days, checkins)).toEqual(insights);
    for (const insight of insights) {
      expect(Object.values(insight.figures).every(Number.isFinite)).toBe(true);
      expect(insight.text).not.toMatch(/NaN|Infinity|undefined/);
    }
  });

  it('says nothing without data, and refuses a malformed day', () => {
    expect(patterns([])).toEqual([]);
    expect(() => computePatterns({ day: '2025-02-30', days: [], checkins: [] })).toThrow(RangeError);
  });
});
