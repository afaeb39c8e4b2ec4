import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { highMedian, mean, median, sampleSd } from '@/lib/statistics';

// The shared statistics held to their definitions: worked examples, the edges each caller relies on (no
// values, a non-finite value, the caller's array left unsorted), and properties over any values. Whole
// numbers keep every sum exact, so a reordering may be compared with toBe.

const wholes = fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { minLength: 1, maxLength: 40 });
const reals = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 40 });
/** The values and a reordering of them. */
const shuffled = wholes.chain((values) => fc.shuffledSubarray(values, { minLength: values.length, maxLength: values.length }).map((order) => [values, order] as const));

describe('mean', () => {
  it('is the sum over the count', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(mean([-3.5])).toBe(-3.5);
    expect(mean(Float64Array.from([10, 20]))).toBe(15);
  });

  it('is null for no values or a non-finite one', () => {
    expect(mean([])).toBeNull();
    expect(mean([1, Number.NaN])).toBeNull();
    expect(mean([Infinity, 1])).toBeNull();
    expect(mean([-Infinity])).toBeNull();
  });

  it('does not change when the values are reordered', () => {
    fc.assert(fc.property(shuffled, ([values, order]) => expect(mean(order)).toBe(mean(values))));
  });

  it('lies between the least and the greatest value, and is the value itself for equal values', () => {
    fc.assert(
      fc.property(reals, (values) => {
        const m = mean(values)!;
        expect(m).toBeGreaterThanOrEqual(Math.min(...values) - 1e-9);
        expect(m).toBeLessThanOrEqual(Math.max(...values) + 1e-9);
      }),
    );
    fc.assert(fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 1, max: 30 }), (value, n) => expect(mean(Array(n).fill(value))).toBeCloseTo(value, 6)));
  });

  it('moves with the values: adding c to each adds c to the mean', () => {
    fc.assert(fc.property(wholes, fc.integer({ min: -1000, max: 1000 }), (values, c) => expect(mean(values.map((v) => v + c))!).toBeCloseTo(mean(values)! + c, 6)));
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([5, 5, 1, 9])).toBe(5);
    expect(median(Float64Array.from([0.5, -2, 8]))).toBe(0.5);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });

  it('leaves the caller’s values as they were', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('does not change when the values are reordered', () => {
    fc.assert(fc.property(shuffled, ([values, order]) => expect(median(order)).toBe(median(values))));
  });

  it('has at least half the values at or below it and at least half at or above it', () => {
    fc.assert(
      fc.property(reals, (values) => {
        const m = median(values);
        expect(values.filter((v) => v <= m).length * 2).toBeGreaterThanOrEqual(values.length);
        expect(values.filter((v) => v >= m).length * 2).toBeGreaterThanOrEqual(values.length);
      }),
    );
  });

  it('is one of the values for an odd count', () => {
    fc.assert(fc.property(reals.filter((values) => values.length % 2 === 1), (values) => expect(values).toContain(median(values))));
  });
});

describe('highMedian', () => {
  it('is the value at ⌊n/2⌋ once sorted: the higher middle one for an even count', () => {
    expect(highMedian([4, 1, 3, 2])).toBe(3);
    expect(highMedian([3, 1, 2])).toBe(2);
    expect(highMedian([9])).toBe(9);
    expect(highMedian([])).toBeNaN();
  });

  it('leaves the caller’s values as they were', () => {
    const values = [4, 1, 3, 2];
    highMedian(values);
    expect(values).toEqual([4, 1, 3, 2]);
  });

  it('does not change when the values are reordered', () => {
    fc.assert(fc.property(shuffled, ([values, order]) => expect(highMedian(order)).toBe(highMedian(values))));
  });

  it('is always one of the values, at least the median, and equal to it for an odd count', () => {
    fc.assert(
      fc.property(reals, (values) => {
        const high = highMedian(values);
        expect(values).toContain(high);
        expect(high).toBeGreaterThanOrEqual(median(values));
        if (values.length % 2 === 1) expect(high).toBe(median(values));
        // ⌊n/2⌋ values lie strictly below it at most, and more than ⌊n/2⌋ at or below it.
        expect(values.filter((v) => v < high).length).toBeLessThanOrEqual(values.length >> 1);
        expect(values.filter((v) => v <= high).length).toBeGreaterThan(values.length >> 1);
      }),
    );
  });
});

describe('sampleSd', () => {
  it('divides by n − 1', () => {
    // Mean 5; squared deviations 9, 1, 1, 1, 0, 0, 4, 16 sum to 32; 32 / 7.
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(sampleSd([1, 3])).toBeCloseTo(Math.SQRT2, 12);
  });

  it('is null for fewer than two values or a non-finite one, and 0 for equal values', () => {
    expect(sampleSd([])).toBeNull();
    expect(sampleSd([5])).toBeNull();
    expect(sampleSd([1, Number.NaN, 3])).toBeNull();
    expect(sampleSd([4, 4, 4])).toBe(0);
  });

  it('does not change when the values are reordered or moved by a constant, and scales with them', () => {
    fc.assert(
      fc.property(shuffled, fc.integer({ min: -1000, max: 1000 }), ([values, order], c) => {
        const sd = sampleSd(values);
        if (values.length < 2) return expect(sd).toBeNull();
        expect(sampleSd(order)).toBeCloseTo(sd!, 6);
        expect(sampleSd(values.map((v) => v + c))).toBeCloseTo(sd!, 6);
        expect(sampleSd(values.map((v) => v * 3))).toBeCloseTo(3 * sd!, 5);
      }),
    );
  });
});
