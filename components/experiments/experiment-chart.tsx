import { CanvasChart } from '@/components/charts/canvas-chart';
import type { ExperimentChartAnswer } from '@/components/charts/spec';
import { figureText, intervalText } from '@/lib/experiments/figure-text';
import { FLAG_LABELS, PERIOD_LABELS } from '@/lib/experiments/progress-words';
import { chartDayLabel } from '@/lib/format';

// One outcome of an experiment, day by day: each day's value in its period's colour (a flagged day hollow),
// and each period's mean as a line over its days with its 90 % interval shaded (components/charts/configs.ts),
// drawn in the charts' worker once it nears the screen. The canvas carries a text alternative with the same numbers.

export type ExperimentChartProps = { answer: ExperimentChartAnswer };

/** The chart's text alternative: each period's mean and interval, then every day's value and flags. */
function describe({ label, days, periods, ...outcome }: ExperimentChartAnswer, day: (d: string) => string): string {
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
  return <CanvasChart spec={{ kind: 'experiment', answer }} label={describe(answer, chartDayLabel(answer.days.map((d) => d.day)))} />;
}
