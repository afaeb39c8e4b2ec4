import type { ExperimentAnalysis, Period } from './analysis';

// The shapes /api/experiments answers with and takes, shared by the API (lib/experiments/store.ts,
// answer.ts) and the pages (/experiments, /experiments/<id>, the check-in's tap, the dashboard's card).
// Types and constants only, so the pages' bundles carry no server code.

/**
 * What an experiment can be judged by: the measures /insights charts (lib/insights/measure-trends.ts), by the
 * same keys, so a figure has one name and one unit on every screen. Testosterone is left out: a blood test
 * every few months gives no daily series.
 */
export const EXPERIMENT_OUTCOMES = ['sleepDurationMinutes', 'hrvMs', 'restingHeartRateBpm', 'steps', 'weightKg', 'mood', 'energy'] as const;
export type ExperimentOutcome = (typeof EXPERIMENT_OUTCOMES)[number];

export type ExperimentDesign = 'AB' | 'ABA';
/** AB: his usual days, then the change. ABA: then back to his usual days, which tells a drift from the change. */

export const BASELINE_MIN_DAYS = 14;
export const CHANGE_MIN_DAYS = 14;
export const CHANGE_SUGGESTED_DAYS = 28;
export const PERIOD_MAX_DAYS = 56;
export const RETURN_MIN_DAYS = 7;
export const RETURN_SUGGESTED_DAYS = 14;
/** The longest return period (ABA), as ExperimentInput.returnDays says: 7 … 28. */
export const RETURN_MAX_DAYS = 28;
/** How far back the change may have started ("I started magnesium three weeks ago"). */
export const CHANGE_START_MAX_DAYS_BACK = 90;
/** How far ahead the change may be planned to start (a baseline first, when no history covers it). */
export const CHANGE_START_MAX_DAYS_AHEAD = 28;
/** Words of the change, in the member's own words: one line. */
export const CHANGE_MAX_LENGTH = 80;

export type DayFlag = 'ill' | 'travelling' | 'drinking';
export const DAY_FLAGS: readonly DayFlag[] = ['ill', 'travelling', 'drinking'];

/** POST /api/experiments. */
export type ExperimentInput = {
  /** The change in words ("Magnesium glycinate at night"), from the catalogue or his own. */
  change: string;
  /** The catalogue entry it came from, or null for his own words. */
  catalogueKey: string | null;
  /** The one primary outcome, declared before the answer is read. */
  outcome: ExperimentOutcome;
  /** Other outcomes, shown as exploratory and labelled so. At most 3, never the primary. */
  exploratory: ExperimentOutcome[];
  /** Which way is better for the primary outcome (weight can go either way for him). */
  direction: 'higher' | 'lower';
  design: ExperimentDesign;
  /** YYYY-MM-DD, his local day the change starts (or started): today − 90 … today + 28. */
  changeFrom: string;
  /** The baseline: the days right before changeFrom (14 … 56). */
  baselineDays: number;
  /** The change period (14 … 56; 28 suggested). */
  changeDays: number;
  /** ABA only: the days back to his usual after the change (7 … 28); null for AB. */
  returnDays: number | null;
};

/** PUT /api/experiments/<id>/days/<YYYY-MM-DD>: one day's answers, any part of which may be sent. */
export type ExperimentDayInput = { didIt?: boolean | null; ill?: boolean; travelling?: boolean; drinking?: boolean };
export type ExperimentDayMark = { day: string; didIt: boolean | null; flags: DayFlag[] };

/**
 * Where a running experiment stands: 'baseline' (days before the change, still to come), 'change', 'return',
 * 'ended' (the planned last day is over), 'stopped' (he ended it early).
 */
export type ExperimentPhase = 'baseline' | 'change' | 'return' | 'ended' | 'stopped';

export type ExperimentSummary = {
  id: string;
  change: string;
  catalogueKey: string | null;
  outcome: ExperimentOutcome;
  /** The outcome's name as /insights writes it ("Heart-rate variability"). */
  outcomeLabel: string;
  exploratory: ExperimentOutcome[];
  direction: 'higher' | 'lower';
  design: ExperimentDesign;
  baselineFrom: string;
  changeFrom: string;
  /** The change period's last day. */
  changeTo: string;
  /** ABA's return period, or null. */
  returnFrom: string | null;
  /** The planned last day of the whole experiment. */
  endsOn: string;
  phase: ExperimentPhase;
  /** The day of the current period and its length ("Day 9 of 28"); for ended/stopped the whole plan's. */
  day: number;
  of: number;
  /** ISO instant he stopped it early, or null. */
  stoppedAt: string | null;
  createdAt: string;
};

/** One calendar day of an outcome's series, in the outcome's unit (as /insights charts it). */
export type ExperimentSeriesDay = {
  day: string;
  value: number | null;
  period: Period;
  flags: DayFlag[];
  /** On a change day: his tick, or null when he did not say. */
  didIt: boolean | null;
};

export type ExperimentPeriodSummary = {
  period: Period;
  from: string;
  to: string;
  /** Days with a value. */
  observed: number;
  /** The plain mean of the observed days, and its 90 % interval allowing for day-to-day autocorrelation. */
  mean: number | null;
  interval: [number, number] | null;
};

export type ExperimentOutcomeAnswer = {
  outcome: ExperimentOutcome;
  label: string;
  /** Written after a value ("ms", "h", "" for counts and scales). */
  unit: string;
  decimals: number;
  /** The scale's words for mood and energy, as on /insights. */
  scale?: readonly string[];
  exploratory: boolean;
  /** The analysis (lib/experiments/analysis.ts). */
  analysis: ExperimentAnalysis;
  /**
   * The answer in words (experimentSentence). Before the planned end a verdict is never given, however the
   * days look (reading an answer every day makes false alarms likelier): the sentence then says when the
   * answer comes and what the finished plan could detect.
   */
  sentence: string;
  /** True once the verdict may be read: the plan's last day is over, or he stopped early (said so). */
  final: boolean;
  days: ExperimentSeriesDay[];
  periods: ExperimentPeriodSummary[];
  /** Where the figures came from ("From Oura and Withings."), as on /insights. */
  from: string | null;
};

export type ExperimentDetail = ExperimentSummary & {
  primary: ExperimentOutcomeAnswer;
  exploratoryAnswers: ExperimentOutcomeAnswer[];
  /** His answers day by day, newest last. */
  marks: ExperimentDayMark[];
  /** Ticked done over answered change days (0..1), or null before any answer. */
  adherence: number | null;
  /** True when changeFrom was before the day he set it up: the plan was not declared in advance. */
  startedBeforeDeclared: boolean;
};

/** What the form offers to use as the baseline, for each outcome: how many of the 28 days before today hold a value. */
export type ExperimentOutcomeHistory = { label: string; unit: string; daysWithValue: number };

/** GET /api/experiments. */
export type ExperimentsResponse = { experiments: ExperimentSummary[] };
