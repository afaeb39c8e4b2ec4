// The mean, medians and spread that the scores, the camera scan, the imports and Insights share: one
// definition of each, so "the median" means one thing everywhere. Pure and browser-safe (the scan
// engine's worker imports it). No statistics library is kept for four short formulas, so each is
// written out here once, and tests/unit/statistics.test.ts holds it to its definition.
//
// The mean answers null where it has no answer, which its callers test for; the medians answer NaN, which
// a comparison such as `spread > 0` in the scan engine's callers treats as no answer without a check.

const allFinite = (values: ArrayLike<number>): boolean => Array.prototype.every.call(values, (v: number) => Number.isFinite(v));

/** The values in ascending order, in a new array (the caller's values are left as they were). */
const sortedCopy = (values: ArrayLike<number>): number[] => Array.from(values).sort((a, b) => a - b);

/** The arithmetic mean, or null for no values or a non-finite one. */
export function mean(values: ArrayLike<number>): number | null {
  if (values.length === 0 || !allFinite(values)) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i]!;
  return sum / values.length;
}

/** The median: the middle value, or the mean of the two middle ones for an even count; NaN for none. */
export function median(values: ArrayLike<number>): number {
  const sorted = sortedCopy(values);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The high median: the value at ⌊n/2⌋ once sorted, so for an even count the higher of the two middle
 * ones. Always one of the values (Python's statistics.median_high); NaN for none.
 */
export function highMedian(values: ArrayLike<number>): number {
  const sorted = sortedCopy(values);
  return sorted.length === 0 ? Number.NaN : sorted[sorted.length >> 1]!;
}

/** The sample standard deviation, √(Σ(x − x̄)² / (n − 1)); null for fewer than two values or a non-finite one. */
export function sampleSd(values: ArrayLike<number>): number | null {
  const centre = mean(values);
  if (centre === null || values.length < 2) return null;
  let squares = 0;
  for (let i = 0; i < values.length; i += 1) squares += (values[i]! - centre) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}
