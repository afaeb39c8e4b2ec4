import { describe, expect, it } from '@jest/globals';
import { cardioAge, normForAge, VO2_NORMS_MEN, vo2Category } from '@/lib/dashboard/vo2-norms';

describe('FRIEND norms (men, treadmill)', () => {
  it('holds the six decades with the medians the paper’s abstract gives at both ends', () => {
    expect(VO2_NORMS_MEN.map((n) => `${n.fromAge}-${n.toAge}`)).toEqual(['20-29', '30-39', '40-49', '50-59', '60-69', '70-79']);
    expect(VO2_NORMS_MEN[0]!.p50).toBe(48.0);
    expect(VO2_NORMS_MEN[5]!.p50).toBe(24.4);
    for (const n of VO2_NORMS_MEN) expect([n.p20, n.p40, n.p50, n.p60, n.p80]).toEqual([...[n.p20, n.p40, n.p50, n.p60, n.p80]].sort((a, b) => a - b));
  });

  it.each([
    [17, 20],
    [20, 20],
    [29, 20],
    [30, 30],
    [49, 40],
    [79, 70],
    [85, 70],
  ])('age %p reads the decade from %p', (age, fromAge) => {
    expect(normForAge(age).fromAge).toBe(fromAge);
  });
});

describe('vo2Category', () => {
  it.each([
    // 45-year-old: 30.5 / 35.9 / 40.3 / 46.7
    [46.7, 45, 'Excellent'],
    [46.6, 45, 'Good'],
    [40.3, 45, 'Good'],
    [40.2, 45, 'Fair'],
    [35.9, 45, 'Fair'],
    [35.8, 45, 'Poor'],
    [30.5, 45, 'Poor'],
    [30.4, 45, 'Very poor'],
    // the same 40.0 reads differently by age
    [40.0, 25, 'Poor'],
    [40.0, 55, 'Good'],
    [40.0, 72, 'Excellent'],
    [37.9, 18, 'Very poor'],
    [31.4, 84, 'Excellent'],
  ])('%p ml/kg/min at %p is %p', (vo2, age, category) => {
    expect(vo2Category(vo2, age)).toBe(category);
  });
});

describe('cardioAge', () => {
  it.each([
    [48.0, 25], // a median is its decade's midpoint
    [42.4, 35],
    [24.4, 75],
    [40.0, 40], // 35 + 2.4 / 4.6 × 10 = 40.2
    [35.0, 50], // 45 + 2.8 / 5.2 × 10 = 50.4
    [30.4, 60], // 55 + 2.2 / 4.4 × 10 = 60
    [52.0, 20], // 25 − 4 / 0.56 = 17.9, clamped
    [22.0, 81], // 75 + 2.4 / 0.38 = 81.3
    [10.0, 90], // 75 + 14.4 / 0.38 = 112.9, clamped
  ])('%p ml/kg/min is the median at %p', (vo2, age) => {
    expect(cardioAge(vo2)).toBe(age);
  });
});
