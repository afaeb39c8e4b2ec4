import { ProgressBar } from '@/components/ui/progress-bar';
import type { ExperimentSummary } from '@/lib/experiments/contract';
import { DESIGN_LABELS, progressText } from '@/lib/experiments/progress-words';
import { PlanPeriods } from './plan-periods';

/** A running experiment at a glance: the change, what judges it, where it stands ("Day 9 of 28") and its periods. */
export function RunningSummary({ experiment }: { experiment: ExperimentSummary }) {
  const progress = progressText(experiment);
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-base font-semibold text-neutral-950">{experiment.change}</p>
        <p className="text-sm text-neutral-600">
          Judged by {experiment.outcomeLabel} · {DESIGN_LABELS[experiment.design]}
        </p>
      </div>
      <ProgressBar value={experiment.day} max={experiment.of} label={progress} valueText={progress} data-testid="experiment-progress" />
      <PlanPeriods experiment={experiment} />
    </div>
  );
}
