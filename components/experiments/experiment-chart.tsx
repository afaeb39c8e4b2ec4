'use client';

// One outcome of an experiment, day by day: each day's value in its period's colour (a flagged day hollow),
// and each period's mean as a line over its days with its 90 % interval shaded. Loaded lazily
// (./lazy-experiment-chart.tsx); the canvas carries a text alternative with the same numbers.

import { CategoryScale, Chart as ChartJS, Filler, LinearScale, LineElement, PointElement, Tooltip, type ChartDataset, type ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { Period } from '@/lib/experiments/analysis';
import type { ExperimentOutcomeAnswer } from '@/lib/experiments/contract';
import { figureText, intervalText } from '@/lib/experiments/figure-text';
import { FLAG_LABELS, PERIOD_LABELS } from '@/lib/experiments/progress-words';
import { chartDayLabel } from '@/lib/format';
import { PERIOD_COLOURS } from './period-colours';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

const GRID = '#eef2f2';
const TICKS = '#4d5c5c';
const FONT = { family: 'Inter, ui-sans-serif, system-ui, sans-serif', size: 12 };

export type ExperimentChartProps = { answer: Pick<ExperimentOutcomeAnswer, 'label' | 'unit' | 'decimals' | 'scale' | 'days' | 'periods'> };

/** The chart's text alternative: each period's mean and interval, then every day's value and flags. */
function describe({ label, days, periods, ...outcome }: ExperimentChartProps['answer'], day: (d: string) => string): string {
  const summary = periods.map(
    (p) =>
      `${PERIOD_LABELS[p.period]}, ${day(p.from)} to ${day(p.to)}: ` +
      (p.mean === null ? 'no values' : `mean ${figureText(outcome, p.mean)}${p.interval ? ` (90 % interval ${intervalText(outcome, p.interval)})` : ''}, ${p.observed} days with a value`),
  );
  const each = days.map(
    (d) => `${day(d.day)} ${d.value === null ? 'no value' : figureText(outcome, d.value)}${d.flags.length ? ` (flagged: ${d.flags.map((f) => FLAG_LABELS[f].toLowerCase()).join(', ')})` : ''}`,
  );
  return `${label} by day. ${summary.join('. ')}. Days: ${each.join(', ')}.`;
}

export function ExperimentChart({ answer }: ExperimentChartProps) {
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

  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        filter: (item) => item.datasetIndex < points.length,
        callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${figureText(answer, item.parsed.y ?? 0)}${days[item.dataIndex]?.flags.length ? ' (flagged)' : ''}` },
      },
    },
    scales: {
      x: { grid: { display: false }, ticks: { color: TICKS, font: FONT, maxTicksLimit: 6, maxRotation: 0 }, border: { display: false } },
      y: {
        grid: { color: GRID },
        border: { display: false },
        ...(scale ? { min: 0, max: scale.length - 1, ticks: { stepSize: 1, color: TICKS, font: FONT, callback: (value) => scale[Number(value)] ?? '' } } : { ticks: { color: TICKS, font: FONT, maxTicksLimit: 5 } }),
      },
    },
  };
  return (
    <Line
      role="img"
      aria-label={describe(answer, shortDay)}
      options={options}
      data={{ labels: days.map((d) => shortDay(d.day)), datasets: [...points, ...means, ...bands] }}
    />
  );
}
