// A result against the lab's printed range, the same on /profile and /my_results.

export type RangedValue = { value: number; comparator: string | null; low: number | null; high: number | null };

/**
 * Low or High against the lab's range. A bound is flagged only when it settles it: "<5" is Low under a
 * range starting at 8.6, but says nothing against a range ending at 3.
 */
export function rangeFlag(v: RangedValue): 'Low' | 'High' | null {
  const below = v.comparator === '<' || v.comparator === '<=';
  const above = v.comparator === '>' || v.comparator === '>=';
  if (v.low !== null && (above ? false : below ? v.value <= v.low : v.value < v.low)) return 'Low';
  if (v.high !== null && (below ? false : above ? v.value >= v.high : v.value > v.high)) return 'High';
  return null;
}
