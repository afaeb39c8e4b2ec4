import normalCdfOf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantileOf from '@stdlib/stats-base-dists-normal-quantile';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { ISO_DAY } from '@/lib/codecs';
import { mean } from '@/lib/statistics';

// "Did this change help me?" for one member's own trial: a regression with AR(1) errors, fitted by
// feasible GLS (Prais–Winsten) on the calendar-day index, so missing days are gaps of the right length.
// Pure and deterministic. The method, its calibration and the wording are in docs/experiments.md.

// Math's functions held in module scope: in a vm sandbox (Jest's) every global lookup costs ~100 times more.
const { abs, log, max, min, round, sign, sqrt } = Math;
const { isFinite: finite } = Number;

export type Period = 'baseline' | 'change' | 'return';
export type ExperimentDay = {
  /** YYYY-MM-DD, the member's local day. */
  day: string;
  value: number | null;
  period: Period;
  /** Ill, travelling, drinking: kept in the analysis unless the options say otherwise, and counted. */
  flagged?: boolean;
  /** On a change day: did he do it. */
  didIt?: boolean | null;
};
/** Which way is better for this outcome. */
export type Direction = 'higher' | 'lower';
export type ExperimentVerdict = 'helped' | 'hurt' | 'no-change' | 'too-little-data';
export type ExperimentAnalysis = {
  verdict: ExperimentVerdict;
  /** The change period's level minus the baseline's (model estimate), in the outcome's unit. */
  effect: number | null;
  /** The 90 % interval of the effect. */
  interval: [number, number] | null;
  /** The smallest true effect this design finds 80 % of the time at the 90 % level, from his own variability. */
  detectable: number | null;
  /** With too little data: the observed days still needed to reach the planned design. */
  moreDays: number | null;
  /** The detectable size of the planned design (at least the planned change days), with the same SD and ρ. */
  detectableAtPlan: number | null;
  /** The degrees of freedom of the interval's t quantile, after the penalties for an estimated ρ. */
  df: number | null;
  /** The AR(1) coefficient used. */
  rho: number;
  /** The residual SD of the stationary series; null with fewer than two degrees of freedom. */
  sd: number | null;
  /** Observed days (with a value, in the analysis) per period; flagged and missing days of the periods' spans. */
  days: { baseline: number; change: number; return: number; flagged: number; missing: number };
  /** The share of answered change days ticked done. */
  adherence: number | null;
  /** Plain means of the observed days. */
  means: { baseline: number | null; change: number | null; return: number | null };
};
export type ExperimentOptions = {
  direction: Direction;
  plannedChangeDays: number;
  /** Observed days each of the baseline and the change period need before a verdict (14). */
  minimumDays?: number;
  /** Leave flagged days out (as missing) instead of keeping them. */
  excludeFlagged?: boolean;
};

export const MINIMUM_DAYS = 14;
/** Return days from which an ABA analysis fits a drift; with fewer they are counted but left out (AB). */
export const RETURN_MINIMUM_DAYS = 7;
/** The largest ρ used: beyond it 14 days hold too little independent information to trust. */
export const MAX_RHO = 0.9;
/** The ρ used when there are fewer than this many pairs of consecutive days to estimate it from. */
export const MIN_PAIRS = 5;
export const FALLBACK_RHO = 0.5;

const DAY_MS = 86_400_000;
const PERIODS: readonly Period[] = ['baseline', 'change', 'return'];

type Observation = { t: number; value: number; period: Period };
type Fit = { beta: number[]; inverse: number[][]; rss: number };

/** Days since the epoch of a real YYYY-MM-DD day. */
function dayIndex(day: string): number {
  if (!ISO_DAY.isReal(day)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return round(ISO_DAY.toDate(day).getTime() / DAY_MS);
}

/**
 * One observation per calendar day. A day listed twice (a time-zone change repeats a local day) takes the
 * mean of its values, summed in sorted order so the input's order changes nothing; a day listed under two
 * periods is ambiguous and left out (counted missing).
 */
function collate(days: readonly ExperimentDay[], excludeFlagged: boolean) {
  const byDay = new Map<number, { values: number[]; periods: Set<Period>; flagged: boolean; done: boolean; answered: boolean }>();
  const spans = new Map<Period, [number, number]>();
  for (const entry of days) {
    const t = dayIndex(entry.day);
    const slot = byDay.get(t) ?? { values: [], periods: new Set<Period>(), flagged: false, done: false, answered: false };
    byDay.set(t, slot);
    slot.periods.add(entry.period);
    slot.flagged ||= entry.flagged === true;
    if (entry.value !== null && finite(entry.value)) slot.values.push(entry.value);
    if (entry.period === 'change' && typeof entry.didIt === 'boolean') [slot.answered, slot.done] = [true, slot.done || entry.didIt];
    const span = spans.get(entry.period);
    spans.set(entry.period, span ? [min(span[0], t), max(span[1], t)] : [t, t]);
  }
  const observations: Observation[] = [];
  let flagged = 0;
  let answered = 0;
  let done = 0;
  for (const [t, slot] of [...byDay].sort((a, b) => a[0] - b[0])) {
    if (slot.periods.has('change') && slot.periods.size === 1 && slot.answered) [answered, done] = [answered + 1, done + (slot.done ? 1 : 0)];
    if (slot.values.length === 0 || slot.periods.size > 1) continue;
    if (slot.flagged) flagged += 1;
    if (slot.flagged && excludeFlagged) continue;
    const sorted = slot.values.sort((a, b) => a - b);
    observations.push({ t, value: sorted.reduce((sum, v) => sum + v, 0) / sorted.length, period: [...slot.periods][0]! });
  }
  const covered = new Set<number>();
  for (const [from, to] of spans.values()) for (let t = from; t <= to; t += 1) covered.add(t);
  const observed = new Set(observations.map((o) => o.t));
  const missing = [...covered].filter((t) => !observed.has(t) && !(excludeFlagged && byDay.get(t)?.flagged)).length;
  return { observations, flagged, missing, adherence: answered === 0 ? null : done / answered };
}

/** Inverse of a small symmetric positive-definite matrix (Gauss–Jordan), or null when singular. */
function invert(matrix: readonly number[][]): number[][] | null {
  const p = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: p }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < p; col += 1) {
    const scale = max(1, ...a.map((row) => abs(row[col]!)));
    if (abs(a[col]![col]!) <= 1e-12 * scale) return null;
    const pivot = a[col]![col]!;
    for (let j = 0; j < 2 * p; j += 1) a[col]![j]! /= pivot;
    for (let i = 0; i < p; i += 1) {
      if (i === col) continue;
      const factor = a[i]![col]!;
      for (let j = 0; j < 2 * p; j += 1) a[i]![j]! -= factor * a[col]![j]!;
    }
  }
  return a.map((row) => row.slice(p));
}

/**
 * Prais–Winsten rows: with g the real gap to the previous observation, (x_t − ρ^g x_{t−g}) / √(1 − ρ^{2g});
 * the first row as it is. Every row then has the stationary variance, so OLS on them is GLS.
 */
function whiten(t: readonly number[], column: readonly number[], rho: number): number[] {
  const out = column.slice();
  if (rho === 0) return out;
  for (let i = 1; i < column.length; i += 1) {
    const gap = t[i]! - t[i - 1]!;
    const r = gap === 1 ? rho : rho ** gap;
    out[i] = (column[i]! - r * column[i - 1]!) / sqrt(1 - r * r);
  }
  return out;
}

const dot = (a: readonly number[], b: readonly number[]) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
};
const times = (m: readonly number[][], v: readonly number[]) => m.map((row) => dot(row, v));

/** GLS with AR(1) coefficient rho: the coefficients, (X̃'X̃)⁻¹ and the residual sum of squares of the whitened rows. */
function gls(t: readonly number[], y: readonly number[], columns: readonly number[][], rho: number): Fit | null {
  const wy = whiten(t, y, rho);
  const wx = columns.map((column) => whiten(t, column, rho));
  const inverse = invert(wx.map((a) => wx.map((b) => dot(a, b))));
  if (!inverse) return null;
  const beta = times(inverse, wx.map((a) => dot(a, wy)));
  let rss = 0;
  for (let i = 0; i < wy.length; i += 1) {
    let residual = wy[i]!;
    for (let j = 0; j < wx.length; j += 1) residual -= wx[j]![i]! * beta[j]!;
    rss += residual * residual;
  }
  return { beta, inverse, rss };
}

type Rho = { rho: number; variance: number; pairs: number };

/** ρ^(t_i − t_{i−1}) for each observation after the first (0 for the first). */
function lagFactors(t: readonly number[], rho: number): number[] {
  return t.map((day, i) => (i === 0 ? 0 : day - t[i - 1]! === 1 ? rho : rho ** (day - t[i - 1]!)));
}

/** Σv for Σ_ij = ρ^|t_i − t_j| (the AR(1) correlation on the calendar days), in O(n) by two recursions. */
function correlationTimes(factors: readonly number[], v: readonly number[]): number[] {
  const n = v.length;
  const forward = v.slice();
  const backward = v.slice();
  for (let i = 1; i < n; i += 1) forward[i]! += factors[i]! * forward[i - 1]!;
  for (let i = n - 2; i >= 0; i -= 1) backward[i]! += factors[i + 1]! * backward[i + 1]!;
  for (let i = 0; i < n; i += 1) forward[i]! += backward[i]! - v[i]!;
  return forward;
}

/**
 * The lag-1 ratio that OLS residuals of this design would show on average, E[Σ e_t e_{t−1}] / E[Σ ½(e_t² + e_{t−1}²)]
 * over the pairs of consecutive days, if the errors were AR(1) with coefficient rho. With H = X G X' and
 * G = (X'X)⁻¹, the residuals' covariance is (I − H) Σ (I − H), whose entries need only ΣX: O(n p²) per rho.
 */
function expectedRatio(t: readonly number[], columns: readonly number[][], g: readonly number[][], gx: readonly number[][], pairs: readonly number[], rho: number): number {
  const p = columns.length;
  const factors = lagFactors(t, rho);
  const sx = columns.map((column) => correlationTimes(factors, column));
  const q = columns.map((column) => sx.map((other) => dot(column, other)));
  const gqg = g.map((row) => times(g, times(q, row)));
  // Column k of X·GQG, so x_i·(GQG x_j) is Σ_k columns[k][i]·cx[k][j].
  const cx = gqg.map((row) => t.map((_, i) => row.reduce((sum, v, l) => sum + v * columns[l]![i]!, 0)));
  // (I − H)Σ(I − H) at (i, j): Σ_ij − (Gx_i)·(ΣX)_j − (ΣX)_i·(Gx_j) + x_i·(GQG x_j), with Q = X'ΣX.
  const entry = (i: number, j: number, correlation: number) => {
    let value = correlation;
    for (let k = 0; k < p; k += 1) value += columns[k]![i]! * cx[k]![j]! - gx[k]![i]! * sx[k]![j]! - sx[k]![i]! * gx[k]![j]!;
    return value;
  };
  let cross = 0;
  let squares = 0;
  for (const i of pairs) {
    cross += entry(i, i - 1, rho);
    squares += (entry(i, i, 1) + entry(i - 1, i - 1, 1)) / 2;
  }
  return cross / squares;
}

/**
 * ρ from the lag-1 autocorrelation r of the OLS residuals over pairs of consecutive calendar days only,
 * corrected for its small-sample bias by solving E[r | ρ] = r for this very design (its regressors and its
 * gaps), clipped to [0, MAX_RHO]; and its variance, (1 − ρ²)/pairs through the slope of that correction.
 */
function estimateRho(t: readonly number[], columns: readonly number[][], residual: readonly number[], g: readonly number[][]): Rho {
  const pairs = t.flatMap((day, i) => (i > 0 && day - t[i - 1]! === 1 ? [i] : []));
  let cross = 0;
  let squares = 0;
  for (const i of pairs) {
    cross += residual[i]! * residual[i - 1]!;
    squares += (residual[i]! ** 2 + residual[i - 1]! ** 2) / 2;
  }
  if (pairs.length < MIN_PAIRS) return { rho: FALLBACK_RHO, variance: MAX_RHO ** 2 / 12, pairs: pairs.length };
  if (squares === 0) return { rho: 0, variance: 0, pairs: pairs.length };
  const gx = g.map((row) => t.map((_, i) => row.reduce((sum, v, l) => sum + v * columns[l]![i]!, 0)));
  const expected = (rho: number) => expectedRatio(t, columns, g, gx, pairs, rho) - cross / squares;
  // E[r | ρ] rises with ρ: the root by regula falsi (Illinois), clipped to the ends.
  let [a, b, fa, fb] = [0, MAX_RHO, expected(0), expected(MAX_RHO)];
  if (!finite(fa) || !finite(fb)) return { rho: FALLBACK_RHO, variance: MAX_RHO ** 2 / 12, pairs: pairs.length };
  let rho = fa >= 0 ? 0 : fb <= 0 ? MAX_RHO : Number.NaN;
  for (let i = 0, side = 0; Number.isNaN(rho) && i < 50; i += 1) {
    const c = (a * fb - b * fa) / (fb - fa);
    const fc = expected(c);
    if (abs(fc) < 1e-10 || b - a < 1e-9) rho = c;
    else if (fc < 0) [a, fa, fb, side] = [c, fc, side === -1 ? fb / 2 : fb, -1];
    else [b, fb, fa, side] = [c, fc, side === 1 ? fa / 2 : fa, 1];
  }
  if (Number.isNaN(rho)) rho = (a + b) / 2;
  const [low, high] = [max(0, rho - 0.01), rho + 0.01];
  const slope = (expected(high) - expected(low)) / (high - low);
  const variance = (1 - rho * rho) / pairs.length / (slope * slope);
  // Clipped at 0, only a positive ρ would widen the interval: weigh its variance by how likely that is,
  // from where the unclipped estimate would lie.
  if (rho === 0) return { rho, variance: variance * normalCdf(-fa / slope / sqrt(variance)), pairs: pairs.length };
  return { rho, variance, pairs: pairs.length };
}

/** Feasible GLS: OLS, ρ from its residuals, then GLS with that ρ. */
function feasibleGls(t: readonly number[], y: readonly number[], columns: readonly number[][]): (Fit & Rho & { sdSlope: number }) | null {
  const ols = gls(t, y, columns, 0);
  if (!ols) return null;
  const residual = y.map((v, i) => v - columns.reduce((fit, column, j) => fit + column[i]! * ols.beta[j]!, 0));
  const estimate = estimateRho(t, columns, residual, ols.inverse);
  const fit = gls(t, y, columns, estimate.rho);
  return fit && { ...fit, ...estimate, sdSlope: logSlope((rho) => gls(t, y, columns, rho)?.rss ?? Number.NaN, estimate.rho) };
}

/** (ln f(b) − ln f(a)) / (b − a) over ρ ± 0.01 (one-sided at 0): the slope of ln f at rho; 0 where f is 0 (a perfect fit). */
function logSlope(f: (rho: number) => number, rho: number): number {
  const [a, b] = [max(0, rho - 0.01), rho + 0.01];
  const slope = (log(f(b)) - log(f(a))) / (b - a);
  return finite(slope) ? slope : 0;
}

/**
 * The t distribution's degrees of freedom, with two penalties for an estimated ρ: the residual df scaled to
 * the effective number of independent days, (n − p − 1)(1 − ρ)/(1 + ρ); then Satterthwaite's
 * approximation adds the variability ρ's estimate brings into SE² = σ̂²(ρ)·[(X̃'X̃)⁻¹]_δδ(ρ):
 * 2/ν = 2/ν_eff + (∂ln SE²/∂ρ)² Var(ρ̂). sdSlope is ∂ln σ̂²/∂ρ, from the data.
 */
function degreesOfFreedom(t: readonly number[], columns: readonly number[][], estimate: Rho, sdSlope: number): number {
  const effective = max(1, ((t.length - columns.length - 1) * (1 - estimate.rho)) / (1 + estimate.rho));
  const slope = sdSlope + logSlope((rho) => gls(t, t.map(() => 0), columns, rho)!.inverse[1]![1]!, estimate.rho);
  const df = 2 / (2 / effective + slope * slope * estimate.variance);
  return finite(df) ? max(1, df) : 1;
}

/** The columns: intercept, the change step and, for ABA, the calendar day (a linear drift). */
function designColumns(observations: readonly Observation[], trend: boolean): number[][] {
  const columns = [observations.map(() => 1), observations.map((o) => (o.period === 'change' ? 1 : 0))];
  if (trend) columns.push(observations.map((o) => o.t - observations[0]!.t));
  return columns;
}

/** (t_{0.95,df} + z_{0.80}) × SE: the effect the 90 % interval leaves clear of zero 80 % of the time. */
const detectableSize = (se: number, df: number) => (studentTQuantile(0.95, df) + Z_80) * se;

/**
 * The detectable size of consecutive-day periods of these lengths, with the SD and ρ fitted; ρ's variance
 * shrinks with the pairs of consecutive days the longer design would give.
 */
function plannedDetectable(lengths: readonly [Period, number][], sd: number, estimate: Rho & { sdSlope: number }): number | null {
  const plan: Observation[] = lengths.flatMap(([period, count]) => Array.from({ length: count }, () => ({ t: 0, value: 0, period })));
  plan.forEach((o, i) => (o.t = i));
  const t = plan.map((o) => o.t);
  const columns = designColumns(plan, lengths.some(([period, count]) => period === 'return' && count > 0));
  const fit = gls(t, t.map(() => 0), columns, estimate.rho);
  if (!fit || t.length - columns.length - 1 < 1) return null;
  const variance = estimate.pairs >= MIN_PAIRS ? (estimate.variance * estimate.pairs) / (t.length - 1) : estimate.variance;
  const df = degreesOfFreedom(t, columns, { ...estimate, variance }, estimate.sdSlope);
  return detectableSize(sd * sqrt(fit.inverse[1]![1]!), df);
}


export function analyseExperiment(days: readonly ExperimentDay[], options: ExperimentOptions): ExperimentAnalysis {
  const minimum = options.minimumDays ?? MINIMUM_DAYS;
  const planned = max(options.plannedChangeDays, minimum);
  const { observations, flagged, missing, adherence } = collate(days, options.excludeFlagged === true);
  const of = (period: Period) => observations.filter((o) => o.period === period);
  const [baseline, change, returned] = PERIODS.map((period) => of(period));
  const counts = { baseline: baseline!.length, change: change!.length, return: returned!.length };
  const means = { baseline: mean(baseline!.map((o) => o.value)), change: mean(change!.map((o) => o.value)), return: mean(returned!.map((o) => o.value)) };
  const aba = counts.return >= RETURN_MINIMUM_DAYS;
  const used = aba ? observations : observations.filter((o) => o.period !== 'return');
  // With no change day yet the step is not in the model: the SD and ρ come from the baseline alone.
  const columns = counts.change > 0 && counts.baseline > 0 ? designColumns(used, aba) : designColumns(used, aba).filter((_, j) => j !== 1);
  const t = used.map((o) => o.t);
  const residualDf = used.length - columns.length;
  const fit = residualDf >= 2 ? feasibleGls(t, used.map((o) => o.value), columns) : null;
  const sd = fit ? sqrt(fit.rss / residualDf) : null;
  const rho = fit?.rho ?? 0;
  const lengths: [Period, number][] = [['baseline', max(counts.baseline, minimum)], ['change', max(counts.change, planned)], ['return', aba ? counts.return : 0]];
  const plan = fit && sd !== null ? plannedDetectable(lengths, sd, fit) : null;
  const shared = { rho, sd, days: { ...counts, flagged, missing }, adherence, means, detectableAtPlan: plan };

  if (counts.baseline < minimum || counts.change < minimum || !fit || sd === null) {
    const moreDays = max(0, planned - counts.change) + max(0, minimum - counts.baseline);
    return { verdict: 'too-little-data', effect: null, interval: null, detectable: null, df: null, moreDays, ...shared };
  }
  const effect = fit.beta[1]!;
  const se = sd * sqrt(fit.inverse[1]![1]!);
  const df = degreesOfFreedom(t, columns, fit, fit.sdSlope);
  const quantile = studentTQuantile(0.95, df);
  const interval: [number, number] = [effect - quantile * se, effect + quantile * se];
  const better = options.direction === 'higher' ? 1 : -1;
  const verdict = interval[0] > 0 || interval[1] < 0 ? (sign(effect) === better ? 'helped' : 'hurt') : 'no-change';
  return { verdict, effect, interval, detectable: (quantile + Z_80) * se, df, moreDays: null, ...shared };
}

/** How the app words an analysis, e.g. "Likely helped: HRV 6 ms higher (90 % interval 2–10 ms)". */
export function experimentSentence(analysis: ExperimentAnalysis, outcome: { name: string; unit: string; decimals?: number }): string {
  const figure = (value: number) => `${abs(value).toLocaleString('en-GB', { maximumFractionDigits: outcome.decimals ?? 0, minimumFractionDigits: outcome.decimals ?? 0 })}`;
  const unit = outcome.unit ? ` ${outcome.unit}` : '';
  const { verdict, effect, interval, detectable, moreDays, detectableAtPlan } = analysis;
  if ((verdict === 'helped' || verdict === 'hurt') && effect !== null && interval) {
    const [near, far] = effect > 0 ? interval : [interval[1], interval[0]];
    return `Likely ${verdict}: ${outcome.name} ${figure(effect)}${unit} ${effect > 0 ? 'higher' : 'lower'} (90 % interval ${figure(near)}–${figure(far)}${unit})`;
  }
  if (verdict === 'no-change' && detectable !== null) return `No change seen: this experiment could have detected a change of ${figure(detectable)}${unit} or more`;
  const days = `${moreDays ?? 0} more ${moreDays === 1 ? 'day' : 'days'}`;
  return detectableAtPlan === null ? `Too little data yet: ${days} to go` : `Too little data yet: ${days} would detect a change of ${figure(detectableAtPlan)}${unit}`;
}

// The distributions from stdlib's kept implementations (@stdlib/stats-base-dists-*): Student's t quantile
// takes a fractional df, and an infinite df is the normal's.

/** z_{0.80}, the one-sided normal quantile for 80 % power. */
export const Z_80 = normalQuantileOf(0.8, 0, 1);

/** The standard normal distribution function. */
const normalCdf = (x: number): number => normalCdfOf(x, 0, 1);

/** The p quantile of Student's t with df degrees of freedom (df may be fractional; Infinity is the normal). */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) throw new RangeError(`studentTQuantile needs 0 < p < 1 and df > 0, not p ${p}, df ${df}`);
  return finite(df) ? tQuantile(p, df) : normalQuantileOf(p, 0, 1);
}
