import { Provenance } from '@/components/dashboard/primitives';
import { cx } from '@/components/ui/cx';
import type { ExperimentOutcomeAnswer } from '@/lib/experiments/contract';
import { figureText, intervalText } from '@/lib/experiments/figure-text';
import { PERIOD_LABELS } from '@/lib/experiments/progress-words';
import { formatDateGB } from '@/lib/format';
import { ExperimentChart } from './experiment-chart';
import { PERIOD_COLOURS } from './period-colours';

// One outcome's answer: its sentence, its chart with a legend in words, and each period's mean and interval
// as text. The primary outcome's sentence is the page's answer; an exploratory one is labelled so.

function Legend({ answer }: { answer: ExperimentOutcomeAnswer }) {
  // The periods drawn so far: a return period still to come has no place on the chart yet.
  const periods = answer.periods.map((p) => p.period).filter((period) => answer.days.some((d) => d.period === period));
  return (
    <ul aria-label={`Legend for ${answer.label}`} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-700">
      {periods.map((period) => (
        <li key={period} className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: PERIOD_COLOURS[period].line }} />
          {PERIOD_LABELS[period]}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="size-2.5 rounded-full border-2 border-neutral-500 bg-white" />
        Flagged day (hollow)
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="h-0.5 w-4 bg-neutral-500" />
        Period mean, its 90 % interval shaded
      </li>
    </ul>
  );
}

function PeriodFigures({ answer }: { answer: ExperimentOutcomeAnswer }) {
  return (
    <ul aria-label={`${answer.label} by period`} className="flex flex-col gap-1 text-sm text-neutral-800">
      {answer.periods.map((p) => (
        <li key={p.period}>
          <span className="font-medium">{PERIOD_LABELS[p.period]}</span>
          <span className="text-neutral-600 tabular-nums">
            {' '}
            ({formatDateGB(p.from)} – {formatDateGB(p.to)})
          </span>
          :{' '}
          {p.mean === null
            ? answer.final
              ? 'no values'
              : 'no values yet'
            : `mean ${figureText(answer, p.mean)}${p.interval ? `, 90 % interval ${intervalText(answer, p.interval)}` : ''}; ${p.observed} ${p.observed === 1 ? 'day' : 'days'} with a value`}
        </li>
      ))}
    </ul>
  );
}

export function OutcomeAnswer({ answer }: { answer: ExperimentOutcomeAnswer }) {
  const headingId = `outcome-${answer.outcome}`;
  const hasValues = answer.days.some((d) => d.value !== null);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid={`outcome-${answer.outcome}`}>
      <h3 id={headingId} className="text-sm font-semibold text-neutral-900">
        {answer.exploratory ? 'Exploratory' : 'Primary outcome'}: {answer.label}
        {answer.unit ? <span className="font-normal text-neutral-600"> ({answer.unit})</span> : null}
      </h3>
      <p className={cx(answer.exploratory ? 'text-base text-neutral-900' : 'text-xl font-semibold tracking-tight text-neutral-950')} data-testid={`sentence-${answer.outcome}`}>
        {answer.sentence}
      </p>
      {answer.exploratory ? <p className="text-xs text-neutral-600">Exploratory: shown for interest, not what this experiment is judged by.</p> : null}
      {hasValues ? (
        <>
          <Legend answer={answer} />
          <div className="h-56">
            <ExperimentChart answer={{ label: answer.label, unit: answer.unit, decimals: answer.decimals, scale: answer.scale, days: answer.days, periods: answer.periods }} />
          </div>
          {answer.scale ? (
            <p className="text-xs text-neutral-600">
              Scored 0 ({answer.scale[0]}) to {answer.scale.length - 1} ({answer.scale.at(-1)}).
            </p>
          ) : null}
          {answer.from ? <Provenance>{answer.from}</Provenance> : null}
        </>
      ) : (
        <p className="text-sm text-neutral-600">No values yet for {answer.label} in these days.</p>
      )}
      <PeriodFigures answer={answer} />
    </section>
  );
}
