'use client';

// chart.js and its React wrapper, registered once. Loaded lazily (lazy-charts.tsx), so the dashboard's
// first paint does not wait for them. Each canvas carries a text alternative with the same numbers.

import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { TestosteronePoint } from '@/lib/dashboard/contract';
import type { MeasureTrend } from '@/lib/insights/measure-trends';
import { chartDayLabel } from '@/lib/format';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Filler, Tooltip);

const BRAND = '#059679';
const BRAND_SOFT = 'rgba(16, 185, 148, 0.12)';
const GRID = '#eef2f2';
const TICKS = '#4d5c5c';
const FONT = { family: 'Inter, ui-sans-serif, system-ui, sans-serif', size: 12 };

/** Shades a range behind the line: the lab's, or SPEC's 400..800 band where the lab printed none. */
const bandPlugin = (band: { from: number; to: number }, axis: TAxis): Plugin<'line'> => ({
  id: 'normalBand',
  beforeDatasetsDraw(chart) {
    const { ctx, chartArea, scales } = chart;
    const y = scales.y;
    if (!y) return;
    const top = y.getPixelForValue(Math.min(band.to, axis.max));
    const bottom = y.getPixelForValue(Math.max(band.from, axis.min));
    ctx.save();
    ctx.fillStyle = BRAND_SOFT;
    ctx.fillRect(chartArea.left, top, chartArea.right - chartArea.left, bottom - top);
    ctx.restore();
  },
});

const baseScales = {
  x: { grid: { display: false }, ticks: { color: TICKS, font: FONT }, border: { display: false } },
} as const;

/** How a bound reads in the chart's tooltip and text alternative. */
const BOUND_WORDS: Readonly<Record<string, string>> = { '<': 'below ', '<=': 'at most ', '>': 'above ', '>=': 'at least ' };

/** The T-Results axis in the member's units (./t-band.ts, tAxis). */
type TAxis = { min: number; max: number; step: number };

/**
 * The T-Results chart: `points`, `band` and `axis` already in the member's units (`unit`), so that this
 * client bundle carries no unit catalogue (./cards/t-results-card.tsx converts them).
 */
export function TestosteroneChart({ points, band, axis, unit }: { points: TestosteronePoint[]; band: { from: number; to: number; lab: boolean }; axis: TAxis; unit: string }) {
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: { legend: { display: false }, tooltip: { filter: (item) => item.datasetIndex < 2, callbacks: { label: (item) => `${BOUND_WORDS[points[item.dataIndex]?.comparator ?? ''] ?? ''}${item.formattedValue} ${unit}` } } },
    scales: {
      ...baseScales,
      y: { min: axis.min, max: axis.max, ticks: { stepSize: axis.step, color: TICKS, font: FONT }, grid: { color: GRID }, border: { display: false } },
    },
  };
  return (
    <Line
      role="img"
      aria-label={`Total testosterone: ${points.map((p) => `${p.label} ${BOUND_WORDS[p.comparator ?? ''] ?? ''}${p.raw} ${unit}`).join(', ')}. ${band.lab ? 'Your lab’s range' : 'Typical range'} ${band.from} to ${band.to} ${unit}.`}
      options={options}
      plugins={[bandPlugin(band, axis)]}
      data={{
        labels: points.map((p) => p.label),
        datasets: [
          {
            data: points.map((p) => p.raw),
            borderColor: BRAND,
            backgroundColor: BRAND,
            pointRadius: points.map((p) => (p.highlight ? 6 : 4)),
            // A bound ("< 17 ng/dL") is a triangle pointing the way the true value lies, never a round, exact point.
            pointStyle: points.map((p) => (p.comparator ? 'triangle' : 'circle')),
            pointRotation: points.map((p) => (p.comparator === '<' || p.comparator === '<=' ? 180 : 0)),
            pointBackgroundColor: points.map((p) => (p.highlight ? BRAND : '#ffffff')),
            pointBorderWidth: 2,
            tension: 0.3,
          },
        ],
      }}
    />
  );
}

type DayValue = { label: string; value: number | null };

/** SPEC §9: heart-rate chart, value axis 0 to the highest value plus 20. */
export function HeartRateChart({ days }: { days: DayValue[] }) {
  const highest = Math.max(0, ...days.map((d) => d.value ?? 0));
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    spanGaps: true,
    plugins: { legend: { display: false }, tooltip: { filter: (item) => item.datasetIndex < 2, callbacks: { label: (item) => `${item.formattedValue} bpm` } } },
    scales: { ...baseScales, y: { min: 0, max: highest + 20, ticks: { color: TICKS, font: FONT, maxTicksLimit: 4 }, grid: { color: GRID }, border: { display: false } } },
  };
  return (
    <Line
      role="img"
      aria-label={`Heart rate by day: ${describe(days, 'bpm')}`}
      options={options}
      data={{
        labels: days.map((d) => d.label),
        datasets: [{ data: days.map((d) => d.value), borderColor: '#dc2626', backgroundColor: '#dc2626', pointRadius: 3, tension: 0.35 }],
      }}
    />
  );
}

/** SPEC §9: stress bars 14 px wide. */
export function StressChart({ days }: { days: DayValue[] }) {
  return <DayBars days={days} unit="" name="Stress by day" colour="#d97706" barThickness={14} max={100} />;
}

export function StepsChart({ days }: { days: DayValue[] }) {
  return <DayBars days={days} unit="steps" name="Steps by day" colour={BRAND} barThickness={18} />;
}

function DayBars({ days, unit, name, colour, barThickness, max }: { days: DayValue[]; unit: string; name: string; colour: string; barThickness: number; max?: number }) {
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: { legend: { display: false }, tooltip: { filter: (item) => item.datasetIndex < 2, callbacks: { label: (item) => `${item.formattedValue}${unit ? ` ${unit}` : ''}` } } },
    scales: { ...baseScales, y: { display: false, min: 0, max } },
  };
  return (
    <Bar
      role="img"
      aria-label={`${name}: ${describe(days, unit)}`}
      options={options}
      data={{ labels: days.map((d) => d.label), datasets: [{ data: days.map((d) => d.value), backgroundColor: colour, borderRadius: 4, barThickness }] }}
    />
  );
}

function describe(days: DayValue[], unit: string): string {
  return days.map((d) => `${d.label} ${d.value === null ? 'no data' : `${d.value.toLocaleString('en-GB')}${unit ? ` ${unit}` : ''}`}`).join(', ');
}

const figure = (value: number, unit: string) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })}${unit ? ` ${unit}` : ''}`;

/**
 * One measure on /insights: its value each day of the range (a point, joined where days follow each other)
 * and, dashed, the fitted line its trend statement quotes, over the four weeks it was fitted to.
 */
export function TrendChart({ measure, days }: { measure: MeasureTrend; days: string[] }) {
  // With the year once the range crosses into another (the 1-year range always does).
  const shortDay = chartDayLabel(days);
  const at = new Map(measure.points.map((p) => [p.day, p.value]));
  const { line, scale, band } = measure;
  const span = line ? (Date.parse(line.last) - Date.parse(line.first)) / 86_400_000 : 0;
  const fitted = days.map((day) => {
    if (!line || day < line.first || day > line.last) return null;
    const x = (Date.parse(day) - Date.parse(line.first)) / 86_400_000;
    return span ? line.start + ((line.end - line.start) * x) / span : line.start;
  });
  const word = (value: number) => (scale ? (scale[Math.round(value)] ?? figure(value, '')) : figure(value, measure.unit));
  const values = measure.points.map((p) => p.value);
  const summary =
    `${measure.label}, ${days.length} days: ${measure.points.length} with a value` +
    (values.length ? `, from ${word(Math.min(...values))} to ${word(Math.max(...values))}; latest ${word(values.at(-1)!)} on ${shortDay(measure.points.at(-1)!.day)}` : '') +
    (line ? `. Fitted line over the last 4 weeks: ${figure(line.start, measure.unit)} to ${figure(line.end, measure.unit)}.` : '.') +
    (band ? ` Your usual range, shaded: ${figure(band.low, measure.unit)} to ${figure(band.high, measure.unit)}.` : '');
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: { legend: { display: false }, tooltip: { filter: (item) => item.datasetIndex < 2, callbacks: { label: (item) => (item.datasetIndex === 1 ? `Trend ${figure(item.parsed.y ?? 0, measure.unit)}` : word(item.parsed.y ?? 0)) } } },
    scales: {
      x: { grid: { display: false }, ticks: { color: TICKS, font: FONT, maxTicksLimit: 6, maxRotation: 0 }, border: { display: false } },
      y: {
        grid: { color: GRID },
        border: { display: false },
        ...(scale ? { min: 0, max: scale.length - 1, ticks: { stepSize: 1, color: TICKS, font: FONT, callback: (value) => scale[Number(value)] ?? '' } } : { ticks: { color: TICKS, font: FONT, maxTicksLimit: 4 } }),
      },
    },
  };
  return (
    <Line
      role="img"
      aria-label={summary}
      options={options}
      data={{
        labels: days.map(shortDay),
        datasets: [
          {
            data: days.map((day) => at.get(day) ?? null),
            borderColor: BRAND,
            backgroundColor: BRAND,
            borderWidth: 1.5,
            pointRadius: days.length > 120 ? 1.5 : 2.5,
            showLine: measure.key !== 'testosterone',
            spanGaps: false,
            tension: 0.25,
          },
          { data: fitted, borderColor: '#1f2a2a', borderDash: [6, 4], borderWidth: 2, pointRadius: 0, spanGaps: false },
          // The member's usual band (10th–90th percentile of the 30 days before today), shaded behind the days.
          ...(band
            ? [
                { data: days.map(() => band.low), borderColor: 'transparent', pointRadius: 0, fill: false },
                { data: days.map(() => band.high), borderColor: 'transparent', backgroundColor: 'rgba(15, 118, 110, 0.12)', pointRadius: 0, fill: '-1' as const },
              ]
            : []),
        ],
      }}
    />
  );
}
