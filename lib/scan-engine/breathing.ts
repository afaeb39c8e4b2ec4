// Breathing rate from the three ways breathing shows in a camera pulse signal (Karlen et al., "Multiparameter
// respiratory rate estimation from the photoplethysmogram", IEEE TBME 60(7), 2013):
//  - intensity (RIIV): the skin's brightness rises and falls with each breath (venous return, chest motion);
//  - amplitude (RIAV): the pulse swells and shrinks with intrathoracic pressure;
//  - frequency (RIFV): the heart speeds up on the in-breath (respiratory sinus arrhythmia).
// Each is turned into a 0.1–0.5 Hz spectrum (6–30 breaths/min), normalised, and the spectra are added with
// weights that favour the peaky ones (share of power at the peak, squared), so a modulation the face does
// not show (noise) barely counts. The brightness swing is by far the clearest of the three on camera (its
// share is ~0.9+ where the beat series reach 0.3–0.8 on noise alone), so in practice it sets the rate
// whenever the face shows it; the pulse's own modulations decide only when it does not, and less reliably.
import { bandPass, bandPower, detrendLinear, periodogram, resampleUniform, spectralPeak, type Spectrum } from './dsp';
import { beatIntervals, type Beat } from './beats';

export const BREATHING_BAND_HZ = { low: 0.1, high: 0.5 } as const;
/** Rate of the breathing signals: ten samples a second is plenty for ≤ 0.5 Hz and keeps the padding cheap. */
const BREATHING_FS = 10;
/** Beat series (one value per beat, ~1/s) are interpolated onto this grid. */
const BEAT_SERIES_FS = 4;
/** Half-width of the window that counts as "the peak" when judging how peaky a spectrum is (a Hann main lobe at 45 s is ±0.044 Hz). */
const PEAK_HALF_WIDTH_HZ = 0.04;
/** Below this peak share in every spectrum, none of the three shows a breathing rhythm: report none. */
export const MIN_BREATHING_SHARE = 0.35;

type Rated = { spectrum: Spectrum; share: number };

/** The 0.1–0.5 Hz spectrum of a uniformly sampled modulation and the share of its power around its peak. */
function rate(x: Float64Array, fs: number): Rated | null {
  if (x.length < fs * 10) return null; // one slow breath needs ~10 s
  const { low, high } = BREATHING_BAND_HZ;
  const spectrum = periodogram(bandPass(detrendLinear(x), fs, low, high), fs, 2048);
  const total = bandPower(spectrum, low, high);
  const peak = spectralPeak(spectrum, low, high);
  if (peak === null || !(total > 0)) return null;
  return { spectrum, share: bandPower(spectrum, peak.frequency - PEAK_HALF_WIDTH_HZ, peak.frequency + PEAK_HALF_WIDTH_HZ) / total };
}

/** Mean relative brightness of the three channels (each over its own mean), block-averaged down to BREATHING_FS. */
export function intensitySignal(r: Float64Array, g: Float64Array, b: Float64Array, fs: number): Float64Array {
  const block = Math.max(1, Math.round(fs / BREATHING_FS));
  const means = [r, g, b].map((x) => x.reduce((sum, v) => sum + v, 0) / Math.max(1, x.length));
  const out = new Float64Array(Math.floor(r.length / block));
  for (let k = 0; k < out.length; k += 1) {
    let sum = 0;
    for (let i = k * block; i < (k + 1) * block; i += 1) sum += r[i]! / means[0]! + g[i]! / means[1]! + b[i]! / means[2]!;
    out[k] = sum / (3 * block) - 1;
  }
  return out;
}

/** A per-beat series (time ms, value) on a uniform grid. */
const beatSeries = (times: number[], values: number[]) => (times.length >= 4 ? resampleUniform(times, values, BEAT_SERIES_FS) : new Float64Array(0));

/**
 * Breathing rate in breaths/min from the intensity signal (at fs / round(fs / 10)) and the beats, or null
 * when no spectrum has a clear peak. Each normalised spectrum is weighted by its peak share squared.
 */
export function estimateBreathingRate(intensity: Float64Array, beats: readonly Beat[]): number | null {
  const intervals = beatIntervals(beats);
  const plausibleBeats = beats.slice(1).filter((_, i) => intervals[i]!.plausible);
  const rated = [
    rate(intensity, BREATHING_FS),
    rate(beatSeries(beats.map((beat) => beat.timeMs), beats.map((beat) => beat.amplitude)), BEAT_SERIES_FS),
    rate(beatSeries(plausibleBeats.map((beat) => beat.timeMs), intervals.filter((i) => i.plausible).map((i) => i.ms)), BEAT_SERIES_FS),
  ].filter((r): r is Rated => r !== null && r.share >= MIN_BREATHING_SHARE);
  if (rated.length === 0) return null;
  // Sum on a common frequency axis: sample each spectrum at the finest grid's frequencies.
  const df = Math.min(...rated.map((r) => r.spectrum.df));
  const bins = Math.floor(BREATHING_BAND_HZ.high / df) + 2;
  const fused = new Float64Array(bins);
  for (const { spectrum, share } of rated) {
    const total = bandPower(spectrum, BREATHING_BAND_HZ.low, BREATHING_BAND_HZ.high);
    for (let k = 0; k < bins; k += 1) {
      const position = (k * df) / spectrum.df;
      const i = Math.floor(position);
      const a = spectrum.power[i] ?? 0;
      const b = spectrum.power[i + 1] ?? 0;
      fused[k] = fused[k]! + (share ** 2 * (a + (b - a) * (position - i))) / total;
    }
  }
  const peak = spectralPeak({ power: fused, df }, BREATHING_BAND_HZ.low, BREATHING_BAND_HZ.high);
  return peak === null ? null : peak.frequency * 60;
}
