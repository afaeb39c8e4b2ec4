import type { ExperimentDesign, ExperimentInput, ExperimentOutcome } from '@/lib/experiments/contract';

// The start form's state, shared by its parts (./experiment-form.tsx, ./change-fields.tsx, ./plan-fields.tsx).

/** The change list's value for "Something else", his own words. */
export const OWN_CHANGE = 'own';

/** An outcome as the form offers it: its name on /insights, and his days of it in the last 28. */
export type OutcomeChoice = { key: ExperimentOutcome; label: string; unit: string; daysWithValue: number };

/** The member's days the form needs (YYYY-MM-DD in his zone), worked out by the page's server. */
export type PlanDates = {
  today: string;
  /** The earliest day the change may have started (today − 90). */
  earliest: string;
  /** The latest day it may start (today + 28). */
  latest: string;
  /** Today + 14: where the change starts when a baseline must be recorded first. */
  afterBaseline: string;
};

export type Draft = {
  /** '' until he chooses, a catalogue key, or OWN_CHANGE. */
  catalogueKey: string;
  /** His own words, with OWN_CHANGE. */
  change: string;
  outcome: ExperimentOutcome;
  exploratory: ExperimentOutcome[];
  /** Asked for weight only; '' until he says. */
  direction: 'higher' | 'lower' | '';
  design: ExperimentDesign;
  /** When the change starts: today, a day he already started on, or a later day. */
  start: 'today' | 'past' | 'later';
  startDay: string;
  baselineDays: string;
  changeDays: string;
  returnDays: string;
  /** True once he has set the start or the baseline himself: a new outcome then keeps his plan. */
  planTouched: boolean;
};

export type FormField = keyof ExperimentInput;
export type DraftErrors = Partial<Record<FormField, string>>;

/** The props each part of the form takes. */
export type PartProps = { id: string; draft: Draft; errors: DraftErrors; update: (change: Partial<Draft>) => void };
