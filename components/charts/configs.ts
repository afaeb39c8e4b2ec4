import type { ChartConfiguration, ChartDataset, ChartOptions, Plugin } from 'chart.js';
import { PERIOD_COLOURS } from '@/components/experiments/period-colours';
import type { Period } from '@/lib/experiments/analysis';
import { figureText } from '@/lib/experiments/figure-text';
import { PERIOD_LABELS } from '@/lib/experiments/progress-words';
import { chartDayLabel } from '@/lib/format';
import type { ChartSpec, DayValue, ExperimentChartAnswer, TAxis } from './spec';
import { BOUND_WORDS, figure, scaleWord } from './words';

// chart.js's configuration of each chart, built from its plain figures (./spec.ts). Run in the chart worker
// (./chart.worker.ts), or on the page where a browser has no canvas for workers (./draw.ts).

const BRAND = '#059679';
const BRAND_SOFT = 'rgba(16, 185, 148, 0.12)';
const GRID = '#eef2f2';
const TICKS = '#4d5c5c';
const FONT = { family: 'Inter, ui-sans-serif, system-ui, sans-serif', size: 12 };

type AnyConfig = ChartConfiguration<'line', (number | null)[], string> | ChartConfiguration<'bar', (number | null)[], string>;

const base = {
  // The worker sizes the canvas itself (chart.resize); a page without workers lets chart.js follow its box.
  responsive: false,
  maintainAspectRatio: false,
  animation: false,
} as const;

const dayAxis = { grid: { display: false }, ticks: { color: TICKS, font: FONT }, border: { display: false } } as const;

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

function testosterone({ points, band, axis, unit }: Extract<ChartSpec, { kind: 'testosterone' }>): AnyConfig {
  const options: ChartOptions<'line'> = {
    ...base,
    plugins: { legend: { display: false }, tooltip: { filter: (item) => item.datasetIndex < 2, callbacks: { label: (item) => `${BOUND_WORDS[points[item.dataIndex]?.comparator ?? ''] ?? ''}${item.formattedValue} ${unit}` } } },
    scales: { x: dayAxis, y: { min: axis.min, max: axis.max, ticks: { stepSize: axis.step, color: TICKS, font: FONT }, grid: { color: GRID }, border: { display: false } } },
  };
  return {
    type: 'line',
    options,
    plugins: [bandPlugin(band, axis)],
    data: {
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
    },
  };
}

function heartRate({ days }: { days: DayValue[] }): AnyConfig {
  const highest = Math.max(0, ...days.map((d) => d.value ?? 0));
  return {
    type: 'line',
    options: {
      ...base,
      spanGaps: true,
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => `${item.formattedValue} bpm` } } },
      scales: { x: dayAxis, y: { min: 0, max: highest + 20, ticks: { color: TICKS, font: FONT, maxTicksLimit: 4 }, grid: { color: GRID }, border: { display: false } } },
    },
    data: {
      labels: days.map((d) => d.label),
      datasets: [{ data: days.map((d) => d.value), borderColor: '#dc2626', backgroundColor: '#dc2626', pointRadius: 3, tension: 0.35 }],
    },
  };
}

function dayBars({ days, unit, colour, barThickness, max }: Extract<ChartSpec, { kind: 'dayBars' }>): AnyConfig {
  return {
    type: 'bar',
    options: {
      ...base,
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => `${item.formattedValue}${unit ? ` ${unit}` : ''}` } } },
      scales: { x: dayAxis, y: { display: false, min: 0, ...(max === undefined ? {} : { max }) } },
    },
    data: { labels: days.map((d) => d.label), datasets: [{ data: days.map((d) => d.value), backgroundColor: colour, borderRadius: 4, barThickness }] },
  };
}

/** A worded scale's axis (mood, energy), else a plain one. */
const valueAxis = (scale: readonly string[] | null | undefined, ticks: number): NonNullable<ChartOptions<'line'>['scales']>['y'] => ({
  grid: { color: GRID },
  border: { display: false },
  ...(scale ? { min: 0, max: scale.length - 1, ticks: { stepSize: 1, color: TICKS, font: FONT, callback: (value) => scale[Number(value)] ?? '' } } : { ticks: { color: TICKS, font: FONT, maxTicksLimit: ticks } }),
});

const thinDayAxis = { grid: { display: false }, ticks: { color: TICKS, font: FONT, maxTicksLimit: 6, maxRotation: 0 }, border: { display: false } } as const;

/**
 * One measure on /insights: its value each day of the range (a point, joined where days follow each other)
 * and, dashed, the fitted line its trend statement quotes, over the four weeks it was fitted to.
 */
function trend({ measure, days }: Extract<ChartSpec, { kind: 'trend' }>): AnyConfig {
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
  return {
    type: 'line',
    options: {
      ...base,
      plugins: {
        legend: { display: false },
        tooltip: { filter: (item) => item.datasetIndex < 2, callbacks: { label: (item) => (item.datasetIndex === 1 ? `Trend ${figure(item.parsed.y ?? 0, measure.unit)}` : scaleWord(scale, item.parsed.y ?? 0, measure.unit)) } },
      },
      scales: { x: thinDayAxis, y: valueAxis(scale, 4) },
    },
    data: {
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
    },
  };
}

/**
 * One outcome of an experiment, day by day: each day's value in its period's colour (a flagged day hollow),
 * and each period's mean as a line over its days with its 90 % interval shaded.
 */
function experiment({ answer }: { answer: ExperimentChartAnswer }): AnyConfig {
  const { days, periods, scale } = answer;
  const shortDay = chartDayLabel(days.map((d) => d.day));
  const order: Period[] = ['baseline', 'change', 'return'];
  const present = order.filter((period) => days.some((d) => d.period === period));
  const points: ChartDataset<'line', (number | null)[]>[] = present.map((period) => {
    const { line } = PERIOD_COLOURS[period];
    return {
      label: PERIOD_LABELS[period],
      data: days.map((d) => (d.period === period ? d.value : null)),
      showLine: false,
      borderColor: line,
      backgroundColor: line,
      pointBorderColor: line,
      // A flagged day is kept and drawn hollow, never hidden.
      pointBackgroundColor: days.map((d) => (d.flags.length ? '#ffffff' : line)),
      pointBorderWidth: days.map((d) => (d.flags.length ? 2 : 1)),
      pointRadius: days.length > 90 ? 2.5 : 3.5,
    };
  });
  const within = (from: string, to: string, value: number) => days.map((d) => (d.day >= from && d.day <= to ? value : null));
  const means: ChartDataset<'line', (number | null)[]>[] = periods.flatMap((p) =>
    p.mean === null ? [] : [{ label: `${PERIOD_LABELS[p.period]} mean`, data: within(p.from, p.to, p.mean), borderColor: PERIOD_COLOURS[p.period].line, borderWidth: 2, pointRadius: 0 }],
  );
  // Each band is its low edge, then its high edge filled down to it (an absolute dataset index).
  const bands: ChartDataset<'line', (number | null)[]>[] = periods.flatMap((p) => {
    if (!p.interval) return [];
    const low = points.length + means.length + 2 * periods.slice(0, periods.indexOf(p)).filter((q) => q.interval).length;
    return [
      { label: 'low', data: within(p.from, p.to, p.interval[0]), borderColor: 'transparent', pointRadius: 0, fill: false },
      { label: 'high', data: within(p.from, p.to, p.interval[1]), borderColor: 'transparent', backgroundColor: PERIOD_COLOURS[p.period].band, pointRadius: 0, fill: low },
    ];
  });
  return {
    type: 'line',
    options: {
      ...base,
      plugins: {
        legend: { display: false },
        tooltip: {
          filter: (item) => item.datasetIndex < points.length,
          callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${figureText(answer, item.parsed.y ?? 0)}${days[item.dataIndex]?.flags.length ? ' (flagged)' : ''}` },
        },
      },
      scales: { x: thinDayAxis, y: valueAxis(scale, 5) },
    },
    data: { labels: days.map((d) => shortDay(d.day)), datasets: [...points, ...means, ...bands] },
  };
}

/** chart.js's configuration for `spec`, its size and pixel ratio left to whoever draws it. */
export function chartConfig(spec: ChartSpec): AnyConfig {
  switch (spec.kind) {
    case 'testosterone':
      return testosterone(spec);
    case 'heartRate':
      return heartRate(spec);
    case 'dayBars':
      return dayBars(spec);
    case 'trend':
      return trend(spec);
    case 'experiment':
      return experiment(spec);
  }
}
