import type { Direction } from './analysis';
import type { ExperimentOutcome } from './contract';

// What an answer needs to know of each outcome besides its days: how its figures are rounded and which way is
// better when he did not say. Pure, beside the series' shape (read by ./outcomes.ts, worded by ./answer.ts).

/** How an outcome's figures are rounded in its sentence, in its chart's unit (a tenth of an hour is 6 minutes). */
export const OUTCOME_DECIMALS: Readonly<Record<ExperimentOutcome, number>> = { sleepDurationMinutes: 1, hrvMs: 0, restingHeartRateBpm: 0, steps: 0, weightKg: 1, mood: 1, energy: 1 };

/**
 * Which way is better for an outcome he only watches (he declares it for the primary one). Weight has no way
 * better for everyone: lower is taken, as most members who watch it want it lower.
 */
export const USUAL_DIRECTION: Readonly<Record<ExperimentOutcome, Direction>> = {
  sleepDurationMinutes: 'higher',
  hrvMs: 'higher',
  restingHeartRateBpm: 'lower',
  steps: 'higher',
  weightKg: 'lower',
  mood: 'higher',
  energy: 'higher',
};

/** One outcome over an experiment's days: each day's value in the chart's unit (days without one absent). */
export type OutcomeSeries = {
  outcome: ExperimentOutcome;
  label: string;
  unit: string;
  decimals: number;
  scale?: readonly string[];
  values: ReadonlyMap<string, number>;
  from: string | null;
};

