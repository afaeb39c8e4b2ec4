// The T-Results chart's axis and shaded band, apart from the chart itself so that the card's legend can
// name the band without loading Chart.js (the chart is drawn in the charts' worker after first paint: components/charts/canvas-chart.tsx).
import { type LabUnitSystem, testosteroneFigure } from '@/lib/labs/lab-units';

// SPEC §9: T-Results y-axis 100..1300 ng/dL with a shaded 400..800 band.
export const T_AXIS = { min: 100, max: 1300 } as const;
export const T_BAND = { from: 400, to: 800 } as const;
/** The same axis for a member who reads nmol/L: 5..45 nmol/L is 144..1298 ng/dL, on round ticks. */
const T_AXIS_SI = { min: 5, max: 45, step: 10 } as const;

/** The chart's axis in the member's units: SPEC's in ng/dL, its equivalent on round ticks in nmol/L. */
export const tAxis = (system: LabUnitSystem) => (system === 'si' ? T_AXIS_SI : { ...T_AXIS, step: 300 });

/**
 * The band the chart shades and names, in the member's units: the lab's range (`labRange`, already in
 * them; one-sided ones reach the axis's end), or SPEC's typical 400–800 ng/dL where the lab printed none.
 */
export function tBand(labRange: { low: number | null; high: number | null } | undefined, system: LabUnitSystem): { from: number; to: number; lab: boolean } {
  const axis = tAxis(system);
  if (!labRange || (labRange.low === null && labRange.high === null)) {
    return { from: testosteroneFigure(T_BAND.from, system).value, to: testosteroneFigure(T_BAND.to, system).value, lab: false };
  }
  return { from: labRange.low ?? axis.min, to: labRange.high ?? axis.max, lab: true };
}
