'use client';

import { useQuery } from '@tanstack/react-query';
import Image from 'next/image';
import Link from 'next/link';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import type { ActivityResponse, BodyFigures, ProfileCompletion, SleepScoreResponse, TestosteroneTrendResponse, TodaysActionsResponse, VitalsResponse } from '@/lib/dashboard/contract';
import { formatDateGB, formatTimestampGB } from '@/lib/format';
import type { NotificationRecord } from '@/lib/dashboard/banner-notification';
import { PILLARS } from '@/lib/pillars';
import { gaugeLabel } from '@/lib/scores/gauge';
import { ActionsList } from './actions-list';
import { AlertBanner } from './alert-banner';
import { CallError } from '@/lib/client/api-call';
import { api, keys } from '@/lib/client/query-calls';
import { HeartRateChart, StepsChart, StressChart, TestosteroneChart } from './lazy-charts';
import { CardLink, Dash, FillPrompt, Figure, Ring } from './primitives';
import { SupplementHighlight } from './supplements';
import { TScoreGauge } from './t-score-gauge';

export type DashboardData = {
  firstName: string | null;
  notification: NotificationRecord | null;
  actions: TodaysActionsResponse;
  selected: string[];
  sleep: SleepScoreResponse | null;
  trend: TestosteroneTrendResponse;
  vitals: VitalsResponse;
  activity: ActivityResponse;
  profile: ProfileCompletion;
  body: BodyFigures;
};

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => WEEKDAY.format(new Date(`${day}T00:00:00Z`));
const DEVICES = '/my_devices';

/** The main dashboard's cards, in SPEC §2's order. The server prefetched every figure; the cards refetch in place. */
export function DashboardView({ data }: { data: DashboardData }) {
  const actions = useQuery({ queryKey: keys.actions, queryFn: api.actions, initialData: data.actions }).data;
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-8 py-10">
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">{data.firstName ? `Welcome, ${data.firstName}` : 'Welcome'}</h1>
      <AlertBanner initial={data.notification} />
      <div className="grid grid-cols-3 gap-6">
        <Card title="T-Score" header={<CardLink href="/insights">Insights</CardLink>}>
          <TScoreGauge score={actions.vitality} summary={actions.summary} />
        </Card>
        <TResultsCard initial={data.trend} />
        <SleepCard initial={data.sleep} />
        <Card title="Supplement highlight" header={<CardLink href="/my_actions" label="View all supplements">View all</CardLink>}>
          <SupplementHighlight />
        </Card>
        <BloodPanelCard />
        <PillarsCard />
        <Card title="Today's actions" className="col-span-2" header={<CardLink href="/my_actions">Check actions</CardLink>}>
          <ActionsList initial={data.actions} initialSelected={data.selected} />
        </Card>
        <ProfileCard profile={data.profile} body={data.body} />
        <VitalityCard actions={actions} />
        <ActivityCard initial={data.activity} />
        <VitalSignsCard initial={data.vitals} />
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

function TResultsCard({ initial }: { initial: TestosteroneTrendResponse }) {
  const { data } = useQuery({ queryKey: keys.trend, queryFn: api.trend, initialData: initial });
  const latest = data.data.at(-1);
  return (
    <Card title="T-Results" className="col-span-2" header={latest ? <p className="text-sm text-neutral-600">Latest: <span className="font-semibold text-neutral-900">{latest.raw} ng/dL</span></p> : null}>
      {data.data.length ? (
        <>
          <div className="h-52">
            <TestosteroneChart points={data.data} />
          </div>
          <p className="mt-2 flex items-center gap-2 text-xs text-neutral-600">
            <span aria-hidden className="inline-block h-3 w-5 rounded-sm bg-brand-500/15" /> Typical range 400–800 ng/dL
          </p>
        </>
      ) : (
        <div className="flex h-52 flex-col items-start justify-center gap-2">
          <p className="text-3xl font-semibold text-neutral-950"><Dash /></p>
          <FillPrompt href="/profile" action="Upload a blood test">
            No testosterone results yet.
          </FillPrompt>
        </div>
      )}
    </Card>
  );
}

function SleepCard({ initial }: { initial: SleepScoreResponse | null }) {
  const query = useQuery({
    queryKey: keys.sleep,
    // SPEC §8: 404 means no score (N/A); other failures show their message.
    queryFn: () => api.sleep().catch((error: unknown) => (error instanceof CallError && error.status === 404 ? null : Promise.reject(error))),
    initialData: initial,
  });
  let centre: string;
  let note: string | null = null;
  const score = query.data?.score;
  if (query.error) {
    centre = 'N/A';
    note = query.error instanceof CallError && query.error.status === 401 ? 'Not authenticated' : `Error: ${query.error.message}`;
  } else if (query.data === null) {
    centre = 'N/A';
  } else if (typeof score !== 'number' || !Number.isFinite(score)) {
    centre = 'N/A';
    note = 'Invalid score format';
  } else {
    centre = String(score);
  }
  const numeric = typeof score === 'number' && Number.isFinite(score) && !query.error ? score : null;
  return (
    <Card title="Sleep score">
      <div className="flex items-center gap-5">
        <Ring percent={numeric} label={numeric === null ? 'Sleep score not available' : `Sleep score ${numeric} out of 100`}>
          <span className="text-3xl font-semibold tracking-tight text-neutral-950" data-testid="sleep-score">{centre}</span>
        </Ring>
        <div className="text-sm text-neutral-600">
          {note ? <p className="text-danger-700">{note}</p> : null}
          {numeric !== null && query.data ? (
            <p>Last night{query.data.day ? `, ${DAY_MONTH.format(new Date(`${query.data.day}T00:00:00Z`))}` : ''}.</p>
          ) : !note ? (
            <FillPrompt href={DEVICES} action="Connect a wearable">
              No sleep score from the last two nights.
            </FillPrompt>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function BloodPanelCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card title="Blood panels">
      <div className="flex h-full flex-col gap-3">
        <Image src="/partners/blood-panel.svg" alt="" width={240} height={160} className="h-24 w-auto self-start" />
        <p className="text-sm text-neutral-600">A men&apos;s health panel from our lab partner: testosterone, SHBG, oestradiol, thyroid, vitamin D and more.</p>
        <Button type="button" variant="secondary" size="sm" className="mt-auto self-start" onClick={() => setOpen(true)}>
          Find out more
        </Button>
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Blood panels"
        footer={
          <>
            <Link href="/profile" className={buttonClassName({ variant: 'secondary' })}>
              Upload a blood test
            </Link>
            <Button type="button" onClick={() => setOpen(false)}>
              Close
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-sm text-neutral-700">
          <p>Track one posts you an at-home kit: a finger-prick sample taken in the morning, returned in a prepaid envelope, with results in your profile within a few days.</p>
          <p>Already have a recent result? Upload the lab report (a PDF is read for you to check) from your profile, and your T-Results chart and T-Score use it.</p>
          <p>The panel covers total and free testosterone, SHBG, oestradiol, LH, FSH, prolactin, PSA, haematocrit, vitamin D, HbA1c, lipids and TSH.</p>
        </div>
      </Modal>
    </Card>
  );
}

function PillarsCard() {
  return (
    <Card title="Longevity pillars" header={<CardLink href="/pillars_overview" label="Find out more about the longevity pillars">Find out more</CardLink>}>
      <ul className="grid grid-cols-2 gap-3">
        {PILLARS.map((pillar) => (
          <li key={pillar.slug}>
            <Link href={`/${pillar.slug}`} className="flex flex-col items-center gap-1 rounded-control border border-neutral-200 p-2 text-center transition-colors hover:border-brand-300 hover:bg-brand-50">
              <Image src={pillar.image.src} alt="" width={64} height={64} className="size-12" />
              <span className="text-xs font-semibold text-neutral-900">{pillar.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ProfileCard({ profile, body }: { profile: ProfileCompletion; body: BodyFigures }) {
  return (
    <Card title="Your profile" header={<CardLink href="/profile" label="Complete your profile">Complete</CardLink>}>
      <div className="flex items-center gap-5">
        <Ring percent={profile.percent} label={`Profile ${profile.percent}% complete`} tone="info">
          <span className="text-2xl font-semibold tracking-tight text-neutral-950" data-testid="profile-percent">{profile.percent}%</span>
        </Ring>
        <div className="text-sm text-neutral-600">
          {profile.missing.length ? (
            <>
              <p className="font-medium text-neutral-800">Still to add:</p>
              <p>{profile.missing.slice(0, 4).join(', ')}{profile.missing.length > 4 ? ` and ${profile.missing.length - 4} more` : ''}.</p>
            </>
          ) : (
            <p>Your profile is complete.</p>
          )}
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-3 gap-3 border-t border-neutral-200 pt-4 text-sm" data-testid="body-figures">
        {(
          [
            ['Height', body.height],
            ['Weight', body.weight],
            ['Goal', body.goal],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-neutral-600">{label}</dt>
            <dd className="font-semibold text-neutral-900 tabular-nums">
              {value ?? (
                <Link href="/profile" className="font-medium text-brand-700 underline-offset-2 hover:underline" aria-label={`Add your ${label.toLowerCase()} on your profile`}>
                  —
                </Link>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function VitalityCard({ actions }: { actions: TodaysActionsResponse }) {
  const known = actions.vitality >= 0;
  return (
    <Card title="Vitality and summary" className="col-span-2">
      <div className="flex items-start gap-6">
        <div className="shrink-0">
          <p className="text-4xl font-semibold tracking-tight text-neutral-950 tabular-nums" data-testid="vitality-value">{known ? actions.vitality : 'N/A'}</p>
          <p className="text-sm font-medium text-neutral-600">{gaugeLabel(actions.vitality)}</p>
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm leading-relaxed text-neutral-800" data-testid="vitality-summary">{actions.summary}</p>
          <p className="mt-3 text-xs text-neutral-600">Next refresh: {formatTimestampGB(actions.next_refresh)}</p>
        </div>
      </div>
    </Card>
  );
}

function Compare({ label, value, unit, testId }: { label: string; value: number | null; unit: string; testId: string }) {
  return (
    <div>
      <p className="text-xs font-medium text-neutral-600">{label}</p>
      <p data-testid={testId}>
        <Figure value={value} unit={unit} className="text-xl" />
      </p>
    </div>
  );
}

type DayValue = { label: string; value: number | null };

/** One 'This week' / 'Last week' comparison with its 7-day chart, or what would fill it. */
function WeekSection(props: {
  title: string;
  className: string;
  thisWeek: number | null;
  lastWeek: number | null;
  unit: string;
  testId: string;
  days: DayValue[];
  chart: (days: DayValue[]) => ReactNode;
  missing: string;
}) {
  return (
    <section aria-label={props.title} className={props.className}>
      <h3 className="text-sm font-semibold text-neutral-800">{props.title}</h3>
      <div className="mt-3 flex gap-6">
        <Compare label="This week" value={props.thisWeek} unit={props.unit} testId={`${props.testId}-this-week`} />
        <Compare label="Last week" value={props.lastWeek} unit={props.unit} testId={`${props.testId}-last-week`} />
      </div>
      {props.days.some((d) => d.value !== null) ? (
        props.chart(props.days)
      ) : (
        <div className="mt-3">
          <FillPrompt href={DEVICES} action="Connect a wearable">
            {props.missing}
          </FillPrompt>
        </div>
      )}
    </section>
  );
}

function ActivityCard({ initial }: { initial: ActivityResponse }) {
  const query = useQuery({ queryKey: keys.activity, queryFn: api.activity, initialData: initial });
  useLogged(query.error, 'activity');
  const a = query.data;
  const fill = a.goal && a.intake !== null ? Math.min(100, (a.intake / a.goal) * 100) : null;
  const green = a.vo2_range === 'Excellent' || a.vo2_range === 'Good';
  return (
    <Card title="Activity" className="col-span-3">
      <div className="grid grid-cols-3 divide-x divide-neutral-100">
        <section aria-label="Calories" className="pr-6">
          <h3 className="text-sm font-semibold text-neutral-800">Calories today</h3>
          <div className="mt-3 flex items-center gap-4">
            <Ring percent={fill} label={fill === null ? 'Calorie intake not available' : `Calorie intake ${Math.round(fill)}% of goal`}>
              <span className="text-lg font-semibold text-neutral-950 tabular-nums" data-testid="calories-intake">{a.intake === null ? <Dash /> : a.intake.toLocaleString('en-GB')}</span>
              <span className="text-xs text-neutral-600">kcal in</span>
            </Ring>
            <dl className="grid gap-1 text-sm">
              <dt className="text-xs text-neutral-600">Goal</dt>
              <dd data-testid="calories-goal"><Figure value={a.goal} unit="kcal" /></dd>
              <dt className="text-xs text-neutral-600">Remaining</dt>
              <dd data-testid="calories-remaining"><Figure value={a.remaining} unit="kcal" /></dd>
            </dl>
          </div>
          {a.intake === null ? <div className="mt-3"><FillPrompt>Log your meals in an app that shares with Apple Health to see your intake.</FillPrompt></div> : null}
          {a.goal === null ? <div className="mt-2"><FillPrompt href="/profile" action="Add your date of birth, height and weight">Your goal needs your age, height and weight.</FillPrompt></div> : null}
        </section>
        <WeekSection
          title="Steps a day"
          className="px-6"
          thisWeek={a.steps_today}
          lastWeek={a.steps_yesterday}
          unit=""
          testId="steps"
          days={a.steps_history.map((d) => ({ label: dayLabel(d.day), value: d.steps }))}
          chart={(days) => (
            <div className="mt-3 h-24">
              <StepsChart days={days} />
            </div>
          )}
          missing="to see your steps."
        />
        <section aria-label="Fitness" className="pl-6">
          <h3 className="text-sm font-semibold text-neutral-800">VO2 max</h3>
          {a.vo2_max === null ? (
            <div className="mt-3 flex flex-col gap-2">
              <p className="text-sm text-neutral-800" data-testid="vo2-max">Your VO2 max is unavailable</p>
              <FillPrompt href={DEVICES} action="Connect a wearable">that estimates it.</FillPrompt>
            </div>
          ) : (
            <div className="mt-3 flex flex-col gap-3">
              <p data-testid="vo2-max">
                <Figure value={a.vo2_max} unit="ml/kg/min" className="text-xl" />
                {a.vo2_range ? <span className={`ml-3 rounded-full px-2 py-0.5 text-xs font-semibold ${green ? 'bg-brand-50 text-brand-800' : 'bg-danger-50 text-danger-700'}`}>{a.vo2_range}</span> : null}
              </p>
              <div>
                <p className="text-xs font-medium text-neutral-600">Cardio age</p>
                {a.cardio_age === null || a.cardio_diff === null ? (
                  <FillPrompt href="/profile" action="Add your date of birth">to compare with your age.</FillPrompt>
                ) : (
                  <p className="flex items-center gap-2" data-testid="cardio-age">
                    <Figure value={a.cardio_age} unit="years" className="text-xl" />
                    <CardioDiff diff={a.cardio_diff} />
                  </p>
                )}
              </div>
            </div>
          )}
        </section>
      </div>
      <p className="mt-4 text-xs text-neutral-600">Next refresh: {formatTimestampGB(a.next_refresh)}</p>
    </Card>
  );
}

/** SPEC §9: 'years older' (difference 0 or more) or 'younger'; up icon when the difference is 0 or less, down otherwise. */
function CardioDiff({ diff }: { diff: number }) {
  const up = diff <= 0;
  const years = Math.abs(diff);
  return (
    <span className={`inline-flex items-center gap-1 text-sm font-medium ${up ? 'text-brand-800' : 'text-danger-700'}`} data-testid="cardio-diff">
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className={`size-4 ${up ? '' : 'rotate-180'}`}>
        <path fillRule="evenodd" clipRule="evenodd" d="M10 17a.75.75 0 0 1-.75-.75V5.61L5.53 9.33a.75.75 0 0 1-1.06-1.06l5-5a.75.75 0 0 1 1.06 0l5 5a.75.75 0 1 1-1.06 1.06l-3.72-3.72v10.64A.75.75 0 0 1 10 17Z" />
      </svg>
      {years} {years === 1 ? 'year' : 'years'} {diff >= 0 ? 'older' : 'younger'}
    </span>
  );
}

function VitalSignsCard({ initial }: { initial: VitalsResponse }) {
  const query = useQuery({ queryKey: keys.vitals, queryFn: api.vitals, initialData: initial });
  useLogged(query.error, 'vitals');
  const v = query.data;
  const canTest = v.bp_next_in_days === 0;
  const sourceWords = { scan: 'camera scan', cuff: 'cuff reading', device: 'connected device' } as const;
  return (
    <Card title="Vital signs" className="col-span-3">
      <div className="grid grid-cols-3 divide-x divide-neutral-100">
        <WeekSection
          title="Heart rate"
          className="pr-6"
          thisWeek={v.heart_rate_today}
          lastWeek={v.heart_rate_yesterday}
          unit="bpm"
          testId="hr"
          days={v.heart_rate_history.map((d) => ({ label: dayLabel(d.day), value: d.rate }))}
          chart={(days) => (
            <div className="mt-3 h-[150px]">
              <HeartRateChart days={days} />
            </div>
          )}
          missing="to see your heart rate."
        />
        <WeekSection
          title="Stress"
          className="px-6"
          thisWeek={v.stress_today}
          lastWeek={v.stress_yesterday}
          unit=""
          testId="stress"
          days={v.stress_history.map((d) => ({ label: dayLabel(d.day), value: d.value }))}
          chart={(days) => (
            <div className="mt-3 h-[100px]">
              <StressChart days={days} />
            </div>
          )}
          missing="to see your stress."
        />
        <section aria-label="Blood pressure" className="pl-6">
          <h3 className="text-sm font-semibold text-neutral-800">Blood pressure</h3>
          <p className="mt-3 text-xl font-semibold tracking-tight text-neutral-950 tabular-nums" data-testid="blood-pressure">
            {v.bp_systolic !== null && v.bp_diastolic !== null ? (
              <>
                {v.bp_systolic}/{v.bp_diastolic}
                <span className="ml-1 text-sm font-medium text-neutral-600">mmHg</span>
              </>
            ) : (
              <Dash />
            )}
          </p>
          <p className="mt-1 text-xs text-neutral-600">
            {v.bp_source && v.bp_measured_at
              ? `From your ${sourceWords[v.bp_source]}, ${formatDateGB(v.bp_measured_at)}.`
              : 'Take the weekly scan or connect a blood-pressure monitor.'}
          </p>
          <div className="mt-4 flex items-center gap-3">
            {canTest ? (
              <Link href="/weekly_checkin" prefetch={false} className={buttonClassName({ size: 'sm' })}>
                Test now
              </Link>
            ) : (
              <span aria-disabled="true" className={buttonClassName({ size: 'sm', className: 'pointer-events-none' })}>
                Test now
              </span>
            )}
            <p className="text-xs text-neutral-600" data-testid="bp-next">
              {canTest ? 'This week’s check-in is open.' : `Next test in ${v.bp_next_in_days} ${v.bp_next_in_days === 1 ? 'day' : 'days'}.`}
            </p>
          </div>
        </section>
      </div>
    </Card>
  );
}

/** SPEC §8: vitals and activity load errors are only logged; the cards keep their dashes. */
function useLogged(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.warn(`Could not refresh ${what}: ${error.message}`);
  }, [error, what]);
}
