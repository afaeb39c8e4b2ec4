// What the room's light does to the skin, taken out before the pulse is looked for, and the checks that a
// pulse that remains is the blood's and not the light's.
//
// Mains light flickers at 100 or 120 Hz. A webcam at an off-nominal frame rate (25.4 fps under 100 Hz, 29.5
// under 120 Hz) aliases it to a steady 1–2 Hz: a perfect "heart rate". It brightens the wall behind the
// member exactly as it brightens the face, and it changes the three colour channels alike, while blood
// changes the skin's colour (green most, red least; de Haan & Jeanne 2013) and the wall not at all. So:
//  1. the light's own signal (the frame outside the face, `background`) is regressed out of each skin channel;
//  2. a pulse whose frequency still holds a large share of the background's power is refused;
//  3. a pulse whose colour change is nearly the same in all three channels (mostly brightness) is refused.
import { bandPass, bandPower, movingAverage, periodogram } from './dsp';

/** The moving average that a relative change is taken against: as POS's and PBV's windows. */
const RELATIVE_WINDOW_S = 1.6;
/** The band the regression fits in (the pulse filter's). */
const FIT_BAND_HZ = { low: 0.5, high: 5 } as const;
const PULSE_BAND_HZ = { low: 0.7, high: 4 } as const;
const PEAK_HALF_WIDTH_HZ = 0.1;
/**
 * A background holding this share of its pulse-band power at the pulse (and its harmonic) is lit by the
 * same rhythm: refused. Noise puts about 0.12 there (0.4 Hz of a 3.3 Hz band); an aliased flicker ≥ 0.6.
 */
export const BACKGROUND_SHARE_LIMIT = 0.35;
/**
 * The share of the pulse's colour change that is not a change of brightness (the part of the channels'
 * amplitudes orthogonal to [1, 1, 1]), below which it is refused: blood gives about 0.3 (channel weights
 * 0.33, 0.77, 0.53), a flicker of white light 0 plus noise.
 */
export const CHROMA_SHARE_MIN = 0.12;

/** x as a relative change: x over its moving average, minus 1. */
function relative(x: Float64Array, fs: number): Float64Array {
  const local = movingAverage(x, Math.round(RELATIVE_WINDOW_S * fs));
  return x.map((v, i) => (local[i]! > 0 ? v / local[i]! - 1 : 0));
}

/** The background's brightness as a relative change (the mean of its channels). */
export function backgroundLight(r: Float64Array, g: Float64Array, b: Float64Array, fs: number): Float64Array {
  return relative(
    r.map((v, i) => (v + g[i]! + b[i]!) / 3),
    fs,
  );
}

/**
 * The skin channels with the background's light taken out: each channel's relative change loses its
 * least-squares share of the background's (fitted in the pulse's band), and is put back on its own level.
 */
export function withoutRoomLight(channels: [Float64Array, Float64Array, Float64Array], light: Float64Array, fs: number): [Float64Array, Float64Array, Float64Array] {
  const lightBand = bandPass(light, fs, FIT_BAND_HZ.low, FIT_BAND_HZ.high);
  const lightPower = lightBand.reduce((sum, v) => sum + v * v, 0);
  if (!(lightPower > 0)) return channels;
  return channels.map((x) => {
    const local = movingAverage(x, Math.round(RELATIVE_WINDOW_S * fs));
    const change = relative(x, fs);
    const band = bandPass(change, fs, FIT_BAND_HZ.low, FIT_BAND_HZ.high);
    const k = band.reduce((sum, v, i) => sum + v * lightBand[i]!, 0) / lightPower;
    return x.map((_, i) => local[i]! * (1 + change[i]! - k * light[i]!));
  }) as [Float64Array, Float64Array, Float64Array];
}

/** The share of the background's pulse-band power within ±0.1 Hz of f and of 2f. */
export function backgroundShareAt(light: Float64Array, fs: number, frequency: number): number {
  const spectrum = periodogram(bandPass(light, fs, FIT_BAND_HZ.low, FIT_BAND_HZ.high), fs, 4096);
  const total = bandPower(spectrum, PULSE_BAND_HZ.low, PULSE_BAND_HZ.high);
  if (!(total > 0)) return 0;
  const around = (centre: number) => bandPower(spectrum, Math.max(PULSE_BAND_HZ.low, centre - PEAK_HALF_WIDTH_HZ), Math.min(PULSE_BAND_HZ.high, centre + PEAK_HALF_WIDTH_HZ));
  return Math.min(1, (around(frequency) + (2 * frequency < PULSE_BAND_HZ.high ? around(2 * frequency) : 0)) / total);
}

/**
 * The share of the skin's colour change at `frequency` that is not brightness: each channel's relative
 * change, band-passed, as a phasor at f; the norm of their part orthogonal to [1, 1, 1] over their norm.
 */
export function chromaShareAt(channels: [Float64Array, Float64Array, Float64Array], fs: number, frequency: number): number {
  const phasors = channels.map((x) => {
    const band = bandPass(relative(x, fs), fs, FIT_BAND_HZ.low, FIT_BAND_HZ.high);
    let re = 0;
    let im = 0;
    for (let n = 0; n < band.length; n += 1) {
      const angle = (2 * Math.PI * frequency * n) / fs;
      re += band[n]! * Math.cos(angle);
      im -= band[n]! * Math.sin(angle);
    }
    return [re, im] as const;
  });
  const meanRe = phasors.reduce((sum, [re]) => sum + re, 0) / 3;
  const meanIm = phasors.reduce((sum, [, im]) => sum + im, 0) / 3;
  const total = phasors.reduce((sum, [re, im]) => sum + re * re + im * im, 0);
  const orthogonal = phasors.reduce((sum, [re, im]) => sum + (re - meanRe) ** 2 + (im - meanIm) ** 2, 0);
  return total > 0 ? Math.sqrt(orthogonal / total) : 0;
}
