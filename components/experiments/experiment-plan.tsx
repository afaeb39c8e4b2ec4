import { Alert } from '@/components/ui/alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { ExperimentDetail } from '@/lib/experiments/contract';
import { DESIGN_LABELS, isRunning, progressText } from '@/lib/experiments/progress-words';
import { formatDateAt, formatDateGB } from '@/lib/format';
import { PlanPeriods } from './plan-periods';

/** The answer page's plan: the design, what judges it, when it was set up, its periods and where it stands. */
export function ExperimentPlan({ experiment, timeZone }: { experiment: ExperimentDetail; timeZone: string }) {
  const progress = progressText(experiment);
  const facts = [
    { term: 'Design', value: DESIGN_LABELS[experiment.design] },
    { term: 'Primary outcome', value: `${experiment.outcomeLabel}, ${experiment.direction} is better` },
    { term: 'Exploratory', value: experiment.exploratoryAnswers.map((answer) => answer.label).join(', ') || 'None' },
    { term: 'Set up on', value: formatDateAt(experiment.createdAt, timeZone) },
    ...(experiment.stoppedAt ? [{ term: 'Ended early on', value: formatDateAt(experiment.stoppedAt, timeZone) }] : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      {experiment.startedBeforeDeclared ? (
        <Alert title="Started before it was set up">
          The change started on {formatDateGB(experiment.changeFrom)}, before this experiment was set up, so its outcome was not declared in advance. Read the answer with that in mind.
        </Alert>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map((fact) => (
          <div key={fact.term} className="contents">
            <dt className="text-neutral-600">{fact.term}</dt>
            <dd className="text-neutral-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <PlanPeriods experiment={experiment} />
      {isRunning(experiment.phase) ? <ProgressBar value={experiment.day} max={experiment.of} label={progress} valueText={progress} data-testid="experiment-progress" /> : null}
    </div>
  );
}
