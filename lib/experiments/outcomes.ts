import 'server-only';
import { addDays, dayInZone } from '@/lib/days';
import { measureDays } from '@/lib/insights/measure-trends';
import { EXPERIMENT_OUTCOMES, type ExperimentOutcome, type ExperimentOutcomeHistory } from './contract';
import { OUTCOME_DECIMALS, type OutcomeSeries } from './outcome-figures';

// An experiment's outcomes day by day, in exactly the figures /insights charts (lib/insights/measure-trends.ts
// measureDays): sleep in hours, weight in his units, mood and energy as their scale's place, with the same
// names and the same "From Oura and Withings." So a figure in an answer is the figure on his chart.

/** `outcomes` from `first` to `last` (YYYY-MM-DD), for a member whose today is `today` (a count still growing today stops the day before). */
export async function outcomeSeries(userId: string, outcomes: readonly ExperimentOutcome[], first: string, last: string, today: string): Promise<OutcomeSeries[]> {
  if (!outcomes.length) return [];
  const measures = await measureDays(userId, outcomes, first, last, today);
  return outcomes.map((outcome, i) => {
    const { label, unit, points, scale, from } = measures[i]!;
    return { outcome, label, unit, decimals: OUTCOME_DECIMALS[outcome], ...(scale ? { scale } : {}), values: new Map(points.map((p) => [p.day, p.value])), from };
  });
}

/** The days before today the form counts, to offer his history as the baseline. */
export const HISTORY_DAYS = 28;

/** For each outcome, how many of the 28 days before his today hold a value. */
export async function outcomeHistory(user: { id: string; timeZone: string }, now = new Date()): Promise<Record<ExperimentOutcome, ExperimentOutcomeHistory>> {
  const today = dayInZone(now, user.timeZone);
  const series = await outcomeSeries(user.id, EXPERIMENT_OUTCOMES, addDays(today, -HISTORY_DAYS), addDays(today, -1), today);
  return Object.fromEntries(series.map(({ outcome, label, unit, values }) => [outcome, { label, unit, daysWithValue: values.size }])) as Record<ExperimentOutcome, ExperimentOutcomeHistory>;
}
