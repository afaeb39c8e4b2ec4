import { addDays } from '@/lib/days';
import type { ExperimentSummary } from '@/lib/experiments/contract';
import { PERIOD_LABELS } from '@/lib/experiments/progress-words';
import { formatDateGB } from '@/lib/format';

// An experiment's periods with their days ("Baseline 5 Nov 2026 – 2 Dec 2026"), in his own calendar days.
// Server-rendered: lib/days stays out of the browser's bundles.

const range = (from: string, to: string) => `${formatDateGB(from)} – ${formatDateGB(to)}`;

export function PlanPeriods({ experiment }: { experiment: Pick<ExperimentSummary, 'baselineFrom' | 'changeFrom' | 'changeTo' | 'returnFrom' | 'endsOn'> }) {
  const periods = [
    { label: PERIOD_LABELS.baseline, days: range(experiment.baselineFrom, addDays(experiment.changeFrom, -1)) },
    { label: PERIOD_LABELS.change, days: range(experiment.changeFrom, experiment.changeTo) },
    ...(experiment.returnFrom ? [{ label: PERIOD_LABELS.return, days: range(experiment.returnFrom, experiment.endsOn) }] : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {periods.map((period) => (
        <div key={period.label} className="contents">
          <dt className="text-neutral-600">{period.label}</dt>
          <dd className="text-neutral-900 tabular-nums">{period.days}</dd>
        </div>
      ))}
    </dl>
  );
}
