import type { Metadata } from 'next';
import Link from 'next/link';
import { PageShell } from '@/components/page-shell';
import { ExperimentForm } from '@/components/experiments/experiment-form';
import { PastExperiments } from '@/components/experiments/past-experiments';
import { RunningSummary } from '@/components/experiments/running-summary';
import { buttonClassName } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { addDays, dayInZone } from '@/lib/days';
import { BASELINE_MIN_DAYS, CHANGE_START_MAX_DAYS_AHEAD, CHANGE_START_MAX_DAYS_BACK, EXPERIMENT_OUTCOMES } from '@/lib/experiments/contract';
import { isRunning } from '@/lib/experiments/progress-words';
import { experimentDetail, listExperiments, outcomeHistory } from '@/lib/experiments/store';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Experiments' };

/** /experiments: the running experiment, the past ones with their answers, and the form to start one. */
export default async function ExperimentsPage() {
  const user = await requireSubscribedUser();
  const today = dayInZone(new Date(), user.timeZone);
  const [experiments, history] = await Promise.all([listExperiments(user), outcomeHistory(user)]);
  const running = experiments.find((experiment) => isRunning(experiment.phase)) ?? null;
  const past = experiments.filter((experiment) => experiment !== running);
  // Each past experiment's answer in words: its primary outcome's sentence.
  const details = await Promise.all(past.map((experiment) => experimentDetail(user, experiment.id)));
  const sentences = new Map(details.flatMap((detail) => (detail ? [[detail.id, detail.primary.sentence] as const] : [])));
  return (
    <PageShell
      title="Experiments"
      back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}
      intro="Does this change help me? Try it for a few weeks and Vitality compares your days before and during it, with its uncertainty."
    >
      {running ? (
        <Card title="Running now">
          <div className="flex flex-col gap-4">
            <RunningSummary experiment={running} />
            <Link href={`/experiments/${encodeURIComponent(running.id)}`} prefetch={false} className={buttonClassName({ variant: 'secondary', className: 'self-start' })}>
              See this experiment
            </Link>
          </div>
        </Card>
      ) : null}
      <Card title="Start an experiment">
        {running ? (
          <p className="text-sm text-neutral-700">One experiment at a time, so each answer is about one change. Start the next one when this one ends, or end it early on its page.</p>
        ) : (
          <ExperimentForm
            outcomes={EXPERIMENT_OUTCOMES.map((key) => ({ key, ...history[key] }))}
            dates={{
              today,
              earliest: addDays(today, -CHANGE_START_MAX_DAYS_BACK),
              latest: addDays(today, CHANGE_START_MAX_DAYS_AHEAD),
              afterBaseline: addDays(today, BASELINE_MIN_DAYS),
            }}
          />
        )}
      </Card>
      {past.length ? (
        <Card title="Past experiments">
          <PastExperiments experiments={past} sentences={sentences} timeZone={user.timeZone} />
        </Card>
      ) : null}
    </PageShell>
  );
}
