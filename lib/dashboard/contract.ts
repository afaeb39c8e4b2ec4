// The dashboard's response shapes (SPEC §3), shared by the route handlers, the server prefetch and the
// cards. Field names are SPEC's snake_case. Every number is computed from the user's own rows; a
// value with no data behind it is null, and the card shows a dash with what would fill it.

import type { ChangeVerdict } from '@/lib/labs/reference-change';

/** An ISO timestamp (UTC). Cards show it en-GB, 24 h, as UTC (lib/format.ts). */
export type IsoTimestamp = string;

/** GET /api/vitals */
export type VitalsResponse = {
  /**
   * The last 7 UTC days, oldest first (today included): the day's mean heart rate from the heart-rate
   * samples, or, for a day without samples, its resting heart rate; `rate` null when the day has neither.
   */
  heart_rate_history: { day: string; rate: number | null }[];
  /** Shown as 'This week': the mean of `heart_rate_history`'s days that have a rate (SPEC's field name kept). */
  heart_rate_today: number | null;
  /** Shown as 'Last week': the same mean over the 7 days before. */
  heart_rate_yesterday: number | null;
  /** Where this week's heart rates came from ("From Oura and your camera scan."); null without any. */
  heart_rate_from: string | null;
  /**
   * What the week's heart rates are: each day's mean of a device's all-day readings ('all_day'), or of its
   * camera scans alone ('scan'), else its resting rate ('resting'); 'mixed' when the days differ; null without any.
   */
  heart_rate_kind: 'all_day' | 'resting' | 'scan' | 'mixed' | null;
  /** The last 7 UTC days, oldest first: the day's stress score (0..100) from the merged daily metrics. */
  stress_history: { day: string; value: number | null }[];
  /** Shown as 'This week': 7-day mean stress. */
  stress_today: number | null;
  /** Shown as 'Last week'. */
  stress_yesterday: number | null;
  /** Where this week's stress scores came from; null without any. */
  stress_from: string | null;
  /** The latest blood-pressure reading from a scan, a typed cuff reading or a connected device. */
  bp_systolic: number | null;
  bp_diastolic: number | null;
  /**
   * Where and when that reading came from, for the card's caption: a camera engine that measures it, the
   * member's cuff (typed in a check-in or as a daily figure), a connected device, or a check-in whose
   * vendor engine did not say which of the first two it was.
   */
  bp_source: 'scan' | 'cuff' | 'device' | 'checkin' | null;
  /** The device by name when bp_source is 'device' ("Withings", "Apple Health"), else null. */
  bp_device: string | null;
  bp_measured_at: IsoTimestamp | null;
  /** Days until the weekly check-in opens again: 0 when this ISO week's is still to do. */
  bp_next_in_days: number;
};

/** GET /api/activity */
/** An input of the calorie goal that the member can give. */
export type GoalInput = 'date_of_birth' | 'height' | 'weight' | 'activity_level';

export type ActivityResponse = {
  /** goal − intake, when both are known. */
  remaining: number | null;
  /** Today's dietary energy from a source that logs food; null without one. */
  intake: number | null;
  /** Mifflin-St Jeor × an activity factor from the user's steps (else their activity level); null without weight, height or age. */
  goal: number | null;
  /** What the goal still needs, in the order a member would fill it in; empty once the goal is known. */
  goal_needs: GoalInput[];
  /** Shown as 'This week': mean daily steps over this week's complete days, the 6 before today (lib/days stepWeeks). */
  steps_today: number | null;
  /** Shown as 'Last week': the mean over the 7 days before. */
  steps_yesterday: number | null;
  /**
   * The last 7 UTC days, oldest first, today included (so far), the same days as the vital-signs charts;
   * the means above count complete days only.
   */
  steps_history: { day: string; steps: number | null }[];
  /** Where this week's steps came from; null without any. */
  steps_from: string | null;
  cardio_age: number | null;
  /** cardio_age − age in whole years: positive is older. */
  cardio_diff: number | null;
  /** ml/kg/min, the latest within 30 days. */
  vo2_max: number | null;
  /** 'Excellent' | 'Good' | 'Fair' | 'Poor' | 'Very poor', from the norms for the user's age (docs/vo2-max.md). */
  vo2_range: string | null;
  /** Where that VO2 max came from, and its day ("From Apple Health, 24 Nov 2026."). */
  vo2_from: string | null;
  next_refresh: IsoTimestamp;
};

/** GET /api/sleep_score (200); 404 { message } when there is no recent score. */
export type SleepScoreResponse = { score: number; day: string; /** "From Oura." */ from: string | null };

/** Last night's time asleep, beside the score (or in its place where the source gives none, as Apple Health). */
/** A night's stages in minutes, from the record its time asleep came from (null where the source gives none). */
export type SleepStages = { deep: number | null; light: number | null; rem: number | null; awake: number | null };

export type LastNightSleep = {
  minutes: number;
  day: string;
  from: string | null;
  /** Its stages, where the same source recorded them that night; null where it gave none. */
  stages: SleepStages | null;
};

/** GET /api/trends/testosterone */
/** `comparator` only when the lab gave a bound ("<" 17 ng/dL): the chart draws it as one, not as an exact point. */
export type TestosteronePoint = { label: string; raw: number; highlight: boolean; comparator?: '<' | '<=' | '>' | '>=' };
export type TestosteroneTrendResponse = {
  data: TestosteronePoint[];
  /** The range the lab printed beside the latest result, in ng/dL. */
  lab_range?: { low: number | null; high: number | null };
  /**
   * The same results in the member's lab units, each from the figure the lab printed, one per
   * point of `data`, and the latest one's range: what the T-Results card draws and writes.
   */
  shown?: {
    unit: string;
    points: number[];
    lab_range?: { low: number | null; high: number | null };
    /**
     * The latest exact result against the one before it (both exact), and whether the move is more than the
     * test's usual variation (lib/labs/reference-change.ts): what /my_results and the doctor's PDF say too.
     */
    change?: { since: string; verdict: ChangeVerdict };
  };
};

/** One action as the API shows it (SPEC §3 "Today's actions"). */
export type ActionItem = { id: string; title: string; subtitle: string; reason: string };
export type ManualActionItem = { id: 'manual-1' | 'manual-2'; title: string; subtitle: string };

/** GET /api/todays_actions */
export type TodaysActionsResponse = {
  action_1?: ActionItem;
  action_2?: ActionItem;
  action_3?: ActionItem;
  action_4?: ActionItem;
  /** The user's confirmed manual actions, in slot order (manual-1, then manual-2). */
  manual_actions: ManualActionItem[];
  last_refresh: IsoTimestamp;
  next_refresh: IsoTimestamp;
  cached_daily_actions_id: string;
  /** The T-Score, 0..100, or -1 (inconclusive). */
  vitality: number;
  /** Names the top factors up and down, or says what data is missing. */
  summary: string;
};

/** POST /api/get-selected-actions and the answer to POST /api/update-selected-actions */
export type SelectedActionsResponse = { selected_actions: string[] };

/** POST /api/generate_manual_action_title */
export type ManualTitleResponse = { id: 'manual-1' | 'manual-2'; title: string };

/** One supplement (SPEC §3 "Supplement item"). */
export type SupplementItem = { id: string; name: string; description: string; photo: string; link: string };

/** POST /api/recommendations */
export type RecommendationsResponse = {
  supplement_data: SupplementItem[];
  advice: string;
  next_refresh: IsoTimestamp;
  /** null, or why the advice could not use the position. */
  error: string | null;
};

/** Profile completion for the 'Your profile' ring (computed on the server page). */
export type ProfileCompletion = { percent: number; missing: string[] };

/** The "Get started" checklist's steps (lib/dashboard/getting-started.ts), each done once its data is there. */
export type StartStepKey = 'data' | 'checkin' | 'scan' | 'blood' | 'profile';
export type StartStep = {
  key: StartStepKey;
  done: boolean;
  /** Track one: the blood step is ordering the kit. */
  kit?: boolean;
  /** The data step: the wearables this install connects, in words ("Whoop or Oura"); '' for none. */
  wearables?: string;
};

/**
 * Height and weights in the member's units ("178 cm", `5' 10"`, "181.9 lbs"); null where there is none.
 * The weight is the current one (lib/metrics/current-weight.ts), and weight_from says where it came from
 * ("Withings, 24 Nov 2026", "Your own entry, 24 Nov 2026", or "Your profile" for an undated figure).
 */
export type BodyFigures = { height: string | null; weight: string | null; weight_from: string | null; goal: string | null };
