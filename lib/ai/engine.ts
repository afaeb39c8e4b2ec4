import type { Energy, Mood } from '@/lib/generated/prisma/enums';
import type { UnitSystem } from '@/lib/units';
import type { ChatTurn, ReflectionContext, ReflectionReply } from './reflection';

// The one seam for every generated text in the product. The caller computes every figure; an engine
// only chooses among our own actions and phrases our own numbers, so a model can never invent one.

export const ACTION_CATEGORIES = ['sleep', 'movement', 'nutrition', 'recovery'] as const;
/** `recovery` covers stress management too. */
export type ActionCategory = (typeof ACTION_CATEGORIES)[number];

/** SPEC §9: four daily action slots. */
export const DAILY_ACTION_COUNT = 4;
/** The longest title a manual action gets. */
export const MANUAL_TITLE_MAX = 60;

export type Action = {
  /** A catalogue id (lib/ai/catalogue.ts), stable across days. */
  id: string;
  title: string;
  description: string;
  /** Why this action today, quoting the user's own figures when there are any. */
  reason: string;
  category: ActionCategory;
};

/** A recent mean against a longer baseline, both computed by the caller from the user's own data. */
export type RecentVsBaseline = {
  /** Mean over the last 7 days that have a value; null when none has. */
  recent: number | null;
  /** How many of those 7 days had a value (0 to 7). */
  recentDays: number;
  /** Mean over the last 30 days; null when none has a value. */
  baseline: number | null;
};

export type CheckInSnapshot = {
  mood: Mood | null;
  energy: Energy | null;
  /** SPEC §9's symptom labels, as the check-in stored them. */
  symptoms: readonly string[];
};

export type EngineContext = {
  /** The UTC day the texts are for, YYYY-MM-DD. */
  day: string;
  sleepMinutes: RecentVsBaseline;
  steps: RecentVsBaseline;
  hrvMs: RecentVsBaseline;
  restingHrBpm: RecentVsBaseline;
  /** The current weight (lib/metrics/current-weight.ts) and the goal. */
  weight: { latestKg: number | null; goalKg: number | null };
  /** The member's Units setting: weights are quoted in kg or lbs (metric unless told). */
  units?: UnitSystem;
  /** The latest daily check-in, or null without one. */
  checkIn: CheckInSnapshot | null;
  /** Yesterday's generated action ids; today's set never repeats them exactly. */
  yesterdayActionIds: readonly string[];
  /** Today's readiness (lib/scores/readiness.ts) when it has a score: 'ease' steers to recovery, 'go' to training. */
  readiness?: { score: number; band: 'go' | 'steady' | 'ease'; /** Its largest negative factor's sentence, for the reason. */ weakest: string | null } | null;
  /**
   * The member's latest blood results outside the lab's printed range that steer the day: each
   * with its figure, the lab's limits and the day it was taken, so that an action can give its basis.
   */
  flaggedResults?: readonly FlaggedResult[];
  /** For advice only: today's daylight where the user lives, when the location is known. */
  daylight?: { hours: number | null; sunrise: string | null } | null;
};

/** A blood result outside the lab's range, as the engine quotes it. */
export type FlaggedResult = {
  marker: 'vitamin_d' | 'haematocrit' | 'ldl_cholesterol' | 'non_hdl_cholesterol' | 'apob';
  /** For people: "vitamin D", "haematocrit". */
  name: string;
  /** The figure as written, with its unit: "27.4 ng/mL". */
  result: string;
  flag: 'Low' | 'High';
  /** The lab's limit it is past, as written: "30". */
  limit: string;
  /** The day the sample was taken, as the member reads it: "4 Mar 2026". */
  takenOn: string;
};

export type AlertSignals = {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  hrvMs: RecentVsBaseline;
  /** Sleep minutes of the latest nights, oldest first; null for a night without data. */
  recentNightsMinutes: readonly (number | null)[];
  /** A lab result that arrived since the user last looked, named for people ("total testosterone"). */
  /**
   * The blood test saved since yesterday: the day it was taken (YYYY-MM-DD), how many results it gave,
   * those outside the lab's printed range (by name, low or high), and whether one is on the dashboard's
   * T-Results chart (total testosterone is).
   */
  newLabResult: { takenOn: string; results: number; outside: { name: string; flag: 'low' | 'high' }[]; charted: boolean } | null;
  /** The last day of the free trial, YYYY-MM-DD, or null when not trialling. */
  trialEndsOn: string | null;
};

export type Alert = { title: string; subtitle: string };

export interface AiEngine {
  readonly name: 'builtin' | 'openai';
  /** Exactly four distinct catalogue actions, never exactly yesterday's set. */
  dailyActions(context: EngineContext): Promise<Action[]>;
  /** A title of at most 60 characters for a manual action's description. */
  manualActionTitle(description: string): Promise<string>;
  /** A few sentences of advice for the Insights page. */
  advice(context: EngineContext): Promise<string>;
  /** The dashboard banner: the first alert that applies, or null. */
  alert(signals: AlertSignals): Promise<Alert | null>;
  /**
   * The next assistant turn of the daily reflection, given the conversation so far (empty: the
   * opening). The caller has already answered crisis messages and caps the conversation's length.
   */
  reflection(context: ReflectionContext, transcript: readonly ChatTurn[]): Promise<ReflectionReply>;
  /** The Insights page's computed patterns, reworded one for one; never a new one, never a new number. */
  phrasePatterns(insights: readonly string[]): Promise<string[]>;
}
