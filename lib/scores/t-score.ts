import { ISO_DAY } from '@/lib/codecs';
import { formatWeight, type UnitSystem } from '@/lib/units';
import { formatMinutes } from '@/lib/format';
import { mean } from '@/lib/statistics';
import type { Energy, Mood } from '@/lib/generated/prisma/enums';
import type { MergedDay } from '@/lib/metrics/source-priority';

// The T-Score (vitality): a 0..100 weighted mean of sub-scores, one per input, re-weighted over the
// inputs that have data. docs/t-score.md gives every weight, mapping and source; keep them in step.

/** The merged-day fields the score reads; a MergedDay from mergeDays fits. */
export type ScoredDay = Pick<MergedDay, 'day' | 'sleepDurationMinutes' | 'sleepScore' | 'hrvMs' | 'restingHeartRateBpm' | 'steps'>;
export type CheckinDay = { day: string; mood: Mood; energy: Energy; symptomCount: number };

export type TScoreInput = {
  days: readonly ScoredDay[];
  checkins: readonly CheckinDay[];
  /** The latest lab total testosterone, ng/dL. */
  testosteroneNgDl: number | null;
  currentWeightKg: number | null;
  /** The member's Units setting, for the weight's words (metric unless told). */
  units?: UnitSystem;
  goalWeightKg: number | null;
};

export type FactorKey = 'sleepDuration' | 'sleepScore' | 'hrv' | 'restingHeartRate' | 'activity' | 'weight' | 'mood' | 'energy' | 'symptoms' | 'testosterone';

export type TScoreFactor = {
  key: FactorKey;
  label: string;
  /** What this input added to or took from a neutral 50, in score points (to 0.1); they sum to score − 50 before rounding. */
  points: number;
  detail: string;
};

export type TScore = {
  /** 0..100, or -1 when inconclusive. */
  score: number;
  /** The inputs that had data, in table order; empty when inconclusive. */
  factors: TScoreFactor[];
  /** Up to two factors that raised the score most, largest first. */
  topUp: TScoreFactor[];
  /** Up to two factors that lowered it most, largest first. */
  topDown: TScoreFactor[];
  /** The inputs left out for lack of data, so the UI can say what would complete the picture. */
  missing: FactorKey[];
  /** Days in the last 37 (recent week and baseline) with a scored metric or a check-in. */
  daysOfData: number;
};

export const INCONCLUSIVE = -1;
export const MIN_DAYS_OF_DATA = 7;
/** An average of fewer values than this is noise: the input counts as missing. */
export const MIN_VALUES = 3;
const TOP_FACTORS = 2;

/** Weights in percent; they sum to 100. */
export const T_SCORE_WEIGHTS: Readonly<Record<FactorKey, number>> = {
  sleepDuration: 15,
  sleepScore: 10,
  hrv: 10,
  restingHeartRate: 10,
  activity: 15,
  weight: 10,
  mood: 5,
  energy: 5,
  symptoms: 5,
  testosterone: 15,
};

export const FACTOR_LABELS: Readonly<Record<FactorKey, string>> = {
  sleepDuration: 'Sleep duration',
  sleepScore: 'Sleep score',
  hrv: 'Heart-rate variability',
  restingHeartRate: 'Resting heart rate',
  activity: 'Activity',
  weight: 'Weight against goal',
  mood: 'Mood',
  energy: 'Energy',
  symptoms: 'Symptoms',
  testosterone: 'Testosterone',
};

const MOOD_POINTS: Readonly<Record<Mood, number>> = { TERRIBLE: 0, SAD: 25, NEUTRAL: 50, HAPPY: 75, ELATED: 100 };
const ENERGY_POINTS: Readonly<Record<Energy, number>> = { DEPLETED: 0, LOW: 100 / 3, MODERATE: 200 / 3, PEAK: 100 };

/** Windows as days before today, inclusive. Steps skip today, whose count is still growing. */
const RECENT = { from: 0, to: 6 } as const;
const BASELINE = { from: 7, to: 36 } as const;
/** This week's full days, as the dashboard averages steps (lib/days stepWeeks): the 6 before today. */
const STEPS_WEEK = { from: 1, to: 6 } as const;
type Window = { from: number; to: number };

type Stat = { mean: number; n: number };
type SubScore = { sub: number; detail: string };

const clamp = (value: number): number => Math.min(100, Math.max(0, value));
const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);
const round1 = (value: number): number => (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10 || 0;
const trim1 = (value: number): string => String(round1(value));
const dayNumber = (day: string): number => ISO_DAY.toDate(day).getTime() / 86_400_000;

function stat(values: readonly number[]): Stat | null {
  const average = mean(values);
  return values.length < MIN_VALUES || average === null ? null : { mean: average, n: values.length };
}


/** ", 20 min below your 30-day baseline", or ", in line with …" when the rounded difference is nil. */
function versus(diff: number, show: (abs: number) => string, of = ''): string {
  const shown = show(Math.abs(diff));
  if (Math.round(Math.abs(diff)) === 0) return `, in line with your 30-day baseline${of}`;
  return `, ${shown} ${diff < 0 ? 'below' : 'above'} your 30-day baseline${of}`;
}

/** "over the last 7 nights", or "over 5 of the last 7 nights" when some are missing. */
const over = (n: number, span: string, total = 7): string => (n >= total ? `over the ${span}` : `over ${n} of the ${span}`);

export function tScore(input: TScoreInput, today: string): TScore {
  if (!ISO_DAY.isReal(today)) throw new RangeError(`tScore needs today as YYYY-MM-DD, got "${today}"`);
  const todayNumber = dayNumber(today);
  const inWindow = (day: string, w: Window) => {
    const ago = todayNumber - dayNumber(day);
    return ago >= w.from && ago <= w.to;
  };
  const metric = (field: Exclude<keyof ScoredDay, 'day'>, w: Window) => stat(input.days.filter((d) => inWindow(d.day, w)).map((d) => d[field]).filter(finite));
  const recentCheckins = input.checkins.filter((c) => inWindow(c.day, RECENT));
  const checkinStat = (points: (c: CheckinDay) => number) => stat(recentCheckins.map(points).filter(finite));
  const checkins = (n: number) => `over ${n} check-in${n === 1 ? '' : 's'} in the last 7 days`;

  // Each mapping multiplies before it divides, so round inputs give exact sub-scores and a documented example reproduces.
  const evaluate: Record<FactorKey, () => SubScore | null> = {
    // 5 h → 0, 7 h (the AASM/SRS minimum) or more → 100.
    sleepDuration() {
      const recent = metric('sleepDurationMinutes', RECENT);
      if (!recent) return null;
      const base = metric('sleepDurationMinutes', BASELINE);
      const vs = base ? versus(recent.mean - base.mean, formatMinutes) : '';
      return { sub: clamp(((recent.mean - 300) * 100) / 120), detail: `Sleep averaged ${formatMinutes(recent.mean)} ${over(recent.n, 'last 7 nights')}${vs}` };
    },
    // The device's own 0..100 score, as it is.
    sleepScore() {
      const recent = metric('sleepScore', RECENT);
      if (!recent) return null;
      const base = metric('sleepScore', BASELINE);
      const vs = base ? versus(recent.mean - base.mean, (d) => `${Math.round(d)} point${Math.round(d) === 1 ? '' : 's'}`) : '';
      return { sub: clamp(recent.mean), detail: `Sleep score averaged ${Math.round(recent.mean)} ${over(recent.n, 'last 7 nights')}${vs}` };
    },
    // Against the user's baseline: 20% below → 0, at baseline → 50, 20% above → 100.
    hrv() {
      const recent = metric('hrvMs', RECENT);
      const base = metric('hrvMs', BASELINE);
      if (!recent || !base || base.mean <= 0) return null;
      const diff = recent.mean - base.mean;
      const vs = versus((diff * 100) / base.mean, (d) => `${Math.round(d)}%`, ` of ${Math.round(base.mean)} ms`);
      return { sub: clamp(50 + (diff * 250) / base.mean), detail: `HRV averaged ${Math.round(recent.mean)} ms ${over(recent.n, 'last 7 days')}${vs}` };
    },
    // Against the user's baseline: 10 points per bpm, so 5 bpm above → 0 and 5 bpm below → 100.
    restingHeartRate() {
      const recent = metric('restingHeartRateBpm', RECENT);
      const base = metric('restingHeartRateBpm', BASELINE);
      if (!recent || !base) return null;
      const diff = recent.mean - base.mean;
      const vs = versus(diff, (d) => `${Math.round(d)} bpm`, ` of ${Math.round(base.mean)} bpm`);
      return { sub: clamp(50 - diff * 10), detail: `Resting heart rate averaged ${Math.round(recent.mean)} bpm ${over(recent.n, 'last 7 days')}${vs}` };
    },
    // 2,000 steps a day → 0, 5,000 → 50, 8,000 or more (where the mortality benefit levels off) → 100.
    activity() {
      const week = metric('steps', STEPS_WEEK);
      if (!week) return null;
      const steps = Math.round(week.mean).toLocaleString('en-GB');
      return { sub: clamp(((week.mean - 2000) * 100) / 6000), detail: `Steps averaged ${steps} a day ${over(week.n, '6 full days before today', 6)}` };
    },
    // At goal → 100; each 1% away from it costs 5 points, so 10% away → 50 and 20% → 0.
    weight() {
      const { currentWeightKg: current, goalWeightKg: goal } = input;
      if (!finite(current) || !finite(goal) || current <= 0 || goal <= 0) return null;
      const diff = current - goal;
      const weight = (kg: number) => formatWeight(Math.abs(kg), input.units ?? 'metric');
      const where = round1(diff) === 0 ? 'at your goal' : `${weight(diff)} ${diff > 0 ? 'above' : 'below'} your goal of ${weight(goal)}`;
      return { sub: clamp(100 - (Math.abs(diff) * 500) / goal), detail: `You weigh ${weight(current)}, ${where}` };
    },
    // Terrible 0, Sad 25, Neutral 50, Happy 75, Elated 100, averaged.
    mood() {
      const s = checkinStat((c) => MOOD_POINTS[c.mood]);
      return s && { sub: s.mean, detail: `Mood averaged ${Math.round(s.mean)}/100 ${checkins(s.n)}` };
    },
    // Depleted 0, Low 33, Moderate 67, Peak 100, averaged.
    energy() {
      const s = checkinStat((c) => ENERGY_POINTS[c.energy]);
      return s && { sub: s.mean, detail: `Energy averaged ${Math.round(s.mean)}/100 ${checkins(s.n)}` };
    },
    // None → 100; each symptom a day on average costs 25 points.
    symptoms() {
      const s = checkinStat((c) => c.symptomCount);
      if (!s) return null;
      const noun = round1(s.mean) === 1 ? 'symptom' : 'symptoms';
      return { sub: clamp(100 - 25 * s.mean), detail: `${trim1(s.mean)} ${noun} a day on average ${checkins(s.n)}` };
    },
    // 264 ng/dL (harmonised lower limit) or less → 0, 400 (the chart band's floor) → 50, 800 or more → 100.
    testosterone() {
      const t = input.testosteroneNgDl;
      if (!finite(t) || t <= 0) return null;
      const sub = t <= 400 ? clamp(((t - 264) * 50) / 136) : clamp(50 + ((t - 400) * 50) / 400);
      const where =
        t < 264 ? 'below the 264 ng/dL lower limit of normal' : t < 400 ? 'above the 264 ng/dL lower limit but below the 400–800 ng/dL target band' : t <= 800 ? 'within the 400–800 ng/dL target band' : 'above the 400–800 ng/dL target band';
      return { sub, detail: `Latest total testosterone: ${Math.round(t)} ng/dL, ${where}` };
    },
  };

  const keys = Object.keys(T_SCORE_WEIGHTS) as FactorKey[];
  const scored = keys.map((key) => ({ key, result: evaluate[key]() }));
  const available = scored.flatMap(({ key, result }) => (result ? [{ key, ...result }] : []));
  const missing = scored.filter(({ result }) => !result).map(({ key }) => key);

  const dataDays = new Set<string>();
  for (const d of input.days) {
    const hasMetric = [d.sleepDurationMinutes, d.sleepScore, d.hrvMs, d.restingHeartRateBpm, d.steps].some(finite);
    if (hasMetric && inWindow(d.day, { from: RECENT.from, to: BASELINE.to })) dataDays.add(d.day);
  }
  for (const c of input.checkins) if (inWindow(c.day, { from: RECENT.from, to: BASELINE.to })) dataDays.add(c.day);
  const daysOfData = dataDays.size;

  const totalWeight = available.reduce((sum, f) => sum + T_SCORE_WEIGHTS[f.key], 0);
  if (daysOfData < MIN_DAYS_OF_DATA || totalWeight === 0) return { score: INCONCLUSIVE, factors: [], topUp: [], topDown: [], missing, daysOfData };

  const weighted = available.reduce((sum, f) => sum + T_SCORE_WEIGHTS[f.key] * f.sub, 0);
  const factors = available.map((f) => ({ key: f.key, label: FACTOR_LABELS[f.key], points: round1((T_SCORE_WEIGHTS[f.key] * (f.sub - 50)) / totalWeight), detail: f.detail }));
  return {
    score: Math.round(clamp(weighted / totalWeight)),
    factors,
    topUp: factors.filter((f) => f.points > 0).sort((a, b) => b.points - a.points).slice(0, TOP_FACTORS),
    topDown: factors.filter((f) => f.points < 0).sort((a, b) => a.points - b.points).slice(0, TOP_FACTORS),
    missing,
    daysOfData,
  };
}

export { gaugeLabel, type GaugeLabel } from './gauge';
