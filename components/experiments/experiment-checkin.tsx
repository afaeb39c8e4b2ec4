import Link from 'next/link';
import { Card } from '@/components/ui/card';
import type { ExperimentDayMark, ExperimentSummary } from '@/lib/experiments/contract';
import { progressText } from '@/lib/experiments/progress-words';
import { DayAnswer } from './day-answer';

/**
 * The daily check-in's extra tap while an experiment runs: in the change period "Did you do it today?" with
 * the change's words, and on every day of it the flags (ill, travelling, drinking), saved for his today.
 */
export function ExperimentCheckin({ experiment, today, mark }: { experiment: ExperimentSummary; today: string; mark: Pick<ExperimentDayMark, 'didIt' | 'flags'> | null }) {
  const changing = experiment.phase === 'change';
  return (
    <Card title="Your experiment">
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-base font-semibold text-neutral-950" data-testid="experiment-change">
            {experiment.change}
          </p>
          <p className="text-sm text-neutral-600">
            {progressText(experiment)} ·{' '}
            <Link href={`/experiments/${encodeURIComponent(experiment.id)}`} prefetch={false} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              See the experiment
            </Link>
          </p>
        </div>
        <DayAnswer
          experimentId={experiment.id}
          day={today}
          question={changing ? 'Did you do it today?' : null}
          flagsLegend="Flag today (optional)"
          initial={{ didIt: changing ? (mark?.didIt ?? null) : null, flags: mark?.flags ?? [] }}
        />
      </div>
    </Card>
  );
}
