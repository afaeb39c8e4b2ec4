import { describe, expect, it } from '@jest/globals';
import { type CheckinDay, type FactorKey, gaugeLabel, type ScoredDay, T_SCORE_WEIGHTS, tScore, type TScoreInput } from '@/lib/scores/t-score';

// Every expected number below is worked out by hand in the comments, from the mappings in docs/t-score.md.

const TODAY = '2025-03-31';
/** The ISO day `n` days before TODAY; a negative `n` is after it. */
const ago = (n: number): string => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const blank = (day: string): ScoredDay => ({ day, sleepDurationMinutes: null, sleepScore: null, hrvMs: null, restingHeartRateBpm: null, steps: null });

// The recent week is 0..6 days ago, the baseline 7..36 days ago, the steps week 1..6 days ago (this week's full days).
const SLEEP = [360, 420, 390, 390, 360, 420, 390]; // sum 2730, mean 390 min = 6 h 30 min
const SLEEP_SCORE = [78, 82, 80, 80, 76, 84, 80]; // sum 560, mean 80
const HRV = [50, 60, 55, 55, 52, 58, 55]; // sum 385, mean 55 ms
const STEPS = [300, 8000, 9200, 8600, 12000, 5200, 8600, 1000]; // today's 300 and the 1,000 of 7 days ago are left out; days 1..6 sum 51600, mean 8600
const SYMPTOMS = [1, 1, 0, 2, 0, 2, 1]; // sum 7 over 7 check-ins, mean 1

/** 21 days of data: the recent week as above, and a 14-day baseline of 410 min sleep, score 76, HRV 50 ms, resting HR 60. */
function baseDays(): ScoredDay[] {
  const days = Array.from({ length: 21 }, (_, n): ScoredDay =>
    n <= 6
      ? { day: ago(n), sleepDurationMinutes: SLEEP[n]!, sleepScore: SLEEP_SCORE[n]!, hrvMs: HRV[n]!, restingHeartRateBpm: 58, steps: STEPS[n]! }
      : { day: ago(n), sleepDurationMinutes: 410, sleepScore: 76, hrvMs: 50, restingHeartRateBpm: 60, steps: STEPS[n] ?? null },
  );
  // Outside every window, so they must change nothing: 40 days ago, and tomorrow.
  return [...days, { ...blank(ago(40)), sleepDurationMinutes: 200, hrvMs: 10 }, { ...blank(ago(-1)), hrvMs: 200, steps: 20_000 }];
}

/** Happy and Low energy every day this week; an Elated, Peak check-in 10 days ago falls outside the recent week. */
function baseCheckins(): CheckinDay[] {
  const week = SYMPTOMS.map((symptomCount, n): CheckinDay => ({ day: ago(n), mood: 'HAPPY', energy: 'LOW', symptomCount }));
  return [...week, { day: ago(10), mood: 'ELATED', energy: 'PEAK', symptomCount: 0 }];
}

const base = (): TScoreInput => ({ days: baseDays(), checkins: baseCheckins(), testosteroneNgDl: 332, currentWeightKg: 86, goalWeightKg: 80 });

describe('T_SCORE_WEIGHTS', () => {
  it('sum to 100', () => {
    expect(Object.values(T_SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('tScore with every input (the worked example in docs/t-score.md)', () => {
  // sub-score × weight:
  //   sleep duration  (390 − 300) × 100 / 120 = 75          × 15 = 1125
  //   sleep score     80                                    × 10 =  800
  //   HRV             50 + (55 − 50) × 250 / 50 = 75         × 10 =  750
  //   resting HR      50 − (58 − 60) × 10 = 70               × 10 =  700
  //   activity        (8600 − 2000) × 100 / 6000 = 110 → 100 × 15 = 1500
  //   weight          100 − |86 − 80| × 500 / 80 = 62.5      × 10 =  625
  //   mood            Happy = 75                             ×  5 =  375
  //   energy          Low = 100/3                            ×  5 =  166.67
  //   symptoms        100 − 25 × 1 = 75                      ×  5 =  375
  //   testosterone    (332 − 264) × 50 / 136 = 25            × 15 =  375
  // Sum 6791.67 over weight 100 = 67.92 → 68.
  const result = tScore(base(), TODAY);

  it('scores 68, Optimised, from 21 days of data', () => {
    expect(result.score).toBe(68);
    expect(gaugeLabel(result.score)).toBe('Optimised');
    expect(result.daysOfData).toBe(21);
    expect(result.missing).toEqual([]);
  });

  it('gives each factor its points against a neutral 50 and a sentence with the user’s own numbers', () => {
    // points = weight × (sub − 50) / 100, to 0.1: 15 × 25 / 100 = 3.75 → 3.8; 5 × (100/3 − 50) / 100 = −0.83 → −0.8.
    expect(result.factors.map(({ key, label, points, detail }) => [key, label, points, detail])).toEqual([
      ['sleepDuration', 'Sleep duration', 3.8, 'Sleep averaged 6 h 30 min over the last 7 nights, 20 min below your 30-day baseline'],
      ['sleepScore', 'Sleep score', 3, 'Sleep score averaged 80 over the last 7 nights, 4 points above your 30-day baseline'],
      ['hrv', 'Heart-rate variability', 2.5, 'HRV averaged 55 ms over the last 7 days, 10% above your 30-day baseline of 50 ms'],
      ['restingHeartRate', 'Resting heart rate', 2, 'Resting heart rate averaged 58 bpm over the last 7 days, 2 bpm below your 30-day baseline of 60 bpm'],
      ['activity', 'Activity', 7.5, 'Steps averaged 8,600 a day over the 6 full days before today'],
      ['weight', 'Weight against goal', 1.3, 'You weigh 86 kg, 6 kg above your goal of 80 kg'],
      ['mood', 'Mood', 1.3, 'Mood averaged 75/100 over 7 check-ins in the last 7 days'],
      ['energy', 'Energy', -0.8, 'Energy averaged 33/100 over 7 check-ins in the last 7 days'],
      ['symptoms', 'Symptoms', 1.3, '1 symptom a day on average over 7 check-ins in the last 7 days'],
      ['testosterone', 'Testosterone', -3.8, 'Latest total testosterone: 332 ng/dL, above the 264 ng/dL lower limit but below the 400–800 ng/dL target band'],
    ]);
  });

  it('quotes the weight in pounds for a member who reads pounds', () => {
    const weight = tScore({ ...base(), units: 'imperial' }, TODAY).factors.find((factor) => factor.key === 'weight');
    expect(weight?.detail).toBe('You weigh 189.6 lbs, 13.2 lbs above your goal of 176.4 lbs');
  });

  it('names the two factors that raised it most and the two that lowered it most', () => {
    expect(result.topUp.map((f) => f.key)).toEqual(['activity', 'sleepDuration']);
    expect(result.topDown.map((f) => f.key)).toEqual(['testosterone', 'energy']);
  });
});

describe('tScore re-weights over the inputs that have data', () => {
  const without = (fields: (keyof ScoredDay)[], from = 0) => (input: TScoreInput): TScoreInput => ({
    ...input,
    // baseDays() lists day n at index n, so `from` = 7 empties the baseline only.
    days: input.days.map((d, n) => (n >= from ? { ...d, ...Object.fromEntries(fields.map((f) => [f, null])) } : d)),
  });

  it.each<[string, (input: TScoreInput) => TScoreInput, number, FactorKey[]]>([
    // 6791.67 − 375 = 6416.67 over 85 = 75.49 → 75
    ['no lab result', (i) => ({ ...i, testosteroneNgDl: null }), 75, ['testosterone']],
    // 6791.67 − (375 + 166.67 + 375) = 5875 over 85 = 69.12 → 69
    ['no check-ins', (i) => ({ ...i, checkins: [] }), 69, ['mood', 'energy', 'symptoms']],
    // 6791.67 − 625 = 6166.67 over 90 = 68.52 → 69
    ['no goal weight', (i) => ({ ...i, goalWeightKg: null }), 69, ['weight']],
    // 6791.67 − 625 = 6166.67 over 90 = 68.52 → 69
    ['no current weight', (i) => ({ ...i, currentWeightKg: null }), 69, ['weight']],
    // 6791.67 − 750 − 700 = 5341.67 over 80 = 66.77 → 67
    ['HRV and resting HR with no baseline yet', without(['hrvMs', 'restingHeartRateBpm'], 7), 67, ['hrv', 'restingHeartRate']],
    // 6791.67 − 750 = 6041.67 over 90 = 67.13 → 67
    ['no HRV', without(['hrvMs']), 67, ['hrv']],
    // 6791.67 − 700 = 6091.67 over 90 = 67.69 → 68
    ['no resting HR', without(['restingHeartRateBpm']), 68, ['restingHeartRate']],
    // 6791.67 − 800 = 5991.67 over 90 = 66.57 → 67
    ['a device with no sleep score', without(['sleepScore']), 67, ['sleepScore']],
    // 6791.67 − 1125 = 5666.67 over 85 = 66.67 → 67
    ['no sleep duration', without(['sleepDurationMinutes']), 67, ['sleepDuration']],
    // 6791.67 − 1500 = 5291.67 over 85 = 62.25 → 62
    ['no steps', without(['steps']), 62, ['activity']],
    // 6791.67 − 375 − 916.67 = 5500 over 70 = 78.57 → 79
    ['no lab result and no check-ins', (i) => ({ ...i, testosteroneNgDl: null, checkins: [] }), 79, ['mood', 'energy', 'symptoms', 'testosterone']],
    // Check-ins (8 days of data), weight and lab only: 375 + 166.67 + 375 + 625 + 375 = 1916.67 over 40 = 47.92 → 48
    ['no wearable at all', (i) => ({ ...i, days: [] }), 48, ['sleepDuration', 'sleepScore', 'hrv', 'restingHeartRate', 'activity']],
  ])('%s', (_, change, score, missing) => {
    const result = tScore(change(base()), TODAY);
    expect(result.score).toBe(score);
    expect(result.missing).toEqual(missing);
    for (const key of missing) expect(result.factors.map((f) => f.key)).not.toContain(key);
  });

  it('scores the lab result alone when the only wearable data is older than this week', () => {
    // 7 days of sleep 8..14 days ago: enough days of data, but no recent week to score. Testosterone 332 → 25 over weight 15 = 25.
    const days = Array.from({ length: 7 }, (_, k) => ({ ...blank(ago(8 + k)), sleepDurationMinutes: 420 }));
    const result = tScore({ days, checkins: [], testosteroneNgDl: 332, currentWeightKg: null, goalWeightKg: null }, TODAY);
    expect([result.score, result.daysOfData, gaugeLabel(result.score)]).toEqual([25, 7, 'Strained']);
    // All 15 of the weight is testosterone's: 15 × (25 − 50) / 15 = −25.
    expect(result.factors.map((f) => [f.key, f.points])).toEqual([['testosterone', -25]]);
    expect(result.topUp).toEqual([]);

    // The same without the lab result: seven days of data and nothing to score is inconclusive, not a made-up 50.
    expect(tScore({ days, checkins: [], testosteroneNgDl: null, currentWeightKg: null, goalWeightKg: null }, TODAY).score).toBe(-1);
  });

  it('leaves out an average of fewer than 3 values instead of trusting it', () => {
    // Check-ins alone: 375 + 166.67 + 375 = 916.67 over 15 = 61.11 → 61; two nights of sleep do not count.
    const checkinsOnly = { ...base(), days: [], testosteroneNgDl: null, currentWeightKg: null, checkins: baseCheckins() };
    const twoNights = [0, 1].map((n) => ({ ...blank(ago(n)), sleepDurationMinutes: 480 }));
    const two = tScore({ ...checkinsOnly, days: twoNights }, TODAY);
    expect(two.score).toBe(61);
    expect(two.missing).toContain('sleepDuration');

    // A third night of 8 h: sleep (480 − 300) × 100 / 120 = 150 → 100, × 15 = 1500; 2416.67 over 30 = 80.56 → 81.
    const three = tScore({ ...checkinsOnly, days: [...twoNights, { ...blank(ago(2)), sleepDurationMinutes: 480 }] }, TODAY);
    expect(three.score).toBe(81);
    expect(three.factors[0]?.detail).toBe('Sleep averaged 8 h over 3 of the last 7 nights');
  });

  it('treats NaN and non-positive lab and weight values as missing, never as numbers', () => {
    const result = tScore({ ...base(), testosteroneNgDl: Number.NaN, currentWeightKg: 0, goalWeightKg: Number.POSITIVE_INFINITY }, TODAY);
    // 6791.67 − 375 − 625 = 5791.67 over 75 = 77.22 → 77
    expect(result.score).toBe(77);
    expect(result.missing).toEqual(['weight', 'testosterone']);
  });
});

describe('tScore mappings, one input at a time', () => {
  // Seven days of data older than this week score nothing, so the one input given is the whole score.
  const oldDays = Array.from({ length: 7 }, (_, k) => ({ ...blank(ago(8 + k)), sleepDurationMinutes: 420 }));
  const only = (change: Partial<TScoreInput>) => tScore({ days: oldDays, checkins: [], testosteroneNgDl: null, currentWeightKg: null, goalWeightKg: null, ...change }, TODAY).score;

  it.each([
    [200, 0], // below 264 → 0
    [264, 0],
    [332, 25], // (332 − 264) × 50 / 136
    [400, 50],
    [600, 75], // 50 + (600 − 400) × 50 / 400
    [800, 100],
    [1200, 100], // not penalised above the band
  ])('testosterone %p ng/dL scores %p', (ngDl, score) => {
    expect(only({ testosteroneNgDl: ngDl })).toBe(score);
  });

  it.each([
    [80, 80, 100], // at goal
    [88, 80, 50], // 10% above: 100 − 8 × 500 / 80
    [72, 80, 50], // 10% below counts the same
    [100, 80, 0], // 25% above: 100 − 125 → 0
  ])('weight %p kg against a goal of %p kg scores %p', (current, goal, score) => {
    expect(only({ currentWeightKg: current, goalWeightKg: goal })).toBe(score);
  });
});

describe('tScore needs 7 days of data', () => {
  const nights = (offsets: number[]) => offsets.map((n) => ({ ...blank(ago(n)), sleepDurationMinutes: 420 }));
  const score = (days: ScoredDay[], checkins: CheckinDay[] = []) => tScore({ days, checkins, testosteroneNgDl: 600, currentWeightKg: 80, goalWeightKg: 80 }, TODAY);

  it('is -1 with 6 days, even though every input it could score is there', () => {
    const result = score(nights([0, 1, 2, 3, 4, 5]));
    expect([result.score, result.daysOfData, gaugeLabel(result.score)]).toEqual([-1, 6, 'Inconclusive']);
    expect([result.factors, result.topUp, result.topDown]).toEqual([[], [], []]);
  });

  it('scores with 7 days', () => {
    // Sleep 7 h → 100 × 15; weight at goal 100 × 10; testosterone 600 → 75 × 15: (1500 + 1000 + 1125) / 40 = 90.63 → 91
    const result = score(nights([0, 1, 2, 3, 4, 5, 6]));
    expect([result.score, result.daysOfData]).toEqual([91, 7]);
  });

  it('counts check-in days and data days once each', () => {
    // Nights 0..3 and check-ins on 2..6: days 0..6 are 7 distinct days.
    const checkins = [2, 3, 4, 5, 6].map((n): CheckinDay => ({ day: ago(n), mood: 'NEUTRAL', energy: 'PEAK', symptomCount: 0 }));
    expect(score(nights([0, 1, 2, 3]), checkins).daysOfData).toBe(7);
    // Without the check-in 6 days ago: days 0..5, six.
    expect(score(nights([0, 1, 2, 3]), checkins.slice(0, -1)).score).toBe(-1);
  });

  it('counts only the last 37 days (this week and its baseline), never future days', () => {
    expect(score(nights([0, 1, 2, 3, 4, 5, 36])).daysOfData).toBe(7);
    expect(score(nights([0, 1, 2, 3, 4, 5, 37])).score).toBe(-1);
    expect(score(nights([0, 1, 2, 3, 4, 5, -1])).score).toBe(-1);
  });

  it('does not count a day whose scored metrics are all empty', () => {
    expect(score([...nights([0, 1, 2, 3, 4, 5]), blank(ago(6))]).score).toBe(-1);
  });

  it('refuses a today that is not a calendar day', () => {
    expect(() => tScore({ days: [], checkins: [], testosteroneNgDl: null, currentWeightKg: null, goalWeightKg: null }, '2025-02-30')).toThrow(RangeError);
  });
});

describe('gaugeLabel (SPEC §4)', () => {
  it.each([
    [-1, 'Inconclusive'],
    [0, 'Strained'],
    [32, 'Strained'],
    [33, 'Developing'],
    [65, 'Developing'],
    [66, 'Optimised'],
    [100, 'Optimised'],
  ] as const)('%p is %s', (score, label) => {
    expect(gaugeLabel(score)).toBe(label);
  });

  it('never gives NaN a pointer', () => {
    expect(gaugeLabel(Number.NaN)).toBe('Inconclusive');
  });
});
