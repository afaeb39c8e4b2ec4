import { CanvasChart } from '@/components/charts/canvas-chart';
import type { DayValue, TAxis } from '@/components/charts/spec';
import { BOUND_WORDS, figure, scaleWord } from '@/components/charts/words';
import type { TestosteronePoint } from '@/lib/dashboard/contract';
import type { MeasureTrend } from '@/lib/insights/measure-trends';
import { chartDayLabel } from '@/lib/format';

// The dashboard's and /insights' charts: each one's figures (components/charts/spec.ts) and its text
// alternative with the same numbers. chart.js draws them in the charts' worker once the page has loaded and
// the chart nears the screen (components/charts/canvas-chart.tsx), so it is no part of the first load.

/**
 * The T-Results chart: `points`, `band` and `axis` already in the member's units (`unit`), so that the page
 * carries no unit catalogue (./cards/t-results-card.tsx converts them).
 */
export function TestosteroneChart({ points, band, axis, unit }: { points: TestosteronePoint[]; band: { from: number; to: number; lab: boolean }; axis: TAxis; unit: string }) {
  const label = `Total testosterone: ${points.map((p) => `${p.label} ${BOUND_WORDS[p.comparator ?? ''] ?? ''}${p.raw} ${unit}`).join(', ')}. ${band.lab ? 'Your lab’s range' : 'Typical range'} ${band.from} to ${band.to} ${unit}.`;
  return <CanvasChart spec={{ kind: 'testosterone', points, band, axis, unit }} label={label} />;
}

/** SPEC §9: heart-rate chart, value axis 0 to the highest value plus 20. */
export function HeartRateChart({ days }: { days: DayValue[] }) {
  return <CanvasChart spec={{ kind: 'heartRate', days }} label={`Heart rate by day: ${describe(days, 'bpm')}`} />;
}

/** SPEC §9: stress bars 14 px wide. */
export function StressChart({ days }: { days: DayValue[] }) {
  return <CanvasChart spec={{ kind: 'dayBars', days, unit: '', colour: '#d97706', barThickness: 14, max: 100 }} label={`Stress by day: ${describe(days, '')}`} />;
}

export function StepsChart({ days }: { days: DayValue[] }) {
  return <CanvasChart spec={{ kind: 'dayBars', days, unit: 'steps', colour: '#059679', barThickness: 18 }} label={`Steps by day: ${describe(days, 'steps')}`} />;
}

function describe(days: DayValue[], unit: string): string {
  return days.map((d) => `${d.label} ${d.value === null ? 'no data' : `${d.value.toLocaleString('en-GB')}${unit ? ` ${unit}` : ''}`}`).join(', ');
}

/**
 * One measure on /insights: its value each day of the range (a point, joined where days follow each other)
 * and, dashed, the fitted line its trend statement quotes, over the four weeks it was fitted to.
 */
export function TrendChart({ measure, days }: { measure: MeasureTrend; days: string[] }) {
  // With the year once the range crosses into another (the 1-year range always does).
  const shortDay = chartDayLabel(days);
  const { line, scale, band } = measure;
  const word = (value: number) => scaleWord(scale, value, measure.unit);
  const values = measure.points.map((p) => p.value);
  const label =
    `${measure.label}, ${days.length} days: ${measure.points.length} with a value` +
    (values.length ? `, from ${word(Math.min(...values))} to ${word(Math.max(...values))}; latest ${word(values.at(-1)!)} on ${shortDay(measure.points.at(-1)!.day)}` : '') +
    (line ? `. Fitted line over the last 4 weeks: ${figure(line.start, measure.unit)} to ${figure(line.end, measure.unit)}.` : '.') +
    (band ? ` Your usual range, shaded: ${figure(band.low, measure.unit)} to ${figure(band.high, measure.unit)}.` : '');
  return <CanvasChart spec={{ kind: 'trend', measure, days }} label={label} />;
}
