import 'server-only';
import { db } from '@/lib/db';
import { ActivityLevel, Gender } from '@/lib/generated/prisma/enums';
import { currentWeight } from '@/lib/metrics/current-weight';
import type { MergedDay, MetricField } from '@/lib/metrics/source-priority';
import type { ActivityResponse, GoalInput } from './contract';
import { addDays, ageOn, daysEnding, meanOf, nextUtcMidnight, stepWeeks, utcDay } from '@/lib/days';
import { datedProvenance, provenance } from '@/lib/metrics/source-names';
import { byDay, mergedDays } from './merged-metrics';
import { cardioAge, vo2Category } from './vo2-norms';

// The activity card (SPEC §3 "Activity response"): the day's energy goal and intake, steps this week
// and last, and VO2 max against the FRIEND norms. docs/vo2-max.md explains every rule and source.

const WEEK_DAYS = 7;
/** Weight and VO2 max older than this no longer describe the user. */
const RECENT_DAYS = 30;

/**
 * Activity multipliers on the resting energy (the standard Harris-Benedict / Mifflin factors:
 * sedentary 1.2, light 1.375, moderate 1.55, very 1.725, extra 1.9), chosen by mean daily steps along
 * Tudor-Locke & Bassett's bands (Sports Med 2004;34(1):1–8): <5,000 sedentary, 5,000–7,499 low active,
 * 7,500–9,999 somewhat active, 10,000–12,499 active, ≥12,500 highly active.
 */
export const STEP_FACTORS = [
  { below: 5_000, factor: 1.2 },
  { below: 7_500, factor: 1.375 },
  { below: 10_000, factor: 1.55 },
  { below: 12_500, factor: 1.725 },
  { below: Infinity, factor: 1.9 },
] as const;

/** Without steps, the level the user chose in their profile, mapped onto the same multipliers. */
export const ACTIVITY_LEVEL_FACTORS: Readonly<Record<ActivityLevel, number>> = {
  [ActivityLevel.SEDENTARY]: 1.2,
  [ActivityLevel.LIGHTLY_ACTIVE]: 1.375,
  [ActivityLevel.VERY_ACTIVE]: 1.725,
  [ActivityLevel.EXTREMELY_ACTIVE]: 1.9,
};

export const stepsFactor = (meanSteps: number): number => STEP_FACTORS.find((band) => meanSteps < band.below)!.factor;

/**
 * Mifflin-St Jeor resting energy, kcal/day (Am J Clin Nutr 1990;51(2):241–247). The product serves
 * men, so the men's constant (+5) applies unless the user's gender is set to female (−161).
 */
export function mifflinStJeor(weightKg: number, heightCm: number, age: number, gender: Gender | null): number {
  return 10 * weightKg + 6.25 * heightCm - 5 * age + (gender === Gender.FEMALE ? -161 : 5);
}

const finite = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The newest merged day that has `field`, or null. */
function latest(days: readonly MergedDay[], field: MetricField): MergedDay | null {
  return days.findLast((day) => day[field] !== null) ?? null;
}

/** The metrics this card reads. */
const ACTIVITY_FIELDS = ['steps', 'vo2Max', 'caloriesIntakeKcal'] as const satisfies readonly MetricField[];

/**
 * GET /api/activity. The steps chart shows the same 7 days as the vital-signs charts, today (so far)
 * included; `steps_today` and `steps_yesterday`, shown as 'This week' and 'Last week', are daily means
 * over complete days only: this week's six before today, and the 7 days before those.
 */
export async function activity(userId: string, now = new Date()): Promise<ActivityResponse> {
  const today = utcDay(now);
  const [user, days, weight] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { dateOfBirth: true, gender: true, heightCm: true, activityLevel: true },
    }),
    mergedDays(userId, addDays(today, -(RECENT_DAYS - 1)), today, ACTIVITY_FIELDS),
    currentWeight(userId, today),
  ]);
  const merged = byDay(days);
  const stepsOf = (day: string) => merged.get(day)?.steps ?? null;

  const { thisWeek, lastWeek } = stepWeeks(today);
  const stepsHistory = daysEnding(today, WEEK_DAYS).map((day) => ({ day, steps: stepsOf(day) }));
  const meanSteps = meanOf(thisWeek.map(stepsOf));
  const meanStepsBefore = meanOf(lastWeek.map(stepsOf));
  // Where both weeks' figures came from: a 'Last week' beside an empty chart still says its source.
  const stepsFrom = provenance([...thisWeek, ...lastWeek].map((day) => (stepsOf(day) === null ? null : (merged.get(day)?.sources.steps ?? null))));

  const age = user.dateOfBirth ? ageOn(user.dateOfBirth, today) : null;
  const weightKg = weight?.kg ?? null;
  const heightCm = finite(user.heightCm);
  const factor = meanSteps !== null ? stepsFactor(meanSteps) : user.activityLevel ? ACTIVITY_LEVEL_FACTORS[user.activityLevel] : null;
  const restingKcal = weightKg !== null && heightCm !== null && age !== null ? mifflinStJeor(weightKg, heightCm, age, user.gender) : null;
  const goal = restingKcal !== null && factor !== null && restingKcal > 0 ? Math.round(restingKcal * factor) : null;
  const known: Record<GoalInput, boolean> = { date_of_birth: age !== null, height: heightCm !== null, weight: weightKg !== null, activity_level: factor !== null };
  const goalNeeds = goal === null ? (Object.keys(known) as GoalInput[]).filter((input) => !known[input]) : [];
  const intake = merged.get(today)?.caloriesIntakeKcal ?? null;

  const vo2Day = latest(days, 'vo2Max');
  const vo2 = vo2Day?.vo2Max ?? null;
  const vo2Max = vo2 === null ? null : Math.round(vo2 * 10) / 10;
  const vo2Source = vo2Day?.sources.vo2Max ?? null;
  // The norms are men's: for a woman they would give a wrong verdict, so none is given.
  const normed = vo2Max !== null && age !== null && user.gender !== Gender.FEMALE;
  const cardio = normed ? cardioAge(vo2Max) : null;

  return {
    remaining: goal !== null && intake !== null ? goal - intake : null,
    intake,
    goal,
    goal_needs: goalNeeds,
    steps_today: meanSteps === null ? null : Math.round(meanSteps),
    steps_yesterday: meanStepsBefore === null ? null : Math.round(meanStepsBefore),
    steps_history: stepsHistory,
    steps_from: stepsFrom,
    cardio_age: cardio,
    cardio_diff: cardio !== null && age !== null ? cardio - age : null,
    vo2_max: vo2Max,
    vo2_range: normed ? vo2Category(vo2Max, age) : null,
    vo2_from: vo2Source && vo2Day ? datedProvenance(vo2Source, vo2Day.day) : null,
    next_refresh: nextUtcMidnight(now).toISOString(),
  };
}
