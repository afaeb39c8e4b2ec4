import Link from 'next/link';
import { RefreshOnFocus } from '@/components/app-shell/refresh-on-focus';
import type { ActivityResponse, BodyFigures, LastNightSleep, ProfileCompletion, SleepScoreResponse, StartStep, TestosteroneTrendResponse, TodaysActionsResponse, VitalsResponse } from '@/lib/dashboard/contract';
import type { NotificationRecord } from '@/lib/dashboard/banner-notification';
import type { ExperimentSummary } from '@/lib/experiments/contract';
import { AlertBanner } from './alert-banner';
import { ActivityCard } from './cards/activity-card';
import { BloodPanelCard } from './cards/blood-panel-card';
import { ExperimentCard } from './cards/experiment-card';
import { GettingStartedCard } from './cards/getting-started-card';
import { ReadinessCard } from './cards/readiness-card';
import type { ReadinessAnswer } from '@/lib/dashboard/readiness';
import { PillarsCard } from './cards/pillars-card';
import { ProfileCard } from './cards/profile-card';
import { SleepCard } from './cards/sleep-card';
import { SupplementCard } from './cards/supplement-card';
import { TResultsCard } from './cards/t-results-card';
import { TScoreCard } from './cards/t-score-card';
import { TodaysActionsCard } from './cards/todays-actions-card';
import { VitalityCard } from './cards/vitality-card';
import { VitalSignsCard } from './cards/vital-signs-card';

export type DashboardData = {
  firstName: string | null;
  start: StartStep[];
  notification: NotificationRecord | null;
  actions: TodaysActionsResponse;
  selected: string[];
  sleep: SleepScoreResponse | null;
  lastNight: LastNightSleep | null;
  readiness: ReadinessAnswer;
  trend: TestosteroneTrendResponse;
  vitals: VitalsResponse;
  activity: ActivityResponse;
  profile: ProfileCompletion;
  body: BodyFigures;
  /** The running experiment, if any (lib/experiments/store.ts runningExperiment). */
  experiment?: ExperimentSummary | null;
};

/**
 * The main dashboard's cards, in SPEC §2's order, rendered on the server from the page's data; coming back
 * to the tab renders them again with fresh figures. Only the banner, the actions, the supplements (they
 * need the browser's position), the blood panel's dialog and the charts run in the browser.
 */
export function DashboardView({ data }: { data: DashboardData }) {
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-8 py-10">
      <RefreshOnFocus />
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">{data.firstName ? `Welcome, ${data.firstName}` : 'Welcome'}</h1>
      <AlertBanner notification={data.notification} />
      <div className="grid grid-cols-3 gap-6">
        <GettingStartedCard steps={data.start} />
        <ExperimentCard experiment={data.experiment} />
        <ReadinessCard readiness={data.readiness} />
        <TScoreCard actions={data.actions} />
        <TResultsCard trend={data.trend} />
        <SleepCard sleep={data.sleep} lastNight={data.lastNight} />
        <SupplementCard />
        <BloodPanelCard />
        <PillarsCard />
        <TodaysActionsCard actions={data.actions} selected={data.selected} />
        <ProfileCard profile={data.profile} body={data.body} />
        <VitalityCard actions={data.actions} />
        <ActivityCard activity={data.activity} />
        <VitalSignsCard vitals={data.vitals} />
      </div>
      <Link
        href="/daily_checkins"
        prefetch={false}
        aria-label="Daily check-in"
        className="fixed right-8 bottom-8 z-20 flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-card transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-6">
          <path fillRule="evenodd" clipRule="evenodd" d="M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z" />
        </svg>
      </Link>
    </main>
  );
}
