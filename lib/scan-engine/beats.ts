// Individual heartbeats in the band-passed pulse: found as systolic peaks, then timed by matching each one
// against the average beat, and their intervals screened for missed, extra and mistimed beats.
import { median } from '@/lib/statistics';
import { findPeaks, parabolicOffset } from './dsp';

export type Beat = { timeMs: number; amplitude: number };

/** Beat intervals further than this from the median are missed or extra beats, not heart-rate variability. */
export const INTERVAL_TOLERANCE = 0.3;
/** Beat intervals further than this from their neighbours' are a mistimed beat: even strong sinus arrhythmia changes more slowly. */
const LOCAL_TOLERANCE = 0.2;
/** How far (in samples) the template match may move a peak: noise moves it by one or two, a wrong peak by more. */
const MATCH_SHIFT = 3;

/** Σ x[at + j]·template[j] over the template, centred on `at`. */
function correlation(x: Float64Array, at: number, template: Float64Array): number {
  const half = (template.length - 1) / 2;
  let sum = 0;
  for (let j = 0; j < template.length; j += 1) sum += x[at - half + j]! * template[j]!;
  return sum;
}

/** The average of x over ±half samples around each index. */
function averageBeat(x: Float64Array, indices: readonly number[], half: number): Float64Array {
  const template = new Float64Array(2 * half + 1);
  for (const i of indices) for (let j = -half; j <= half; j += 1) template[j + half] = template[j + half]! + x[i + j]! / indices.length;
  return template;
}

/** Pearson's correlation of x around `at` with the template. */
function pearsonAt(x: Float64Array, at: number, template: Float64Array): number {
  const n = template.length;
  const half = (n - 1) / 2;
  let [sx, sy, sxx, syy, sxy] = [0, 0, 0, 0, 0];
  for (let j = 0; j < n; j += 1) {
    const [a, b] = [x[at - half + j]!, template[j]!];
    [sx, sy, sxx, syy, sxy] = [sx + a, sy + b, sxx + a * a, syy + b * b, sxy + a * b];
  }
  const spread = (sxx - (sx * sx) / n) * (syy - (sy * sy) / n);
  return spread > 0 ? (sxy - (sx * sy) / n) / Math.sqrt(spread) : 0;
}

export type BeatDetection = {
  beats: Beat[];
  /**
   * The mean correlation of each beat (one beat period around its peak) with the average beat: a PPG
   * signal-quality index (Orphanidou et al., IEEE JBHI 19(3), 2015, accept at ≥ 0.86). Noise that moves
   * the beat times by tens of milliseconds also makes the beats look unlike each other.
   */
  templateCorrelation: number;
};

/**
 * Systolic peaks at least 0.6 of a beat apart (a refractory period that skips the dicrotic wave), each then
 * timed by cross-correlating ±0.3 beat around it with the average of all of them, refined by a parabola.
 * The match uses the whole up- and downstroke, so noise moves it less than it moves the single highest
 * sample. Peaks in the first and last second are left out: there the filters and the POS windows have not
 * settled, and a beat shifted by 100 ms still passes the ±30 % interval test.
 */
export function detectBeats(pulse: Float64Array, fs: number, startMs: number, frequency: number): BeatDetection {
  const matchHalf = Math.max(2, Math.round((0.3 * fs) / frequency));
  const beatHalf = Math.max(2, Math.round((0.5 * fs) / frequency));
  const edge = Math.max(Math.round(fs), beatHalf + MATCH_SHIFT + 1);
  const peaks = findPeaks(pulse, Math.max(1, Math.round((0.6 * fs) / frequency)), 0).filter((i) => i >= edge && i < pulse.length - edge);
  const template = averageBeat(pulse, peaks, matchHalf);
  const matched = peaks.map((i) => {
    const scores = new Map<number, number>();
    let best = i;
    for (let at = i - MATCH_SHIFT; at <= i + MATCH_SHIFT; at += 1) {
      scores.set(at, correlation(pulse, at, template));
      if (scores.get(at)! > scores.get(best)!) best = at;
    }
    const inside = best > i - MATCH_SHIFT && best < i + MATCH_SHIFT;
    const offset = inside ? parabolicOffset(scores.get(best - 1)!, scores.get(best)!, scores.get(best + 1)!) : 0;
    return { at: best, beat: { timeMs: startMs + ((best + offset) * 1000) / fs, amplitude: pulse[i]! } };
  });
  const whole = averageBeat(pulse, matched.map((m) => m.at), beatHalf);
  const correlations = matched.map((m) => pearsonAt(pulse, m.at, whole));
  const templateCorrelation = correlations.length > 0 ? correlations.reduce((a, b) => a + b, 0) / correlations.length : 0;
  return { beats: matched.map((m) => m.beat), templateCorrelation };
}

/**
 * Beat-to-beat intervals (ms), each marked plausible when within INTERVAL_TOLERANCE of the median of all
 * of them and within LOCAL_TOLERANCE of the median of the plausible ones among its five neighbours. The
 * second test catches one mistimed beat (a dropped frame on a systolic peak), which makes a long and a
 * short interval that each pass the first.
 */
export function beatIntervals(beats: readonly Beat[]): { ms: number; plausible: boolean }[] {
  const intervals = beats.slice(1).map((beat, i) => beat.timeMs - beats[i]!.timeMs);
  const typical = median(intervals);
  const global = intervals.map((ms) => Math.abs(ms - typical) <= INTERVAL_TOLERANCE * typical);
  return intervals.map((ms, i) => {
    const neighbours = intervals.slice(Math.max(0, i - 2), i + 3).filter((_, j) => global[Math.max(0, i - 2) + j]);
    const local = median(neighbours);
    return { ms, plausible: global[i]! && Math.abs(ms - local) <= LOCAL_TOLERANCE * local };
  });
}
