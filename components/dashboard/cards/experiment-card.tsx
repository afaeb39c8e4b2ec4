import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { ExperimentSummary } from '@/lib/experiments/contract';
import { isRunning, progressText } from '@/lib/experiments/progress-words';
import { CardLink } from '../primitives';

/** The running experiment, across the grid's width: the change, where it stands ("Day 9 of 28") and the way to it. None runs, no card. */
export function ExperimentCard({ experiment }: { experiment: ExperimentSummary | null | undefined }) {
  if (!experiment || !isRunning(experiment.phase)) return null;
  const progress = progressText(experiment);
  return (
    <Card
      title="Experiment"
      className="col-span-3"
      header={
        <CardLink href={`/experiments/${encodeURIComponent(experiment.id)}`} label={`See the experiment: ${experiment.change}`}>
          See the experiment
        </CardLink>
      }
    >
      <div className="grid grid-cols-2 items-end gap-6">
        <div>
          <p className="text-base font-semibold text-neutral-950" data-testid="experiment-card-change">
            {experiment.change}
          </p>
          <p className="text-sm text-neutral-600">Judged by {experiment.outcomeLabel}</p>
        </div>
        <ProgressBar value={experiment.day} max={experiment.of} label={progress} valueText={progress} data-testid="experiment-card-progress" />
      </div>
    </Card>
  );
}
