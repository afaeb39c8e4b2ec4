// The T-Results chart's axis and shaded band, apart from the chart itself so that the card's legend can
// name the band without loading Chart.js (the chart is loaded after first paint: ./lazy-charts.tsx).

// SPEC §9: T-Results y-axis 100..1300 ng/dL with a shaded 400..800 band.
export const T_AXIS = { min: 100, max: 1300 } as const;
export const T_BAND = { from: 400, to: 800 } as const;

/** The band the chart shades and names: the lab's range (one-sided ones reach the axis's end), or SPEC's. */
export function tBand(labRange?: { low: number | null; high: number | null }): { from: number; to: number; lab: boolean } {
  if (!labRange || (labRange.low === null && labRange.high === null)) return { ...T_BAND, lab: false };
  return { from: labRange.low ?? T_AXIS.min, to: labRange.high ?? T_AXIS.max, lab: true };
}
