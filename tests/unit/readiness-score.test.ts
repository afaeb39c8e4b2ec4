import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type Readiness, READINESS_WEIGHTS, readinessBand, type ReadinessDay, type ReadinessKey, readinessScore } from '@/lib/scores/readiness';

// Every expected number below is worked out by hand in the comments, from the mappings in docs/readiness.md.
// Shorthands: med = median, MAD = median absolute deviation, spread = max(1.4826 × MAD, floor), z = (today − med) / spread,
// sub = 50 ± 20 × z clamped to 0..100. ln 1.1 = 0.09531, ln 0.9 = −0.10536.

const TODAY = '2025-03-31';
/** The ISO day `n` days before TODAY; a negative `n` is after it. */
const ago = (n: number): string => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const blank = (day: string): ReadinessDay => ({ day, hrvMs: null, restingHeartRateBpm: null, sleepDurationMinutes: null, respiratoryRateBpm: null });
const score = (days: readonly ReadinessDay[]): Readiness => readinessScore({ today: TODAY, days });

function ready(result: Readiness) {
  if (result.state !== 'ready') throw new Error(`expected a score, got ${result.state}: ${result.detail}`);
  return result;
}
const sub = (result: Readiness, key: ReadinessKey) => ready(result).factors.find((f) => f.key === key)?.sub;

// Baseline nights 1..5 days ago (the worked example in docs/readiness.md).
const HRV = [40, 50, 50, 50, 60]; // med 50; |ln(x/50)| = 0.223, 0, 0, 0, 0.182 → MAD 0 → spread = floor 0.1
const RHR = [56, 58, 60, 62, 64]; // med 60; |x − 60| = 4, 2, 0, 2, 4 → MAD 2; 1.4826 × 2 = 2.965 < floor 3 → spread 3
const SLEEP = [420, 420, 450, 480, 480]; // med 450; |x − 450| = 30, 30, 0, 30, 30 → MAD 30 → spread 1.4826 × 30 = 44.478 min
const RR = [14, 14, 14.5, 15, 15]; // med 14.5; MAD 0.5; 1.4826 × 0.5 = 0.741 < floor 1 → spread 1

function exampleDays(): ReadinessDay[] {
  const baseline = HRV.map((_, i): ReadinessDay => ({ day: ago(i + 1), hrvMs: HRV[i]!, restingHeartRateBpm: RHR[i]!, sleepDurationMinutes: SLEEP[i]!, respiratoryRateBpm: RR[i]! }));
  const tonight: ReadinessDay = { day: TODAY, hrvMs: 55, restingHeartRateBpm: 57, sleepDurationMinutes: 390, respiratoryRateBpm: 15.5, temperatureDeviationC: 0.2 };
  // Outside the window, so they must change nothing: 29 days ago and tomorrow.
  const outside: ReadinessDay[] = [{ ...blank(ago(29)), hrvMs: 10, restingHeartRateBpm: 90 }, { ...blank(ago(-1)), hrvMs: 200, restingHeartRateBpm: 40 }];
  return [...outside, tonight, ...baseline];
}

describe('READINESS_WEIGHTS', () => {
  it('sum to 100, with HRV and resting heart rate carrying most of it', () => {
    expect(Object.values(READINESS_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(READINESS_WEIGHTS.hrv + READINESS_WEIGHTS.restingHeartRate).toBe(65);
  });
});

describe('readinessScore, the worked example in docs/readiness.md', () => {
  //   HRV          55 ms: 50 + 20 × ln(55/50) / 0.1 = 50 + 20 × 0.9531 = 69.06            × 35 = 2417.17
  //   resting HR   57 bpm: 50 − 20 × (57 − 60) / 3 = 70                                   × 30 = 2100
  //   sleep        390 min: 50 + 20 × (390 − 450) / 44.478 = 23.02; the 5 h→0..7 h→100 cap is
  //                (390 − 300) × 100 / 120 = 75, higher, so 23.02                            × 20 =  460.41
  //   resp. rate   15.5: 50 − 20 × (15.5 − 14.5) / 1 = 30                                  × 10 =  300
  //   temperature  +0.2 °C: 50 − 50 × 0.2 = 40                                              ×  5 =  200
  // Sum 5477.58 over 100 = 54.78 → 55, steady.
  const result = ready(score(exampleDays()));

  it('scores 55, steady', () => {
    expect([result.score, result.band, result.headline]).toEqual([55, 'steady', 'Steady today: train as planned, without chasing a personal best.']);
  });

  it('reports each input with its baseline, sub-score, points and a sentence in the member’s numbers', () => {
    // points = weight × (sub − 50) / 100: 35 × 19.06 / 100 = 6.67 → 6.7; 20 × (23.02 − 50) / 100 = −5.40 → −5.4.
    expect(result.factors.map(({ key, label, today, baseline, sub: s, points, detail }) => [key, label, today, baseline, s, points, detail])).toEqual([
      ['hrv', 'Heart-rate variability', 55, 50, 69.1, 6.7, 'HRV 55 ms, 10% above your usual 50 ms'],
      ['restingHeartRate', 'Resting heart rate', 57, 60, 70, 6, 'Resting heart rate 57 bpm, 3 bpm below your usual 60 bpm'],
      ['sleepDuration', 'Sleep duration', 390, 450, 23, -5.4, 'Slept 6 h 30 min, 1 h less than your usual 7 h 30 min'],
      ['respiratoryRate', 'Respiratory rate', 15.5, 14.5, 30, -2, 'Respiratory rate 15.5 breaths a minute, 1 above your usual 14.5'],
      ['temperature', 'Skin temperature', 0.2, 0, 40, -0.5, 'Skin temperature 0.2 °C above your baseline'],
    ]);
    // The points sum to score − 50 before rounding: 6.67 + 6 − 5.40 − 2 − 0.5 = 4.78.
    expect(result.factors.reduce((sum, f) => sum + f.points, 0)).toBeCloseTo(4.8, 5);
  });
});

describe('readinessScore re-weights over the inputs present tonight with a baseline', () => {
  const change = (tonight: Partial<ReadinessDay>, baseline: (d: ReadinessDay, n: number) => ReadinessDay = (d) => d) =>
    exampleDays().map((d) => (d.day === TODAY ? { ...d, ...tonight } : d.day > ago(6) && d.day < TODAY ? baseline(d, Math.round((Date.parse(TODAY) - Date.parse(d.day)) / 86_400_000)) : d));

  it.each<[string, ReadonlyArray<ReadinessDay>, number, ReadinessKey[]]>([
    // 5477.58 − 200 = 5277.58 over 95 = 55.55 → 56
    ['no temperature (no source stores it yet)', change({ temperatureDeviationC: undefined }), 56, ['hrv', 'restingHeartRate', 'sleepDuration', 'respiratoryRate']],
    // 2417.17 + 2100 = 4517.17 over 65 = 69.49 → 69
    ['HRV and resting HR only', change({ sleepDurationMinutes: null, respiratoryRateBpm: null, temperatureDeviationC: null }), 69, ['hrv', 'restingHeartRate']],
    // 69.06 alone → 69
    ['HRV only', change({ restingHeartRateBpm: null, sleepDurationMinutes: null, respiratoryRateBpm: null, temperatureDeviationC: null }), 69, ['hrv']],
    // 70 alone
    ['resting HR only', change({ hrvMs: null, sleepDurationMinutes: null, respiratoryRateBpm: null, temperatureDeviationC: null }), 70, ['restingHeartRate']],
    // Respiratory rate on 3 baseline nights only is not a baseline: 5477.58 − 300 = 5177.58 over 90 = 57.53 → 58
    ['a respiratory rate without 4 baseline nights', change({}, (d, n) => (n <= 2 ? { ...d, respiratoryRateBpm: null } : d)), 58, ['hrv', 'restingHeartRate', 'sleepDuration', 'temperature']],
    // A zero or negative reading is no reading: 5477.58 − 460.41 = 5017.17 over 80 = 62.71 → 63
    ['a sleep of 0 min', change({ sleepDurationMinutes: 0 }), 63, ['hrv', 'restingHeartRate', 'respiratoryRate', 'temperature']],
  ])('%s', (_, days, expected, keys) => {
    const result = ready(score(days));
    expect(result.score).toBe(expected);
    expect(result.factors.map((f) => f.key)).toEqual(keys);
  });
});

describe('readinessScore calibrates on 4 nights of HRV or resting heart rate in the 28 before today', () => {
  const night = (n: number): ReadinessDay => ({ ...blank(ago(n)), hrvMs: 50, restingHeartRateBpm: 60 });

  it.each([0, 1, 2, 3])('says “Calibrating: %i of 4 nights.” with that many nights', (n) => {
    const days = [night(0), ...Array.from({ length: n }, (_, k) => night(k + 1))];
    expect(score(days)).toEqual({ state: 'calibrating', nights: n, needed: 4, detail: `Calibrating: ${n} of 4 nights.` });
  });

  it('scores on the fourth night: tonight at the baseline is 50, steady', () => {
    expect(ready(score([0, 1, 2, 3, 4].map(night)))).toMatchObject({ score: 50, band: 'steady' });
  });

  it('counts a night 28 days ago, not one 29 days ago, nor tonight, nor tomorrow', () => {
    expect(score([0, 1, 2, 3, 28].map(night)).state).toBe('ready');
    expect(score([0, 1, 2, 3, 29, -1].map(night))).toMatchObject({ state: 'calibrating', nights: 3 });
  });

  it('counts the nights of the measures taken tonight, the larger of the two', () => {
    // Tonight has HRV only; the baseline has resting HR on 6 nights but HRV on 2.
    const days = [{ ...blank(TODAY), hrvMs: 50 }, ...[1, 2].map(night), ...[3, 4, 5, 6].map((n) => ({ ...blank(ago(n)), restingHeartRateBpm: 60 }))];
    expect(score(days)).toEqual({ state: 'calibrating', nights: 2, needed: 4, detail: 'Calibrating: 2 of 4 nights.' });
    // With resting HR tonight too, it has 6 nights and scores alone: 63 bpm → 50 − 20 × 3 / 3 = 30, ease.
    const both = ready(score([{ ...blank(TODAY), hrvMs: 50, restingHeartRateBpm: 63 }, ...days.slice(1)]));
    expect([both.score, both.band, both.factors.map((f) => f.key)]).toEqual([30, 'ease', ['restingHeartRate']]);
  });
});

describe('readinessScore without HRV or resting heart rate tonight', () => {
  const baseline = [1, 2, 3, 4, 5].map((n): ReadinessDay => ({ day: ago(n), hrvMs: 50, restingHeartRateBpm: 60, sleepDurationMinutes: 450, respiratoryRateBpm: 15 }));

  it('has no data, and says how to get some', () => {
    expect(score([])).toEqual({ state: 'no-data', detail: 'No HRV or resting heart rate for last night: wear your ring or strap overnight, or import your history on My devices.' });
  });

  it('does not score sleep alone, however long the baseline', () => {
    expect(score([{ ...blank(TODAY), sleepDurationMinutes: 480, respiratoryRateBpm: 15, temperatureDeviationC: 0 }, ...baseline])).toEqual({
      state: 'no-data',
      detail: 'Last night has sleep but no HRV or resting heart rate, and readiness needs one of them: wear your ring or strap overnight, or import your history on My devices.',
    });
  });

  it('treats a zero, negative or non-finite HRV or heart rate as missing', () => {
    expect(score([{ ...blank(TODAY), hrvMs: 0, restingHeartRateBpm: Number.NaN }, ...baseline]).state).toBe('no-data');
    expect(score([{ ...blank(TODAY), hrvMs: -5, restingHeartRateBpm: Number.POSITIVE_INFINITY }, ...baseline]).state).toBe('no-data');
  });
});

describe('readinessScore, each input’s direction against a flat baseline (spread = the floor)', () => {
  // Seven nights of HRV 50 ms, resting HR 60 bpm, sleep 450 min and respiratory rate 15: every MAD is 0.
  const flat = (sleep = 450) => Array.from({ length: 7 }, (_, k): ReadinessDay => ({ day: ago(k + 1), hrvMs: 50, restingHeartRateBpm: 60, sleepDurationMinutes: sleep, respiratoryRateBpm: 15 }));
  const tonight = (change: Partial<ReadinessDay>, sleep?: number) => score([{ ...blank(TODAY), hrvMs: 50, restingHeartRateBpm: 60, ...change }, ...flat(sleep)]);

  it.each([
    [50, 50], // at the median
    [55, 69.1], // 50 + 20 × ln 1.1 / 0.1 = 69.06: higher is better
    [45, 28.9], // 50 + 20 × ln 0.9 / 0.1 = 28.93
    [80, 100], // 50 + 20 × 0.47 / 0.1 = 144 → 100
    [20, 0],
  ])('HRV %p ms against 50 scores %p', (hrvMs, expected) => {
    expect(sub(tonight({ hrvMs }), 'hrv')).toBe(expected);
  });

  it.each([
    [60, 50],
    [57, 70], // 50 − 20 × (57 − 60) / 3: lower is better
    [63, 30],
    [66, 10],
    [70, 0], // 50 − 66.7 → 0
  ])('resting HR %p bpm against 60 scores %p', (restingHeartRateBpm, expected) => {
    expect(sub(tonight({ restingHeartRateBpm }), 'restingHeartRate')).toBe(expected);
  });

  it.each([
    [450, 450, 50],
    [480, 450, 70], // 50 + 20 × 30 / 30; cap (480 − 300) × 100 / 120 = 150 does not bite
    [420, 450, 30], // 50 − 20; cap 100
    [390, 450, 10], // 50 − 40; cap 75
    [330, 330, 25], // at a 5 h 30 min habit: relative 50, but the cap (330 − 300) × 100 / 120 = 25 bites
    [360, 330, 50], // 30 min more than usual: relative 70, capped at 6 h → 50
    [300, 300, 0], // 5 h is 0 however usual
  ])('sleep %p min against %p scores %p', (sleepDurationMinutes, usual, expected) => {
    expect(sub(tonight({ sleepDurationMinutes }, usual), 'sleepDuration')).toBe(expected);
  });

  it.each([
    [15, 50],
    [14, 50], // below the usual rate neither helps nor hurts
    [16, 30], // 50 − 20 × 1 / 1
    [17.5, 0], // 50 − 50
  ])('respiratory rate %p against 15 scores %p', (respiratoryRateBpm, expected) => {
    expect(sub(tonight({ respiratoryRateBpm }), 'respiratoryRate')).toBe(expected);
  });

  it.each([
    [0, 50],
    [0.5, 25], // 50 − 50 × 0.5: warmer costs twice as fast…
    [-0.5, 37.5], // 50 − 25 × 0.5: …as cooler
    [1, 0],
    [-2, 0],
    [-3, 0],
  ])('skin temperature %p °C from the device’s baseline scores %p', (temperatureDeviationC, expected) => {
    expect(sub(tonight({ temperatureDeviationC }), 'temperature')).toBe(expected);
  });

  it('words the sentences for no change and for a short night', () => {
    const result = ready(tonight({ sleepDurationMinutes: 330, respiratoryRateBpm: 15, temperatureDeviationC: -0.04 }, 330));
    expect(result.factors.map((f) => f.detail)).toEqual([
      'HRV 50 ms, in line with your usual 50 ms',
      'Resting heart rate 60 bpm, in line with your usual 60 bpm',
      'Slept 5 h 30 min (under 6 h), in line with your usual 5 h 30 min',
      'Respiratory rate 15 breaths a minute, in line with your usual 15',
      'Skin temperature in line with your baseline',
    ]);
  });
});

describe('bands and steer', () => {
  it.each([
    [100, 'go'],
    [67, 'go'],
    [66, 'steady'],
    [34, 'steady'],
    [33, 'ease'],
    [0, 'ease'],
  ] as const)('%p is %s', (value, band) => {
    expect(readinessBand(value)).toBe(band);
  });

  // Resting HR alone against a flat 60 (spread 3): sub = 50 − 20 × (bpm − 60) / 3.
  const rhrOnly = (bpm: number) => ready(score([{ ...blank(TODAY), restingHeartRateBpm: bpm }, ...[1, 2, 3, 4].map((n) => ({ ...blank(ago(n)), restingHeartRateBpm: 60 }))]));

  it.each([
    [57.45, 67, 'go', 'Ready to go hard today.'], // 50 + 20 × 2.55 / 3 = 67
    [57.6, 66, 'steady', 'Steady today: train as planned, without chasing a personal best.'], // 50 + 20 × 2.4 / 3 = 66
    [62.4, 34, 'steady', 'Steady today: train as planned, without chasing a personal best.'], // 50 − 16 = 34
    [62.55, 33, 'ease', 'Ease off today: keep training light and put recovery first.'], // 50 − 17 = 33
  ] as const)('resting HR %p bpm scores %p, %s', (bpm, expected, band, headline) => {
    const result = rhrOnly(bpm);
    expect([result.score, result.band, result.headline]).toEqual([expected, band, headline]);
  });
});

describe('readinessScore refuses', () => {
  it('a today that is not a calendar day', () => {
    expect(() => readinessScore({ today: '2025-02-30', days: [] })).toThrow(RangeError);
  });

  it('the same day twice: the caller merges sources first', () => {
    expect(() => score([...exampleDays(), { ...blank(ago(3)), hrvMs: 70 }])).toThrow('readinessScore got 2025-03-28 twice');
  });
});

describe('readinessScore properties', () => {
  const reading = (min: number, max: number) => fc.oneof(fc.integer({ min, max }), fc.double({ min, max, noNaN: true }));
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
  const values = {
    hrvMs: reading(5, 250),
    restingHeartRateBpm: reading(30, 110),
    sleepDurationMinutes: reading(60, 720),
    respiratoryRateBpm: reading(8, 30),
    temperatureDeviationC: fc.oneof(fc.constant(undefined), fc.constant(null), fc.double({ min: -3, max: 3, noNaN: true })),
  };
  const anyNight = fc.record({ ...values, hrvMs: optional(values.hrvMs), restingHeartRateBpm: optional(values.restingHeartRateBpm), sleepDurationMinutes: optional(values.sleepDurationMinutes), respiratoryRateBpm: optional(values.respiratoryRateBpm) });
  /** Any mix of days from 5 days after today to 35 before, one record a day. */
  const anyDays = fc.uniqueArray(fc.tuple(fc.integer({ min: -5, max: 35 }), anyNight), { selector: ([n]) => n, maxLength: 40 }).map((list) => list.map(([n, night]): ReadinessDay => ({ day: ago(n), ...night })));
  /** Tonight and 4..28 baseline nights, all with HRV and resting HR, so the result is always a score. */
  const scoredNight = fc.record({ ...values, sleepDurationMinutes: optional(values.sleepDurationMinutes), respiratoryRateBpm: optional(values.respiratoryRateBpm) });
  const scoredDays = fc.tuple(scoredNight, fc.array(scoredNight, { minLength: 4, maxLength: 28 })).map(([tonight, nights]) => ({
    tonight: { day: TODAY, ...tonight } as ReadinessDay,
    baseline: nights.map((night, k): ReadinessDay => ({ day: ago(k + 1), ...night })),
  }));

  it('does not depend on the order of the days', () => {
    const shuffled = anyDays.chain((days) => fc.tuple(fc.constant(days), fc.shuffledSubarray(days, { minLength: days.length, maxLength: days.length })));
    fc.assert(fc.property(shuffled, ([days, reordered]) => expect(score(reordered)).toEqual(score(days))));
  });

  it('ignores days after today', () => {
    const future = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 400 }), anyNight), { selector: ([n]) => n, minLength: 1, maxLength: 10 }).map((list) => list.map(([n, night]): ReadinessDay => ({ day: ago(-n), ...night })));
    const past = anyDays.map((days) => days.filter((d) => d.day <= TODAY));
    fc.assert(fc.property(past, future, (days, later) => expect(score([...days, ...later])).toEqual(score(days))));
  });

  it('gives the same HRV sub-score when every HRV value is scaled by the same factor', () => {
    fc.assert(
      fc.property(scoredDays, fc.double({ min: 0.1, max: 10, noNaN: true }), ({ tonight, baseline }, k) => {
        const scale = (d: ReadinessDay): ReadinessDay => ({ ...d, hrvMs: d.hrvMs === null ? null : d.hrvMs * k });
        const before = ready(score([tonight, ...baseline]));
        const after = ready(score([scale(tonight), ...baseline.map(scale)]));
        expect(sub(after, 'hrv')).toBe(sub(before, 'hrv'));
        expect(after.score).toBe(before.score);
      }),
    );
  });

  it('never lowers the score for a higher HRV tonight', () => {
    fc.assert(
      fc.property(scoredDays, fc.double({ min: 0, max: 100, noNaN: true }), ({ tonight, baseline }, more) => {
        const higher = { ...tonight, hrvMs: tonight.hrvMs! + more };
        expect(ready(score([higher, ...baseline])).score).toBeGreaterThanOrEqual(ready(score([tonight, ...baseline])).score);
      }),
    );
  });

  it('never raises the score for a higher resting heart rate tonight', () => {
    fc.assert(
      fc.property(scoredDays, fc.double({ min: 0, max: 40, noNaN: true }), ({ tonight, baseline }, more) => {
        const higher = { ...tonight, restingHeartRateBpm: tonight.restingHeartRateBpm! + more };
        expect(ready(score([higher, ...baseline])).score).toBeLessThanOrEqual(ready(score([tonight, ...baseline])).score);
      }),
    );
  });

  it('always gives an integer 0..100 in the band it names, with points summing to score − 50', () => {
    const days = fc.oneof(anyDays, scoredDays.map(({ tonight, baseline }) => [tonight, ...baseline]));
    fc.assert(
      fc.property(days, (list) => {
        const result = score(list);
        if (result.state === 'calibrating') expect(result.nights).toBeLessThan(4);
        if (result.state !== 'ready') return;
        expect(Number.isInteger(result.score) && result.score >= 0 && result.score <= 100).toBe(true);
        expect(result.band).toBe(readinessBand(result.score));
        for (const f of result.factors) expect(f.sub >= 0 && f.sub <= 100).toBe(true);
        // Each point is rounded to 0.1 and the score to 1: at most 5 × 0.05 + 0.5 apart.
        expect(Math.abs(result.factors.reduce((sum, f) => sum + f.points, 0) - (result.score - 50))).toBeLessThanOrEqual(0.75 + 1e-9);
      }),
    );
  });
});
