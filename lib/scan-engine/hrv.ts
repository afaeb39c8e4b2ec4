// Heart-rate variability from the detected beats: SDNN and ln(RMSSD), over the plausible intervals only,
// since one missed or doubled beat adds a ±100 % interval that would swamp a 5 % variability.
import { sampleSd } from '@/lib/statistics';
import { beatIntervals, type Beat } from './beats';

/** Fewer plausible intervals than this and SDNN is noise (short-term HRV norms use at least ~30 s). */
export const MIN_HRV_INTERVALS = 15;
/** When more than this share of intervals is implausible the beats are not trustworthy enough for HRV. */
const MAX_REJECTED_SHARE = 0.3;
/**
 * Below this beat-to-template correlation, noise moves each beat time by tens of milliseconds and SDNN
 * comes out too high by more than the ±15 ms that makes it useful. Orphanidou et al. (2015) accept a PPG
 * segment for heart rate at 0.86; beat-to-beat timing needs a little more, and on the synthetic clips
 * 0.88 keeps the SDNN error within about ±15 ms.
 */
export const MIN_TEMPLATE_CORRELATION = 0.88;

export type Hrv = { sdnnMs: number; lnRmssdMs: number };

/**
 * SDNN: the standard deviation of the plausible intervals. RMSSD: the root mean square of the differences
 * between successive intervals, taken only where both are plausible (a difference across a rejected
 * interval would compare beats that are not neighbours). Null when the beats are too noisy, too few, or
 * too many are rejected.
 */
export function hrvFromBeats(beats: readonly Beat[], templateCorrelation: number): Hrv | null {
  if (templateCorrelation < MIN_TEMPLATE_CORRELATION) return null;
  const intervals = beatIntervals(beats);
  const plausible = intervals.filter((interval) => interval.plausible).map((interval) => interval.ms);
  if (plausible.length < MIN_HRV_INTERVALS || plausible.length < (1 - MAX_REJECTED_SHARE) * intervals.length) return null;
  const sdnnMs = sampleSd(plausible);
  if (sdnnMs === null) return null;
  let squares = 0;
  let pairs = 0;
  for (let i = 1; i < intervals.length; i += 1) {
    const [previous, current] = [intervals[i - 1]!, intervals[i]!];
    if (!previous.plausible || !current.plausible) continue;
    squares += (current.ms - previous.ms) ** 2;
    pairs += 1;
  }
  if (pairs < MIN_HRV_INTERVALS - 1 || squares === 0) return null;
  return { sdnnMs, lnRmssdMs: Math.log(Math.sqrt(squares / pairs)) };
}

/** Why HRV was not given for a pulse that was read: the member is told (the result screen). */
export type HrvWithheld = 'unclear-beats' | 'few-beats' | 'missed-beats';

/** The reason hrvFromBeats gives no HRV for these beats, or null when it gives one. */
export function hrvWithheld(beats: readonly Beat[], templateCorrelation: number): HrvWithheld | null {
  if (hrvFromBeats(beats, templateCorrelation)) return null;
  if (templateCorrelation < MIN_TEMPLATE_CORRELATION) return 'unclear-beats';
  const intervals = beatIntervals(beats);
  const plausible = intervals.filter((interval) => interval.plausible).length;
  if (plausible < MIN_HRV_INTERVALS) return 'few-beats';
  return 'missed-beats';
}
