import { ISO_DAY } from '@/lib/codecs';
import { addDays, daysBetween } from '@/lib/days';
import { formatMinutes } from '@/lib/format';
import { PARTIAL_TODAY_METRICS } from '@/lib/insights/patterns';
import { roundToStep } from '@/lib/insights/statistics';
import type { MetricField } from '@/lib/metrics/source-priority';

// Personal normal ranges: the band a member's own recent days fall in, so one day can be read against
// his usual rather than a population's. Pure and browser-safe. docs/insights.md "Personal normal ranges".

/** Days the band is drawn from: the 30 before the day judged, that day excluded. */
export const RANGE_WINDOW_DAYS = 30;
/** Values the band needs: fewer and a 10th or 90th percentile is one or two odd days. */
export const RANGE_MIN_VALUES = 14;
/** The band's ends, as percentiles of the window's values. */
export const RANGE_LOW_PERCENTILE = 10;
export const RANGE_HIGH_PERCENTILE = 90;

export type RangeMetric = 'hrv' | 'restingHeartRate' | 'sleepDuration' | 'steps';
export type RangeField = Extract<MetricField, 'hrvMs' | 'restingHeartRateBpm' | 'sleepDurationMinutes' | 'steps'>;

export type RangeMetricInfo = {
  /** The MergedDay field the metric's values come from. */
  field: RangeField;
  /** The metric's name as a heading or a chart axis shows it. */
  label: string;
  /** Written once after a value or a band ("44–61 ms"); empty where the number says it all. */
  unit: string;
  /** Display precision: values and band ends are rounded to this before they are shown or compared. */
  step: number;
  /** A value without its unit, rounded to `step` ("8,200", "7 h 10 min"). */
  number: (value: number) => string;
  /** A value as a reader sees it: rounded, with its unit ("38 ms", "7 h 10 min", "8,200"). */
  format: (value: number) => string;
};

const gb = (step: number) => (value: number): string => roundToStep(value, step).toLocaleString('en-GB');
const info = (field: RangeField, label: string, unit: string, number: (value: number) => string): RangeMetricInfo => ({
  field,
  label,
  unit,
  step: 1,
  number,
  format: (value) => `${number(value)}${unit}`,
});

/** Each metric's field, label and display, shared by the verdicts, the UI and the charts. */
export const RANGE_METRICS: Readonly<Record<RangeMetric, RangeMetricInfo>> = {
  hrv: info('hrvMs', 'Heart-rate variability', ' ms', gb(1)),
  restingHeartRate: info('restingHeartRateBpm', 'Resting heart rate', ' bpm', gb(1)),
  sleepDuration: info('sleepDurationMinutes', 'Sleep', '', (value) => formatMinutes(roundToStep(value, 1))),
  steps: info('steps', 'Steps', '', gb(1)),
};

/** How a verdict names the day judged: sleep dated D is the night before D; steps are judged on yesterday. */
const SUBJECT: Readonly<Record<RangeMetric, { subject: string; verb: 'is' | 'was' }>> = {
  hrv: { subject: 'Your HRV today', verb: 'is' },
  restingHeartRate: { subject: 'Your resting heart rate today', verb: 'is' },
  sleepDuration: { subject: 'Your sleep last night', verb: 'was' },
  steps: { subject: 'Your step count yesterday', verb: 'was' },
};

export type RangeValue = { day: string; value: number | null };

export type PersonalRangeOptions = {
  /** Days before the day judged that the band is drawn from (RANGE_WINDOW_DAYS unless told). */
  windowDays?: number;
  /** Values the band needs (RANGE_MIN_VALUES unless told). */
  minValues?: number;
};

export type PersonalRange = {
  /** The RANGE_LOW_PERCENTILE-th and RANGE_HIGH_PERCENTILE-th percentiles, unrounded. */
  low: number;
  high: number;
  /** The 50th percentile, by the same method. */
  median: number;
  /** Values the band was drawn from. */
  n: number;
  /** The window's first and last day (the day before the one judged), whether or not they have a value. */
  from: string;
  to: string;
};

/**
 * The `p`-th percentile (0–100) of `values` by linear interpolation between closest ranks, the same as
 * NumPy's default (method 'linear', Hyndman & Fan type 7): sorted x[0..n−1], h = (n − 1) × p / 100,
 * result x[⌊h⌋] + (h − ⌊h⌋) × (x[⌊h⌋ + 1] − x[⌊h⌋]). Null for no values or a non-finite one.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile needs p from 0 to 100, got ${p}`);
  if (values.length === 0 || !values.every((v) => Number.isFinite(v))) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const h = ((sorted.length - 1) * p) / 100;
  const lower = Math.floor(h);
  const below = sorted[lower]!;
  const above = sorted[Math.min(lower + 1, sorted.length - 1)]!;
  // Kept between the two ranks it interpolates, so float error can never put a lower percentile above a higher one.
  return Math.min(above, Math.max(below, below + (h - lower) * (above - below)));
}

const wholeAtLeastOne = (value: number): boolean => Number.isInteger(value) && value >= 1;

/**
 * The member's usual band for one metric: the 10th to 90th percentile of his values on the
 * RANGE_WINDOW_DAYS days before `day` (`day` itself and later days are left out, so `day` can be judged
 * against it). Null with fewer than RANGE_MIN_VALUES values. For steps pass rangeDayFor('steps', today).
 * A repeated day keeps its last entry; a null or non-finite value, or a day that is not YYYY-MM-DD, is missing.
 */
export function personalRange(values: readonly RangeValue[], day: string, options: PersonalRangeOptions = {}): PersonalRange | null {
  if (!ISO_DAY.isReal(day)) throw new RangeError(`personalRange needs day as YYYY-MM-DD, got "${day}"`);
  const { windowDays = RANGE_WINDOW_DAYS, minValues = RANGE_MIN_VALUES } = options;
  if (!wholeAtLeastOne(windowDays) || !wholeAtLeastOne(minValues)) throw new RangeError(`personalRange needs whole windowDays and minValues of at least 1, got ${windowDays} and ${minValues}`);

  const latest = new Map<string, number | null>();
  for (const entry of values) {
    if (!ISO_DAY.isReal(entry.day)) continue;
    const ago = daysBetween(entry.day, day);
    if (ago >= 1 && ago <= windowDays) latest.set(entry.day, entry.value);
  }
  const window = [...latest.values()].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (window.length < minValues) return null;

  const low = percentile(window, RANGE_LOW_PERCENTILE);
  const median = percentile(window, 50);
  const high = percentile(window, RANGE_HIGH_PERCENTILE);
  if (low === null || median === null || high === null) return null;
  return { low, high, median, n: window.length, from: addDays(day, -windowDays), to: addDays(day, -1) };
}

/**
 * The day a metric's verdict is given for: yesterday for steps, whose count for today is still growing
 * (a half-counted day would read as below the band every morning), today for the others.
 */
export function rangeDayFor(metric: RangeMetric, today: string): string {
  if (!ISO_DAY.isReal(today)) throw new RangeError(`rangeDayFor needs today as YYYY-MM-DD, got "${today}"`);
  return PARTIAL_TODAY_METRICS.includes(RANGE_METRICS[metric].field) ? addDays(today, -1) : today;
}

/**
 * One plain sentence when `value` lies outside `range`, naming the direction and the figures; null when
 * it lies inside or either is missing. Both are compared as shown (rounded to the metric's step), so a
 * value that rounds to a band end is inside and the sentence never contradicts its own numbers.
 * `value` is the metric's value on the day the range was drawn for (rangeDayFor).
 */
export function rangeVerdict(metric: RangeMetric, value: number | null | undefined, range: PersonalRange | null): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || !range) return null;
  const m = RANGE_METRICS[metric];
  const [shown, low, high] = [value, range.low, range.high].map((v) => roundToStep(v, m.step)) as [number, number, number];
  if (shown >= low && shown <= high) return null;
  // Ends written with spaces ("6 h 50 min") take a spaced dash, so the band reads as two figures.
  const dash = /\s/.test(m.number(low) + m.number(high)) ? ' – ' : '–';
  // A band whose ends round alike is one usual figure, not a range.
  const band = low === high ? `usual level (${m.format(low)}` : `usual range (${m.number(low)}${dash}${m.number(high)}${m.unit}`;
  const days = daysBetween(range.from, range.to) + 1;
  const { subject, verb } = SUBJECT[metric];
  return `${subject}, ${m.format(shown)}, ${verb} ${shown < low ? 'below' : 'above'} your ${band} over the last ${days} days).`;
}
