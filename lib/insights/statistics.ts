// The few statistics the Insights patterns are built on, written out so a reader can check each one by
// hand. Pure and browser-safe. Every function answers null rather than a number it cannot stand behind:
// too few points, no spread, or a NaN/Infinity among the inputs.

import { mean } from '@/lib/statistics';

// The mean is the shared one (lib/statistics.ts: null for no values or a non-finite one), exported here beside the rest.
export { mean };

export type Point = { x: number; y: number };
export type Line = { slope: number; intercept: number; n: number };

const allFinite = (values: readonly number[]): boolean => values.every((v) => Number.isFinite(v));

/**
 * The ordinary least-squares line y = intercept + slope × x through `points`, or null when fewer than
 * two distinct x values (no line is defined) or a coordinate is not finite.
 * slope = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)²; intercept = ȳ − slope × x̄. Centring first keeps it exact on round data.
 */
export function leastSquaresSlope(points: readonly Point[]): Line | null {
  const xMean = mean(points.map((p) => p.x));
  const yMean = mean(points.map((p) => p.y));
  if (xMean === null || yMean === null) return null;
  let sxx = 0;
  let sxy = 0;
  for (const { x, y } of points) {
    sxx += (x - xMean) ** 2;
    sxy += (x - xMean) * (y - yMean);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: yMean - slope * xMean, n: points.length };
}

/** Ranks from 1 (smallest), tied values sharing the average of the ranks they span: [10, 20, 20, 30] → [1, 2.5, 2.5, 4]. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value || a.index - b.index);
  const ranks = new Array<number>(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
    const rank = (start + end) / 2 + 1; // positions start..end hold ranks start+1..end+1
    for (let i = start; i <= end; i += 1) ranks[order[i]!.index] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Pearson's correlation of two equally long series, or null when either has no spread or a value is not finite. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new RangeError(`pearson needs series of one length, got ${xs.length} and ${ys.length}`);
  const xMean = mean(xs);
  const yMean = mean(ys);
  if (xMean === null || yMean === null) return null;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  xs.forEach((x, i) => {
    const dx = x - xMean;
    const dy = ys[i]! - yMean;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  });
  if (sxx === 0 || syy === 0) return null;
  // Rounding can push a perfect correlation a hair past ±1.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** Fewer pairs than this and a rank correlation says nothing: with two points it is always ±1. */
export const SPEARMAN_MIN_PAIRS = 3;

/**
 * Spearman's rank correlation: Pearson's correlation of the average ranks (ties share their mean rank),
 * so it measures whether y tends to rise with x, whatever the shape. Null with fewer than 3 pairs, when
 * either side is constant, or when a value is not finite.
 */
export function spearman(pairs: readonly (readonly [number, number])[]): number | null {
  if (pairs.length < SPEARMAN_MIN_PAIRS || !allFinite(pairs.flat())) return null;
  return pearson(
    averageRanks(pairs.map(([x]) => x)),
    averageRanks(pairs.map(([, y]) => y)),
  );
}

/** (current − previous) / previous, or null when previous is not positive or either is not finite. */
export function relativeChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous <= 0) return null;
  return (current - previous) / previous;
}

/**
 * `value` to the nearest multiple of `step` (1, 100, 0.1 …), halves away from zero, never −0.
 * A fractional step divides by its whole inverse, so 0.1 gives 83.1 and not 83.10000000000001.
 */
export function roundToStep(value: number, step: number): number {
  if (!(step > 0)) throw new RangeError(`roundToStep needs a positive step, got ${step}`);
  const sign = value < 0 ? -1 : 1;
  const magnitude = Math.abs(value);
  const rounded = step < 1 ? Math.round(magnitude * Math.round(1 / step)) / Math.round(1 / step) : Math.round(magnitude / step) * step;
  return sign * rounded || 0;
}
