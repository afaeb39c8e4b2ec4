import { BASELINE_MIN_DAYS, type ExperimentOutcome } from './contract';
import { USUAL_DIRECTION } from './outcome-figures';

// The start form's suggestions: which way is better for an outcome, and where the baseline comes from.
// Pure, so the form's bundle carries no server code.

/** Days of his own history the baseline takes when there is enough of it. */
export const HISTORY_BASELINE_DAYS = 28;

/** Which way is better for an outcome; null for weight, which he says himself (he may want to gain or lose). */
export function directionFor(outcome: ExperimentOutcome): 'higher' | 'lower' | null {
  return outcome === 'weightKg' ? null : USUAL_DIRECTION[outcome];
}

/**
 * The plan's first suggestion: with at least 14 days of the outcome in the last 28, those days are the baseline
 * and the change starts today; otherwise 14 usual days are recorded first, so the change starts on `afterBaseline`
 * (today + 14).
 */
export function planDefaults(daysWithValue: number, today: string, afterBaseline: string): { fromHistory: boolean; changeFrom: string; baselineDays: number } {
  const fromHistory = daysWithValue >= BASELINE_MIN_DAYS;
  return fromHistory ? { fromHistory, changeFrom: today, baselineDays: HISTORY_BASELINE_DAYS } : { fromHistory, changeFrom: afterBaseline, baselineDays: BASELINE_MIN_DAYS };
}
