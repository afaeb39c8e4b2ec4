import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { AlreadyDone } from '@/components/checkin/already-done';
import { CheckinFlow } from '@/components/checkin/checkin-flow';
import { ExperimentCheckin } from '@/components/experiments/experiment-checkin';
import { CHECKIN_ALREADY_DONE, checkinStatus } from '@/lib/checkins/daily';
import { dayInZone } from '@/lib/days';
import { isRunning } from '@/lib/experiments/progress-words';
import { experimentDayMark, runningExperiment } from '@/lib/experiments/store';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Daily check-in' };

/** SPEC §2 "Daily check-in": two steps; once today's is in, when the next one opens. While an experiment runs, its tap for today below. */
export default async function DailyCheckinPage() {
  const user = await requireSubscribedUser();
  const [status, running] = await Promise.all([checkinStatus(user.id), runningExperiment(user)]);
  const experiment = running && isRunning(running.phase) ? running : null;
  const today = dayInZone(new Date(), user.timeZone);
  // Today's answer, if he gave it already (here or on the experiment's page).
  const mark = experiment ? await experimentDayMark(user, experiment.id, today) : null;
  return (
    <PageShell title="Daily check-in" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}>
      {status.submitted ? (
        <AlreadyDone title={CHECKIN_ALREADY_DONE} nextRefresh={status.next_refresh} />
      ) : (
        <CheckinFlow />
      )}
      {experiment ? <ExperimentCheckin experiment={experiment} today={today} mark={mark} /> : null}
    </PageShell>
  );
}
