// Heart rate and signal quality from the camera's colour traces. Two pulse extractors (POS and PBV) each
// give a band-passed pulse; the spectral peak of each sets a rate and a quality, and the cleaner one wins.
// The beats found in the time domain refine the rate when they agree with it, and feed HRV and breathing.
import { bandPass, bandPower, movingAverage, periodogram, resampleUniform, robustClip, spectralPeak, suppressBursts, type Spectrum } from './dsp';
import { beatIntervals, detectBeats, type Beat } from './beats';
import { pbv } from './pbv';
import { pos, POS_WINDOW_S } from './pos';

/** The analysis grid: the camera's usual frame rate; 15 fps cameras are upsampled onto it. */
export const ANALYSIS_FS = 30;
/** Heart rates the scan can report: 42–240 bpm. */
export const PULSE_BAND_HZ = { low: 0.7, high: 4 } as const;
/**
 * The band-pass is wider than the search band: run forward and backward it halves the power at its corners,
 * and a 48 bpm pulse at 0.8 Hz must not lose to noise at 2 Hz because the filter dimmed it.
 */
const FILTER_BAND_HZ = { low: 0.5, high: 5 } as const;
/** Half-width of the window around the peak (and its harmonic) that counts as pulse power. */
const PEAK_HALF_WIDTH_HZ = 0.1;
/** Pulse-power shares that map to 0 and 1: white noise alone puts ~0.15 there, a clean pulse ≥ 0.65 (0.75 at 48 bpm). */
const SHARE_AT_ZERO = 0.15;
const SHARE_AT_ONE = 0.65;
/** Sub-windows for the rhythm check: long enough to resolve the rate, short enough to have several. */
const SEGMENT_S = 12;
/** A peak at half the strongest frequency with this share of its power is the fundamental, the stronger one its harmonic. */
const SUBHARMONIC_RATIO = 0.4;

export type PulseMethod = 'pos' | 'pbv';

export type HeartRateEstimate = {
  /** The reported rate: the beats' mean rate when consistent with the spectrum, else the spectral rate. */
  bpm: number;
  spectralBpm: number;
  /** 0..1: spectralShareQuality × rhythmConsistency. */
  quality: number;
  beats: Beat[];
  /** How alike the beats are (beats.ts); HRV needs them alike. */
  templateCorrelation: number;
};

/** The channel means resampled onto the ANALYSIS_FS grid that starts at the first sample. */
export function resampleChannels(t: ArrayLike<number>, r: ArrayLike<number>, g: ArrayLike<number>, b: ArrayLike<number>): [Float64Array, Float64Array, Float64Array] {
  return [resampleUniform(t, r, ANALYSIS_FS), resampleUniform(t, g, ANALYSIS_FS), resampleUniform(t, b, ANALYSIS_FS)];
}

const filter = (x: Float64Array) => bandPass(x, ANALYSIS_FS, FILTER_BAND_HZ.low, FILTER_BAND_HZ.high);
/** Motion bursts out, then any single spike the burst detector's 1 s window was too coarse for clipped. */
const clean = (x: Float64Array) => robustClip(suppressBursts(x, ANALYSIS_FS, 2.5), 4);

export const PULSE_METHODS: readonly PulseMethod[] = ['pos', 'pbv'];

/** One extractor's pulse from channels on the ANALYSIS_FS grid: band-passed, bursts removed, beats upward. */
export function extractPulse(method: PulseMethod, r: Float64Array, g: Float64Array, b: Float64Array): Float64Array {
  if (method === 'pos') return clean(filter(pos(r, g, b, ANALYSIS_FS).map((v) => -v))); // POS follows reflected light, which dims as blood volume rises
  const window = Math.round(POS_WINDOW_S * ANALYSIS_FS);
  const relative = [r, g, b].map((x) => {
    const local = movingAverage(x, window);
    return filter(x.map((v, i) => (local[i]! > 0 ? v / local[i]! - 1 : 0)));
  }) as [Float64Array, Float64Array, Float64Array];
  return clean(pbv(relative));
}

/** Share of in-band power within ±PEAK_HALF_WIDTH_HZ of f and of 2f, mapped linearly to 0..1. */
export function spectralShareQuality(spectrum: Spectrum, frequency: number): number {
  const { low, high } = PULSE_BAND_HZ;
  const total = bandPower(spectrum, low, high);
  if (!(total > 0)) return 0;
  const window = (centre: number) => bandPower(spectrum, Math.max(low, centre - PEAK_HALF_WIDTH_HZ), Math.min(high, centre + PEAK_HALF_WIDTH_HZ));
  const harmonic = 2 * frequency - PEAK_HALF_WIDTH_HZ < high ? window(2 * frequency) : 0;
  const share = (window(frequency) + harmonic) / total;
  return Math.max(0, Math.min(1, (share - SHARE_AT_ZERO) / (SHARE_AT_ONE - SHARE_AT_ZERO)));
}

/**
 * The spectrum with the power within ±PEAK_HALF_WIDTH_HZ of each forbidden frequency (the light's lines,
 * light.ts) taken out, so that no peak is found there.
 */
export function masked(spectrum: Spectrum, forbidden: readonly number[]): Spectrum {
  if (!forbidden.length) return spectrum;
  const power = spectrum.power.slice();
  for (const f of forbidden) {
    const first = Math.max(0, Math.floor((f - PEAK_HALF_WIDTH_HZ) / spectrum.df));
    const last = Math.min(power.length - 1, Math.ceil((f + PEAK_HALF_WIDTH_HZ) / spectrum.df));
    for (let k = first; k <= last; k += 1) power[k] = 0;
  }
  return { power, df: spectrum.df };
}

/**
 * The share of half-overlapping sub-windows (SEGMENT_S, or half the signal when shorter) whose own
 * strongest frequency is f or 2f. A heart keeps its rhythm through the scan; a noise peak or a motion
 * artefact that won the whole-scan spectrum is rarely the winner of most of its parts.
 */
export function rhythmConsistency(pulse: Float64Array, frequency: number, forbidden: readonly number[] = []): number {
  const length = Math.min(Math.round(SEGMENT_S * ANALYSIS_FS), Math.floor(pulse.length / 2));
  if (length < 4 * ANALYSIS_FS) return 0;
  const tolerance = Math.max(PEAK_HALF_WIDTH_HZ, ANALYSIS_FS / length); // one resolution bin of a short window
  let agreeing = 0;
  let segments = 0;
  for (let start = 0; start + length <= pulse.length; start += Math.floor(length / 2)) {
    const peak = spectralPeak(masked(periodogram(pulse.subarray(start, start + length), ANALYSIS_FS, 2048), forbidden), PULSE_BAND_HZ.low, PULSE_BAND_HZ.high);
    segments += 1;
    if (peak !== null && (Math.abs(peak.frequency - frequency) <= tolerance || Math.abs(peak.frequency - 2 * frequency) <= tolerance)) agreeing += 1;
  }
  return agreeing / segments;
}

/** The strongest pulse frequency, stepping down to the fundamental when the strongest is its second harmonic. */
function fundamental(spectrum: Spectrum): number | null {
  const peak = spectralPeak(spectrum, PULSE_BAND_HZ.low, PULSE_BAND_HZ.high);
  if (peak === null) return null;
  const half = peak.frequency / 2;
  if (half < PULSE_BAND_HZ.low) return peak.frequency;
  const sub = spectralPeak(spectrum, Math.max(PULSE_BAND_HZ.low, half - 0.1), half + 0.1);
  const isLocalMax = sub !== null && spectrum.power[sub.bin - 1]! < sub.power && spectrum.power[sub.bin + 1]! <= sub.power;
  return sub !== null && isLocalMax && sub.power >= SUBHARMONIC_RATIO * peak.power ? sub.frequency : peak.frequency;
}

/**
 * Heart rate, quality and beats of one band-passed pulse on the ANALYSIS_FS grid starting at startMs. No
 * rate is read within ±PEAK_HALF_WIDTH_HZ of a forbidden frequency (the light's lines), and the share of
 * the pulse band's power those lines hold caps the quality: a reading beside a competing periodic source
 * is never of full quality.
 */
export function estimateHeartRate(pulse: Float64Array, startMs: number, forbidden: readonly number[] = []): HeartRateEstimate | null {
  // Zero-padding to 4096 points puts bins 0.44 bpm apart; the parabola refines from there.
  const whole = periodogram(pulse, ANALYSIS_FS, 4096);
  const spectrum = masked(whole, forbidden);
  const frequency = fundamental(spectrum);
  if (frequency === null) return null;
  // The lines that are not this pulse's own harmonics compete with it (a pulse's 2× may fall on a line).
  const ownHarmonic = (line: number) => [1, 2, 3].some((k) => Math.abs(line - k * frequency) <= PEAK_HALF_WIDTH_HZ);
  const inBand = bandPower(whole, PULSE_BAND_HZ.low, PULSE_BAND_HZ.high);
  const others = masked(whole, forbidden.filter((line) => !ownHarmonic(line)));
  const competing = inBand > 0 ? 1 - bandPower(others, PULSE_BAND_HZ.low, PULSE_BAND_HZ.high) / inBand : 0;
  const spectralBpm = frequency * 60;
  const { beats, templateCorrelation } = detectBeats(pulse, ANALYSIS_FS, startMs, frequency);
  const intervals = beatIntervals(beats);
  const plausible = intervals.filter((interval) => interval.plausible);
  // The beats time the whole scan without the spectrum's window smearing, but only when nearly all of them
  // are real beats: a few extra or missed ones that pass the ±30 % test pull their mean rate off.
  const reliable = plausible.length >= 10 && plausible.length >= 0.9 * intervals.length;
  const beatsBpm = reliable ? 60_000 / (plausible.reduce((sum, interval) => sum + interval.ms, 0) / plausible.length) : null;
  const consistent = beatsBpm !== null && Math.abs(beatsBpm - spectralBpm) <= 0.03 * spectralBpm;
  return {
    bpm: consistent ? (beatsBpm + spectralBpm) / 2 : spectralBpm,
    spectralBpm,
    // The share is taken with every line out: a line on the pulse's harmonic adds nothing to the pulse.
    quality: Math.min(spectralShareQuality(spectrum, frequency) * rhythmConsistency(pulse, frequency, forbidden), 1 - competing),
    beats,
    templateCorrelation,
  };
}

/** Qualities closer than this are a tie (both saturate at 1 on a clean signal). */
const QUALITY_TIE = 0.05;

/**
 * The estimate (and its pulse) of whichever extractor gives the higher quality, or null without signal.
 * On a tie the one whose beats are more alike wins: on a clean signal POS's per-window tuning reshapes
 * each beat a little, which moves beat times by ~10 ms where PBV's fixed weights do not.
 */
export function bestHeartRate(r: Float64Array, g: Float64Array, b: Float64Array, startMs: number, forbidden: readonly number[] = []): (HeartRateEstimate & { method: PulseMethod; pulse: Float64Array }) | null {
  let best: (HeartRateEstimate & { method: PulseMethod; pulse: Float64Array }) | null = null;
  for (const method of PULSE_METHODS) {
    const pulse = extractPulse(method, r, g, b);
    const estimate = estimateHeartRate(pulse, startMs, forbidden);
    if (estimate === null) continue;
    const better =
      best === null ||
      estimate.quality > best.quality + QUALITY_TIE ||
      (estimate.quality >= best.quality - QUALITY_TIE && estimate.templateCorrelation > best.templateCorrelation);
    if (better) best = { ...estimate, method, pulse };
  }
  return best;
}
