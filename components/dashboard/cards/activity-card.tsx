import { Timestamp } from '@/components/time/timestamp';
import { Card } from '@/components/ui/card';
import type { ActivityResponse, GoalInput } from '@/lib/dashboard/contract';
import { listOf } from '@/lib/format';
import { StepsChart } from '../charts';
import { DEVICES, DEVICES_ACTION, Dash, FillPrompt, Figure, Provenance, Ring, WeekSection, weekLabels } from '../primitives';
import { CardioDiff } from './cardio-diff';

const GOAL_INPUT_WORDS: Readonly<Record<GoalInput, string>> = { date_of_birth: 'date of birth', height: 'height', weight: 'weight', activity_level: 'activity level' };

/** Calories today against the goal, steps this week and last, and VO2 max with the cardio age. */
export function ActivityCard({ activity: a }: { activity: ActivityResponse }) {
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
          {a.goal === null ? (
            <div className="mt-2">
              <FillPrompt href="/complete-profile" action="Complete your profile">
                {a.goal_needs.length ? `Your calorie goal needs your ${listOf(a.goal_needs.map((input) => GOAL_INPUT_WORDS[input]))}.` : 'Your calorie goal needs a height and weight in the usual range.'}
              </FillPrompt>
            </div>
          ) : null}
        </section>
        <WeekSection
          title="Steps a day"
          className="px-6"
          thisWeek={a.steps_today}
          lastWeek={a.steps_yesterday}
          unit=""
          testId="steps"
          days={weekLabels(a.steps_history).map((label, i) => ({ label, value: a.steps_history[i]!.steps }))}
          chart={(days) => (
            <div className="mt-3 h-24">
              <StepsChart days={days} />
            </div>
          )}
          missing="Your daily steps appear here from your imported history or a connected device."
          from={a.steps_from ? `${a.steps_from} Today’s bar is so far; the means count full days.` : null}
        />
        <section aria-label="Fitness" className="pl-6">
          <h3 className="text-sm font-semibold text-neutral-800">VO2 max</h3>
          {a.vo2_max === null ? (
            <div className="mt-3 flex flex-col gap-2">
              <p className="text-sm text-neutral-800" data-testid="vo2-max">Your VO2 max is unavailable</p>
              <FillPrompt href={DEVICES} action={DEVICES_ACTION}>A watch or ring that estimates VO2 max fills this in, imported or connected.</FillPrompt>
            </div>
          ) : (
            <div className="mt-3 flex flex-col gap-3">
              <p data-testid="vo2-max">
                <Figure value={a.vo2_max} unit="ml/kg/min" className="text-xl" />
                {a.vo2_range ? <span className={`ml-3 rounded-full px-2 py-0.5 text-xs font-semibold ${green ? 'bg-brand-50 text-brand-800' : 'bg-danger-50 text-danger-700'}`}>{a.vo2_range}</span> : null}
              </p>
              {a.vo2_from ? <Provenance testId="vo2-from">{a.vo2_from}</Provenance> : null}
              <div>
                <p className="text-xs font-medium text-neutral-600">Cardio age</p>
                {a.cardio_age === null || a.cardio_diff === null ? (
                  <FillPrompt href="/profile" action="Add your date of birth">Your cardio age needs your date of birth to compare with.</FillPrompt>
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
      <p className="mt-4 text-xs text-neutral-600">Next refresh: <Timestamp value={a.next_refresh} /></p>
    </Card>
  );
}
