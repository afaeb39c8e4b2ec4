import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageShell } from '@/components/page-shell';
import { DayMarks } from '@/components/experiments/day-marks';
import { ExperimentActions } from '@/components/experiments/experiment-actions';
import { ExperimentPlan } from '@/components/experiments/experiment-plan';
import { OutcomeAnswer } from '@/components/experiments/outcome-answer';
import { Card } from '@/components/ui/card';
import { daysBetween, daysEnding, dayInZone } from '@/lib/days';
import type { ExperimentDetail } from '@/lib/experiments/contract';
import { adherenceText, flaggedText, isRunning, progressText } from '@/lib/experiments/progress-words';
import { experimentDetail } from '@/lib/experiments/store';
import { requireSubscribedUser } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Experiment' };

type Props = { params: Promise<{ id: string }> };

/** The change days up to today (and up to the day he ended it) that he has not said whether he did, newest first. */
function daysToAnswer(experiment: ExperimentDetail, today: string, timeZone: string) {
  const stopped = experiment.stoppedAt ? dayInZone(new Date(experiment.stoppedAt), timeZone) : null;
  const last = [today, experiment.changeTo, ...(stopped ? [stopped] : [])].sort()[0]!;
  if (last < experiment.changeFrom) return [];
  const marks = new Map(experiment.marks.map((mark) => [mark.day, mark]));
  return daysEnding(last, daysBetween(experiment.changeFrom, last) + 1)
    .reverse()
    .filter((day) => (marks.get(day)?.didIt ?? null) === null)
    .map((day) => ({ day, flags: marks.get(day)?.flags ?? [] }));
}

/** /experiments/<id>: the plan, the answer for the primary outcome with its chart, the exploratory ones, his days, and the ways out. */
export default async function ExperimentPage({ params }: Props) {
  const user = await requireSubscribedUser();
  const experiment = await experimentDetail(user, (await params).id);
  if (!experiment) notFound();
  const today = dayInZone(new Date(), user.timeZone);
  const running = isRunning(experiment.phase);
  const toAnswer = daysToAnswer(experiment, today, user.timeZone);
  return (
    <PageShell
      title={experiment.change}
      back={{ href: '/experiments', label: 'Back to experiments' }}
      aside={<p className="text-sm font-medium text-neutral-700 tabular-nums">{progressText(experiment)}</p>}
    >
      <Card title="The plan">
        <ExperimentPlan experiment={experiment} timeZone={user.timeZone} />
      </Card>
      <Card title="The answer">
        <div className="flex flex-col gap-5">
          <OutcomeAnswer answer={experiment.primary} />
          <ul aria-label="Your days" className="flex flex-col gap-1 border-t border-neutral-100 pt-4 text-sm text-neutral-800">
            <li data-testid="experiment-adherence">{adherenceText(experiment.marks, experiment.changeFrom, experiment.changeTo)}</li>
            <li data-testid="experiment-flagged">{flaggedText(experiment.marks)}</li>
          </ul>
        </div>
      </Card>
      {experiment.exploratoryAnswers.length ? (
        <Card title="Exploratory outcomes">
          <div className="flex flex-col gap-8">
            <p className="text-sm text-neutral-700">Shown for interest. They were not declared as the test, and with several figures one can move by chance.</p>
            {experiment.exploratoryAnswers.map((answer) => (
              <OutcomeAnswer key={answer.outcome} answer={answer} />
            ))}
          </div>
        </Card>
      ) : null}
      {experiment.changeFrom <= today ? (
        <Card title="Days to answer">
          <div className="flex flex-col gap-4">
            <p className="text-sm text-neutral-700">The change days you have not answered yet. Today’s question is also in the daily check-in.</p>
            <DayMarks experimentId={experiment.id} days={toAnswer} />
          </div>
        </Card>
      ) : null}
      <Card title={running ? 'End or delete' : 'Delete'}>
        <ExperimentActions experimentId={experiment.id} running={running} />
      </Card>
    </PageShell>
  );
}
