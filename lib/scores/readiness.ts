import { ISO_DAY } from '@/lib/codecs';
import { formatMinutes } from '@/lib/format';
import { median } from '@/lib/statistics';
import type { MergedDay } from '@/lib/metrics/source-priority';

// The daily readiness score ("go hard or ease off"): last night against the member's own recent nights,
// a 0..100 weighted mean of sub-scores re-weighted over the inputs present. Pure and deterministic.
// docs/readiness.md gives every window, weight and mapping; keep the three (code, doc, tests) in step.

/** One merged day (a MergedDay from mergeDays fits), plus an optional nightly skin-temperature deviation. */
export type ReadinessDay = Pick<MergedDay, 'day' | 'hrvMs' | 'restingHeartRateBpm' | 'sleepDurationMinutes' | 'respiratoryRateBpm'> & {
  /** °C from the device's own baseline, as Oura reports it; no source stores it yet. */
  temperatureDeviationC?: number | null;
};

/** `days` must hold at most one record per day: the caller merges sources first (mergeDays). */
export type ReadinessInput = { today: string; days: readonly ReadinessDay[] };

export type ReadinessKey = 'hrv' | 'restingHeartRate' | 'sleepDuration' | 'respiratoryRate' | 'temperature';
export type ReadinessBand = 'go' | 'steady' | 'ease';

export type ReadinessFactor = {
  key: ReadinessKey;
  label: string;
  /** Last night's value, as given. */
  today: number;
  /** The median of the baseline window; 0 for temperature, already a deviation from the device's baseline. */
  baseline: number;
  /** 0..100, 50 = at baseline, to 0.1. */
  sub: number;
  /** What this input added to or took from a neutral 50, in score points (to 0.1). */
  points: number;
  detail: string;
};

export const BASELINE_NIGHTS = 28;
export const MIN_BASELINE_NIGHTS = 4;

export type Readiness =
  | { state: 'ready'; score: number; band: ReadinessBand; factors: ReadinessFactor[]; headline: string }
  | { state: 'calibrating'; nights: number; needed: typeof MIN_BASELINE_NIGHTS; detail: string }
  | { state: 'no-data'; detail: string };

/** Weights in percent; they sum to 100. HRV and resting heart rate carry 65 of them. */
export const READINESS_WEIGHTS: Readonly<Record<ReadinessKey, number>> = { hrv: 35, restingHeartRate: 30, sleepDuration: 20, respiratoryRate: 10, temperature: 5 };

export const READINESS_LABELS: Readonly<Record<ReadinessKey, string>> = {
  hrv: 'Heart-rate variability',
  restingHeartRate: 'Resting heart rate',
  sleepDuration: 'Sleep duration',
  respiratoryRate: 'Respiratory rate',
  temperature: 'Skin temperature',
};

/** Band floors, as WHOOP's green (67+), yellow (34–66) and red (33 or less). */
export const GO_FLOOR = 67;
export const STEADY_FLOOR = 34;

/** A robust SD from a MAD: 1.4826 × MAD estimates the SD of normal data. */
const MAD_TO_SD = 1.4826;
/** Sub-score points per robust SD, so 2.5 SD from the median reaches 0 or 100. */
const POINTS_PER_SD = 20;
/** The least spread each baseline is given, so a flat baseline doesn't turn a small change into a big one. */
const SPREAD_FLOOR = { hrv: 0.1 /* ln units, about 10 % */, restingHeartRate: 3, sleepDuration: 30, respiratoryRate: 1 } as const;

const HEADLINES: Readonly<Record<ReadinessBand, string>> = {
  go: 'Ready to go hard today.',
  steady: 'Steady today: train as planned, without chasing a personal best.',
  ease: 'Ease off today: keep training light and put recovery first.',
};

const clamp = (value: number): number => Math.min(100, Math.max(0, value));
const round1 = (value: number): number => (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10 || 0;
const dayNumber = (day: string): number => ISO_DAY.toDate(day).getTime() / 86_400_000;
const positive = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Median, and the robust SD of `distance(value, median)` floored at `floor`. */
function baselineOf(values: readonly number[], floor: number, distance: (value: number, centre: number) => number) {
  const centre = median(values);
  return { centre, spread: Math.max(MAD_TO_SD * median(values.map((v) => Math.abs(distance(v, centre)))), floor) };
}

const linear = (value: number, centre: number): number => value - centre;
const logRatio = (value: number, centre: number): number => Math.log(value / centre);

/** ", 12% above your usual 46 ms"; ", in line with your usual 46 ms" when the difference as shown (`diff`, already rounded) is nil. */
function versus(diff: number, shown: string, usual: string, more = 'above', less = 'below'): string {
  return diff === 0 ? `, in line with your usual ${usual}` : `, ${shown} ${diff > 0 ? more : less} your usual ${usual}`;
}

type Scored = { sub: number; detail: string; baseline: number };
type Field = 'hrvMs' | 'restingHeartRateBpm' | 'sleepDurationMinutes' | 'respiratoryRateBpm';
type BaselineInput = { field: Field; score: (today: number, values: readonly number[]) => Scored };

const BASELINE_INPUTS: Readonly<Record<Exclude<ReadinessKey, 'temperature'>, BaselineInput>> = {
  // Ratio to the median in ln units, so the scale of the device's HRV doesn't matter: up is better.
  hrv: {
    field: 'hrvMs',
    score(today, values) {
      const { centre, spread } = baselineOf(values, SPREAD_FLOOR.hrv, logRatio);
      const pct = Math.round((today / centre - 1) * 100) || 0;
      const detail = `HRV ${Math.round(today)} ms${versus(pct, `${Math.abs(pct)}%`, `${Math.round(centre)} ms`)}`;
      return { sub: clamp(50 + (POINTS_PER_SD * logRatio(today, centre)) / spread), detail, baseline: centre };
    },
  },
  // bpm against the median: down is better.
  restingHeartRate: {
    field: 'restingHeartRateBpm',
    score(today, values) {
      const { centre, spread } = baselineOf(values, SPREAD_FLOOR.restingHeartRate, linear);
      const diff = Math.round(today) - Math.round(centre);
      const detail = `Resting heart rate ${Math.round(today)} bpm${versus(diff, `${Math.abs(diff)} bpm`, `${Math.round(centre)} bpm`)}`;
      return { sub: clamp(50 - (POINTS_PER_SD * (today - centre)) / spread), detail, baseline: centre };
    },
  },
  // Minutes against the median, capped by the T-Score's absolute line: 5 h → 0, 6 h → 50, 7 h → 100.
  sleepDuration: {
    field: 'sleepDurationMinutes',
    score(today, values) {
      const { centre, spread } = baselineOf(values, SPREAD_FLOOR.sleepDuration, linear);
      const diff = Math.round(today) - Math.round(centre);
      const short = today < 360 ? ' (under 6 h)' : '';
      const detail = `Slept ${formatMinutes(today)}${short}${versus(diff, formatMinutes(diff), formatMinutes(centre), 'more than', 'less than')}`;
      const relative = 50 + (POINTS_PER_SD * (today - centre)) / spread;
      return { sub: clamp(Math.min(relative, ((today - 300) * 100) / 120)), detail, baseline: centre };
    },
  },
  // Breaths a minute against the median: only a rise counts, so at or below the usual rate is 50.
  respiratoryRate: {
    field: 'respiratoryRateBpm',
    score(today, values) {
      const { centre, spread } = baselineOf(values, SPREAD_FLOOR.respiratoryRate, linear);
      const diff = round1(round1(today) - round1(centre));
      const detail = `Respiratory rate ${round1(today)} breaths a minute${versus(diff, String(Math.abs(diff)), String(round1(centre)))}`;
      return { sub: clamp(50 - (POINTS_PER_SD * Math.max(0, today - centre)) / spread), detail, baseline: centre };
    },
  },
};

/** Already a deviation from the device's own baseline: 1 °C up → 0, 2 °C down → 0. */
function temperature(deviation: number): Scored {
  const shown = Math.abs(round1(deviation));
  const where = shown === 0 ? 'in line with your baseline' : `${shown} °C ${deviation > 0 ? 'above' : 'below'} your baseline`;
  return { sub: clamp(deviation >= 0 ? 50 - 50 * deviation : 50 + 25 * deviation), detail: `Skin temperature ${where}`, baseline: 0 };
}

/** ≥ 67 go, 34–66 steady, ≤ 33 ease. */
export function readinessBand(score: number): ReadinessBand {
  if (score >= GO_FLOOR) return 'go';
  return score >= STEADY_FLOOR ? 'steady' : 'ease';
}

export function readinessScore({ today, days }: ReadinessInput): Readiness {
  if (!ISO_DAY.isReal(today)) throw new RangeError(`readinessScore needs today as YYYY-MM-DD, got "${today}"`);
  const todayNumber = dayNumber(today);
  const seen = new Set<string>();
  const baseline: ReadinessDay[] = [];
  let tonight: ReadinessDay | undefined;
  for (const d of days) {
    const ago = todayNumber - dayNumber(d.day);
    if (!(ago >= 0) || !ISO_DAY.isReal(d.day)) continue; // after today, or not a calendar day
    if (seen.has(d.day)) throw new RangeError(`readinessScore got ${d.day} twice; merge each day's sources first (mergeDays)`);
    seen.add(d.day);
    if (ago === 0) tonight = d;
    else if (ago <= BASELINE_NIGHTS) baseline.push(d);
  }

  const valuesOf = (field: Field) => baseline.map((d) => d[field]).filter(positive);
  const anchors = (['hrvMs', 'restingHeartRateBpm'] as const).filter((field) => positive(tonight?.[field]));
  if (anchors.length === 0) {
    const how = 'wear your ring or strap overnight, or import your history on My devices';
    const detail = positive(tonight?.sleepDurationMinutes)
      ? `Last night has sleep but no HRV or resting heart rate, and readiness needs one of them: ${how}.`
      : `No HRV or resting heart rate for last night: ${how}.`;
    return { state: 'no-data', detail };
  }
  const nights = Math.max(...anchors.map((field) => valuesOf(field).length));
  if (nights < MIN_BASELINE_NIGHTS) return { state: 'calibrating', nights, needed: MIN_BASELINE_NIGHTS, detail: `Calibrating: ${nights} of ${MIN_BASELINE_NIGHTS} nights.` };

  const scored: { key: ReadinessKey; today: number; result: Scored }[] = [];
  for (const [key, input] of Object.entries(BASELINE_INPUTS) as [Exclude<ReadinessKey, 'temperature'>, BaselineInput][]) {
    const value = tonight?.[input.field];
    const values = valuesOf(input.field);
    if (positive(value) && values.length >= MIN_BASELINE_NIGHTS) scored.push({ key, today: value, result: input.score(value, values) });
  }
  const deviation = tonight?.temperatureDeviationC;
  if (typeof deviation === 'number' && Number.isFinite(deviation)) scored.push({ key: 'temperature', today: deviation, result: temperature(deviation) });

  const totalWeight = scored.reduce((sum, f) => sum + READINESS_WEIGHTS[f.key], 0);
  const score = Math.round(clamp(scored.reduce((sum, f) => sum + READINESS_WEIGHTS[f.key] * f.result.sub, 0) / totalWeight));
  const band = readinessBand(score);
  const factors = scored.map(({ key, today: value, result }) => ({
    key,
    label: READINESS_LABELS[key],
    today: value,
    baseline: result.baseline,
    sub: round1(result.sub),
    points: round1((READINESS_WEIGHTS[key] * (result.sub - 50)) / totalWeight),
    detail: result.detail,
  }));
  return { state: 'ready', score, band, factors, headline: HEADLINES[band] };
}
