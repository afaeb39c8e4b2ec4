import { ISO_DAY } from '@/lib/codecs';
import { LBS_PER_KG, type UnitSystem } from '@/lib/units';
import { addDays, daysBetween, daysEnding, stepWeeks } from '@/lib/days';
import { formatMinutes } from '@/lib/format';
import type { Energy, Mood } from '@/lib/generated/prisma/enums';
import { leastSquaresSlope, mean, type Point, relativeChange, roundToStep, spearman } from '@/lib/insights/statistics';
import { provenance } from '@/lib/metrics/source-names';
import type { MergedDay, MetricField } from '@/lib/metrics/source-priority';

// The Insights page's "longevity trends": each one a statistic over the user's own data, phrased with
// the figures it was computed from. Pure. Every threshold is below, and docs/insights.md says why.

export type CheckinForPatterns = { day: string; mood: Mood; energy: Energy; symptoms: readonly string[] };

export type PatternInput = {
  /** Today, UTC, YYYY-MM-DD. */
  day: string;
  /** Merged daily metrics, oldest first, covering at least the 56 days up to `day`; days without data are absent. */
  days: readonly MergedDay[];
  /** Daily check-ins, oldest first, over the same window. */
  checkins: readonly CheckinForPatterns[];
  /** The member's Units setting: weights are stated in kg or lbs (metric unless told). */
  units?: UnitSystem;
};

export type InsightKind = 'trend' | 'week_over_week' | 'relationship' | 'symptoms';

export type Insight = {
  kind: InsightKind;
  /** The MergedDay field for trends and week-over-week; 'mood' or 'energy' for relationships; the symptom's label for symptoms. */
  metric: string;
  text: string;
  /** Every number the text shows, as computed (signed where a direction matters). */
  figures: Record<string, number>;
  /** Where the figures came from ("From Oura and your daily check-ins."). */
  from: string | null;
};

/** Days in a trend window, today included: four weeks. */
export const TREND_WINDOW_DAYS = 28;
/** Days with a value a trend needs: half the window, so a few lucky readings cannot draw a line. */
export const TREND_MIN_POINTS = 14;
/** The smallest change over the window (slope × 27, in each metric's unit) worth reporting: below it is day-to-day noise. */
export const TREND_MIN_CHANGE = { restingHeartRateBpm: 2, hrvMs: 3, sleepDurationMinutes: 15, steps: 500, weightKg: 0.5 } as const satisfies Partial<Record<MetricField, number>>;
export type TrendField = keyof typeof TREND_MIN_CHANGE;

/** Days with a value each week needs before its mean is compared: most of the week. */
export const WEEK_MIN_VALUES = 4;
/** The relative change between weekly means worth reporting, for metrics that scale with the person. */
export const WEEK_MIN_RELATIVE_CHANGE = 0.1;
/** A week-over-week rule: a relative change, or an absolute one where 10 % would be too much (weight, resting HR) or a percentage of a score would mislead. */
export type WeekRule = { relative: number } | { absolute: number };
export const WEEK_MIN_CHANGE = {
  restingHeartRateBpm: { absolute: 3 },
  hrvMs: { relative: WEEK_MIN_RELATIVE_CHANGE },
  sleepDurationMinutes: { relative: WEEK_MIN_RELATIVE_CHANGE },
  sleepScore: { absolute: 5 },
  steps: { relative: WEEK_MIN_RELATIVE_CHANGE },
  weightKg: { absolute: 1 },
} as const satisfies Partial<Record<MetricField, WeekRule>>;
type WeekField = keyof typeof WEEK_MIN_CHANGE;

/** Metrics whose value for today is still accumulating: their windows end yesterday, so a half-counted day never reads as a drop. */
export const PARTIAL_TODAY_METRICS: readonly MetricField[] = ['steps'];

/** Days searched for sleep/check-in pairs: the whole span the input is promised to cover. */
export const RELATIONSHIP_WINDOW_DAYS = 56;
/** Paired days a rank correlation needs: fewer and a strong-looking rho is often chance. */
export const RELATIONSHIP_MIN_PAIRS = 14;
/** The smallest |rho| reported: a moderate association, not a faint one. */
export const RELATIONSHIP_MIN_RHO = 0.4;

/** Days of check-ins the symptom counts look back over. */
export const SYMPTOM_WINDOW_DAYS = 28;
/** Check-ins those counts need: a week's worth. */
export const SYMPTOM_MIN_CHECKINS = 7;
/** The share of check-ins a symptom must be reported on to be mentioned: one day in four. */
export const SYMPTOM_MIN_SHARE = 0.25;
/** Symptoms mentioned at most. */
export const SYMPTOM_MAX = 3;

/** Insights returned at most. */
export const MAX_INSIGHTS = 8;

/** Check-in answers as ordinals, worst to best: only their order matters to a rank correlation. */
export const MOOD_ORDINAL: Readonly<Record<Mood, number>> = { TERRIBLE: 0, SAD: 1, NEUTRAL: 2, HAPPY: 3, ELATED: 4 };
export const ENERGY_ORDINAL: Readonly<Record<Energy, number>> = { DEPLETED: 0, LOW: 1, MODERATE: 2, PEAK: 3 };

// Absorbs float error so a change of exactly the threshold, computed from round data, still counts.
const EPSILON = 1e-9;

type Unit = {
  label: string;
  /** A value without its unit, as the text writes it. */
  number: (value: number) => string;
  /** Written once after a value or a range ("58 → 55 bpm"). */
  unit: string;
  /** Written after a difference, when not `unit`. */
  diffUnit?: string;
  /** Rounding of trend figures and of weekly means. */
  trendStep: number;
  weekStep: number;
  /** " a day" after a weekly mean, where it helps. */
  per: string;
  /** The week-over-week words for an increase and a decrease. */
  more: string;
  less: string;
};

const gb = (value: number): string => value.toLocaleString('en-GB');
const gb1 = (value: number): string => value.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const UNITS: Readonly<Record<TrendField | WeekField, Unit>> = {
  restingHeartRateBpm: { label: 'Resting heart rate', number: gb, unit: ' bpm', trendStep: 1, weekStep: 1, per: '', more: 'higher', less: 'lower' },
  hrvMs: { label: 'Heart-rate variability', number: gb, unit: ' ms', trendStep: 1, weekStep: 1, per: '', more: 'higher', less: 'lower' },
  sleepDurationMinutes: { label: 'Sleep', number: formatMinutes, unit: '', trendStep: 1, weekStep: 1, per: ' a night', more: 'more', less: 'less' },
  sleepScore: { label: 'Sleep score', number: gb, unit: '', diffUnit: ' points', trendStep: 1, weekStep: 1, per: '', more: 'higher', less: 'lower' },
  steps: { label: 'Steps', number: gb, unit: '', trendStep: 100, weekStep: 1, per: ' a day', more: 'more', less: 'fewer' },
  weightKg: { label: 'Weight', number: gb1, unit: ' kg', trendStep: 0.1, weekStep: 0.1, per: '', more: 'higher', less: 'lower' },
};

const show = (u: Unit, value: number): string => `${u.number(value)}${u.unit}`;

/** A weight in pounds for a member who reads pounds: the series, the thresholds and the words, all alike. */
const IN_POUNDS: Unit = { ...UNITS.weightKg, unit: ' lbs' };
const unitOf = (field: TrendField | WeekField, units: UnitSystem): { u: Unit; scale: number } =>
  field === 'weightKg' && units === 'imperial' ? { u: IN_POUNDS, scale: LBS_PER_KG } : { u: UNITS[field], scale: 1 };

/** The last complete day of a metric: yesterday for those still counting today. */
const lastDayOf = (field: MetricField, today: string): string => (PARTIAL_TODAY_METRICS.includes(field) ? addDays(today, -1) : today);

/** A metric's values over the `count` days ending `last`, x being the day's place in that window (0 = first). */
function series(byDay: ReadonlyMap<string, MergedDay>, field: MetricField, last: string, count: number, scale = 1): Point[] {
  const points: Point[] = [];
  for (let x = 0; x < count; x += 1) {
    const value = byDay.get(addDays(last, x - count + 1))?.[field];
    if (typeof value === 'number' && Number.isFinite(value)) points.push({ x, y: value * scale });
  }
  return points;
}

/**
 * A metric's values this week and last, over the dashboard's days: the 7 days ending today and the 7
 * before, or for a count still growing today (steps) the complete days among them (lib/days stepWeeks).
 */
function weeks(byDay: ReadonlyMap<string, MergedDay>, field: MetricField, today: string, scale: number): { thisWeek: number[]; lastWeek: number[]; days: string[] } {
  const days = PARTIAL_TODAY_METRICS.includes(field) ? stepWeeks(today) : { thisWeek: daysEnding(today, 7), lastWeek: daysEnding(addDays(today, -7), 7) };
  const values = (list: string[]) =>
    list.flatMap((day) => {
      const value = byDay.get(day)?.[field];
      return typeof value === 'number' && Number.isFinite(value) ? [value * scale] : [];
    });
  return { thisWeek: values(days.thisWeek), lastWeek: values(days.lastWeek), days: [...days.lastWeek, ...days.thisWeek] };
}

/** The sources of a metric's values on the given days, once per day, for the statement's caption. */
const sourcesOf = (byDay: ReadonlyMap<string, MergedDay>, field: MetricField, days: readonly string[]) =>
  days.map((day) => {
    const merged = byDay.get(day);
    return merged && merged[field] !== null ? merged.sources[field] : null;
  });

/** The measures a trend statement can be about, each of which has its chart on /insights. */
export const TREND_FIELDS = Object.keys(TREND_MIN_CHANGE) as TrendField[];

/**
 * The fitted line a trend statement quotes, for its chart: the least-squares line over the same 28 days
 * ending on the same last day, in the member's units; null with too few days for one. `start` is its value
 * on `first`, `end` on `last`.
 */
export function trendLineOf(byDay: ReadonlyMap<string, MergedDay>, field: TrendField, today: string, units: UnitSystem): { first: string; last: string; start: number; end: number } | null {
  const { scale } = unitOf(field, units);
  const last = lastDayOf(field, today);
  const points = series(byDay, field, last, TREND_WINDOW_DAYS, scale);
  const line = points.length >= TREND_MIN_POINTS ? leastSquaresSlope(points) : null;
  if (!line) return null;
  return { first: addDays(last, -(TREND_WINDOW_DAYS - 1)), last, start: line.intercept, end: line.intercept + line.slope * (TREND_WINDOW_DAYS - 1) };
}

function trend(byDay: ReadonlyMap<string, MergedDay>, field: TrendField, today: string, units: UnitSystem): Insight | null {
  const { u, scale } = unitOf(field, units);
  const points = series(byDay, field, lastDayOf(field, today), TREND_WINDOW_DAYS, scale);
  const line = points.length >= TREND_MIN_POINTS ? leastSquaresSlope(points) : null;
  if (!line) return null;
  const span = TREND_WINDOW_DAYS - 1;
  const rawChange = line.slope * span;
  if (Math.abs(rawChange) < TREND_MIN_CHANGE[field] * scale - EPSILON) return null;
  const from = roundToStep(line.intercept, u.trendStep);
  const change = roundToStep(rawChange, u.trendStep);
  // The end is the start plus the rounded change, so the sentence adds up.
  const to = roundToStep(from + change, u.trendStep);
  // A fitted line that leaves the possible range at either end is not a figure to show.
  if (from < 0 || to < 0 || line.intercept + rawChange < 0) return null;
  // The four weeks' line may rise while the last week fell: the statement says so rather than contradict
  // the week's figures the dashboard shows beside it (the same 7-day windows).
  const { thisWeek, lastWeek } = weeks(byDay, field, today, scale);
  const shown = (values: number[]) => {
    const average = mean(values);
    return average === null ? null : roundToStep(average, u.weekStep);
  };
  const [shownNow, shownBefore] = [shown(thisWeek), shown(lastWeek)];
  const against = shownNow !== null && shownBefore !== null && Math.sign(shownNow - shownBefore) === -Math.sign(change);
  const though = against ? `, though this week’s ${show(u, shownNow)}${u.per} is ${change > 0 ? 'below' : 'above'} last week’s ${show(u, shownBefore)}` : '';
  const text = `${u.label} ${change > 0 ? 'rose' : 'fell'} ${show(u, Math.abs(change))} over ${TREND_WINDOW_DAYS / 7} weeks (${u.number(from)} → ${u.number(to)}${u.unit})${though}.`;
  const window = daysEnding(lastDayOf(field, today), TREND_WINDOW_DAYS);
  return { kind: 'trend', metric: field, text, figures: { change, from, to, slopePerDay: line.slope, days: line.n }, from: provenance(sourcesOf(byDay, field, window)) };
}

function weekOverWeek(byDay: ReadonlyMap<string, MergedDay>, field: WeekField, today: string, units: UnitSystem): Insight | null {
  const { u, scale } = unitOf(field, units);
  const { thisWeek, lastWeek, days } = weeks(byDay, field, today, scale);
  const sourced = provenance(sourcesOf(byDay, field, days));
  if (thisWeek.length < WEEK_MIN_VALUES || lastWeek.length < WEEK_MIN_VALUES) return null;
  const now = mean(thisWeek);
  const before = mean(lastWeek);
  if (now === null || before === null) return null;
  const rule: WeekRule = WEEK_MIN_CHANGE[field];
  const shownNow = roundToStep(now, u.weekStep);
  const shownBefore = roundToStep(before, u.weekStep);
  const counts = { thisWeekDays: thisWeek.length, lastWeekDays: lastWeek.length };
  const lead = `${u.label} averaged ${show(u, shownNow)}${u.per} this week`;
  if ('relative' in rule) {
    const relative = relativeChange(now, before);
    if (relative === null || Math.abs(relative) < rule.relative - EPSILON) return null;
    const percent = roundToStep(relative * 100, 1);
    const text = `${lead}, ${Math.abs(percent)}% ${percent > 0 ? u.more : u.less} than last week (${show(u, shownBefore)}).`;
    return { kind: 'week_over_week', metric: field, text, figures: { thisWeek: shownNow, lastWeek: shownBefore, percent, ...counts }, from: sourced };
  }
  if (Math.abs(now - before) < rule.absolute * scale - EPSILON) return null;
  // The difference of the shown means, so the sentence adds up; rounding is monotonic, so it meets the threshold too.
  const difference = roundToStep(shownNow - shownBefore, u.weekStep);
  if (Math.abs(difference) < rule.absolute * scale - EPSILON) return null;
  const text = `${lead}, ${u.number(Math.abs(difference))}${u.diffUnit ?? u.unit} ${difference > 0 ? u.more : u.less} than last week (${show(u, shownBefore)}).`;
  return { kind: 'week_over_week', metric: field, text, figures: { thisWeek: shownNow, lastWeek: shownBefore, difference, ...counts }, from: sourced };
}

const OUTCOMES = {
  mood: { ordinal: (c: CheckinForPatterns) => MOOD_ORDINAL[c.mood], up: 'better', down: 'worse' },
  energy: { ordinal: (c: CheckinForPatterns) => ENERGY_ORDINAL[c.energy], up: 'higher', down: 'lower' },
} as const;

/** Sleep dated D is the night before check-in D, so the two pair on the same day. */
function relationship(byDay: ReadonlyMap<string, MergedDay>, checkins: readonly CheckinForPatterns[], outcome: keyof typeof OUTCOMES, today: string): Insight | null {
  const { ordinal, up, down } = OUTCOMES[outcome];
  const pairs: [number, number][] = [];
  const sleepDays: string[] = [];
  for (const checkin of checkins) {
    if (!inLast(checkin.day, today, RELATIONSHIP_WINDOW_DAYS)) continue;
    const sleep = byDay.get(checkin.day)?.sleepDurationMinutes;
    if (typeof sleep === 'number' && Number.isFinite(sleep)) {
      pairs.push([sleep, ordinal(checkin)]);
      sleepDays.push(checkin.day);
    }
  }
  if (pairs.length < RELATIONSHIP_MIN_PAIRS) return null;
  const rho = spearman(pairs);
  if (rho === null || Math.abs(rho) < RELATIONSHIP_MIN_RHO - EPSILON) return null;
  const shown = roundToStep(rho, 0.01);
  // The strength in words, not the coefficient (docs/insights.md: the bands); the figure stays in `figures`.
  const strength = Math.abs(shown) >= 0.7 ? 'a strong pattern' : Math.abs(shown) >= 0.55 ? 'a clear pattern' : 'a moderate pattern';
  const text = `On days after longer sleep your ${outcome} tends to be ${rho > 0 ? up : down}: ${strength} over ${pairs.length} days.`;
  return { kind: 'relationship', metric: outcome, text, figures: { rho: shown, days: pairs.length }, from: provenance(sourcesOf(byDay, 'sleepDurationMinutes', sleepDays), ['checkins']) };
}

function symptoms(checkins: readonly CheckinForPatterns[], today: string): Insight[] {
  const recent = checkins.filter((c) => inLast(c.day, today, SYMPTOM_WINDOW_DAYS));
  if (recent.length < SYMPTOM_MIN_CHECKINS) return [];
  const counts = new Map<string, number>();
  for (const checkin of recent) for (const symptom of new Set(checkin.symptoms)) counts.set(symptom, (counts.get(symptom) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count >= SYMPTOM_MIN_SHARE * recent.length - EPSILON)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, SYMPTOM_MAX)
    .map(([symptom, count]): Insight => ({
      kind: 'symptoms',
      metric: symptom,
      text: `${symptom} on ${count} of your last ${recent.length} check-ins.`,
      figures: { count, checkins: recent.length },
      from: provenance([], ['checkins']),
    }));
}

/** True when `day` is one of the `count` days ending `today`. */
const inLast = (day: string, today: string, count: number): boolean => {
  const ago = daysBetween(day, today);
  return ago >= 0 && ago < count;
};

/** The most recent entry per day (a repeated day keeps the later one), oldest first. */
function latestPerDay<T extends { day: string }>(entries: readonly T[]): T[] {
  const byDay = new Map<string, T>();
  for (const entry of entries) if (ISO_DAY.isReal(entry.day)) byDay.set(entry.day, entry);
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** The user's patterns, in the order trends, week-over-week, relationships, symptoms; at most MAX_INSIGHTS. */
export function computePatterns(input: PatternInput): Insight[] {
  if (!ISO_DAY.isReal(input.day)) throw new RangeError(`computePatterns needs day as YYYY-MM-DD, got "${input.day}"`);
  const today = input.day;
  const byDay = new Map(latestPerDay(input.days).map((d) => [d.day, d]));
  const checkins = latestPerDay(input.checkins);
  const insights = [
    ...(Object.keys(TREND_MIN_CHANGE) as TrendField[]).map((field) => trend(byDay, field, today, input.units ?? 'metric')),
    ...(Object.keys(WEEK_MIN_CHANGE) as WeekField[]).map((field) => weekOverWeek(byDay, field, today, input.units ?? 'metric')),
    relationship(byDay, checkins, 'mood', today),
    relationship(byDay, checkins, 'energy', today),
    ...symptoms(checkins, today),
  ];
  return insights.filter((insight): insight is Insight => insight !== null).slice(0, MAX_INSIGHTS);
}
