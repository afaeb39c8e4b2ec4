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
import { highMedian } from '@/lib/statistics';
import { bandPass, bandPower, movingAverage, periodogram, type Spectrum } from './dsp';

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

/** The most of the wall's relative change taken out of a skin channel's (see withoutRoomLight). */
const MAX_LIGHT_FIT = 2;

/**
 * The wall's power near f over the skin's brightness power near f, both as relative changes: about 1 or
 * more for a light (it changes both alike; the skin's share is smaller once the light is taken out of it),
 * far less for a pulse the wall only carries a weak copy of (a neck in the frame).
 */
export function wallToSkinAt(skin: [Float64Array, Float64Array, Float64Array], light: Float64Array, fs: number, frequency: number): number {
  const skinPower = peakNear(lineSpectrum(skinBrightness(skin, fs), fs), frequency);
  const wallPower = peakNear(lineSpectrum(light, fs), frequency);
  return skinPower > 0 ? wallPower / skinPower : wallPower > 0 ? Infinity : 0;
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
    // A light changes the skin about as much as the wall (k near 1; 0.5–1.5 for a tinted light's
    // channels). A far larger fit is the wall carrying a weak copy of the pulse (a neck in the frame), and
    // taking that out would take the pulse out with it: the fit is held to 0..MAX_LIGHT_FIT.
    const k = Math.min(MAX_LIGHT_FIT, Math.max(0, band.reduce((sum, v, i) => sum + v * lightBand[i]!, 0) / lightPower));
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

// ─── Periodic light: lines a pulse must not be taken from ───────────────────────────────────────────
//
// Regression and the chroma check fail when the flicker's depth differs by colour (an LED's blue die
// flickers more than its phosphor) and there is no wall in the frame to regress on: the skin then shows a
// coloured 1.6 Hz (100 Hz at 25.4 fps) and, through the LED driver's harmonics, 3.2 Hz, the rate of a
// racing heart. So every periodic line of the light is found and no pulse is taken at it or at its
// harmonics: the lines the frame rate makes of 100 and 120 Hz mains flicker and of their harmonics (the
// aliases, wherever the skin or the wall shows them), and any narrow line of the wall's own light.

/** Lamps flicker at twice their mains' frequency: 50 Hz grids give 100 Hz, 60 Hz grids 120 Hz. */
const MAINS_FLICKER_HZ = [100, 120] as const;
/** How many of the flicker's (and a line's) harmonics count: ×1, ×2, ×3. */
const HARMONICS = 3;
/**
 * A line stands this many times above the median of the spectrum around it (±LINE_NEIGHBOURHOOD_HZ, itself
 * left out). Noise alone puts a periodogram bin above k × its median with a chance of about 2^-k: an
 * implied flicker line (a handful of frequencies) is looked at with LINE_RATIO, the wall's whole spectrum,
 * where hundreds of bins are looked at, with WALL_LINE_RATIO. A lamp's flicker stands hundreds of times above.
 */
const LINE_RATIO = 12;
const WALL_LINE_RATIO = 60;
/** A wall line at least this share of the skin's power at its frequency is the light's (a light changes both alike). */
export const WALL_SHARE_MIN = 0.25;
const LINE_NEIGHBOURHOOD_HZ = 0.6;
/** The lines looked for: from the breathing band up past the pulse band's second harmonic. */
const LINE_SEARCH_HZ = { low: 0.3, high: 8 } as const;
/** Without the wall the skin witnesses an implied line from the pulse band up; the wall's own lines are searched from here. */
const SKIN_LINE_FROM_HZ = PULSE_BAND_HZ.low;
const WALL_SEARCH_FROM_HZ = 0.6;

/** Where a flicker at `hz` appears in frames taken `fps` times a second: folded into 0..fps/2. */
export function aliasOf(hz: number, fps: number): number {
  const folded = hz % fps;
  return Math.min(folded, fps - folded);
}

/** The implied flicker lines of a camera at `fps`: each mains flicker's harmonics, aliased. */
export function impliedFlickerLines(fps: number): number[] {
  if (!(fps > 0)) return [];
  return MAINS_FLICKER_HZ.flatMap((hz) => Array.from({ length: HARMONICS }, (_, k) => aliasOf((k + 1) * hz, fps))).filter((f) => f >= LINE_SEARCH_HZ.low && f <= LINE_SEARCH_HZ.high);
}

/** The strongest power within ±0.05 Hz of f. */
function peakNear(spectrum: Spectrum, f: number): number {
  let peak = 0;
  for (let k = Math.max(0, Math.round((f - 0.05) / spectrum.df)); k <= Math.min(spectrum.power.length - 1, Math.round((f + 0.05) / spectrum.df)); k += 1) peak = Math.max(peak, spectrum.power[k]!);
  return peak;
}

/** Peak power near f over the median of the power around it (f's own ±PEAK_HALF_WIDTH_HZ left out). */
function lineStrength(spectrum: Spectrum, f: number): number {
  const bin = (hz: number) => Math.round(hz / spectrum.df);
  const peak = peakNear(spectrum, f);
  const around: number[] = [];
  for (let k = Math.max(1, bin(f - LINE_NEIGHBOURHOOD_HZ)); k <= Math.min(spectrum.power.length - 1, bin(f + LINE_NEIGHBOURHOOD_HZ)); k += 1) {
    if (Math.abs(k * spectrum.df - f) > PEAK_HALF_WIDTH_HZ) around.push(spectrum.power[k]!);
  }
  if (!around.length) return 0;
  const median = highMedian(around);
  return median > 0 ? peak / median : peak > 0 ? Infinity : 0;
}

/** A relative-change signal's spectrum, for the line search (wider than the pulse band). */
const lineSpectrum = (x: Float64Array, fs: number) => periodogram(bandPass(x, fs, 0.2, Math.min(LINE_SEARCH_HZ.high + 1, fs / 2 - 0.5)), fs, 4096);

/** The skin's brightness (the mean of its channels) as a relative change. */
const skinBrightness = (skin: [Float64Array, Float64Array, Float64Array], fs: number) => relative(skin[0].map((_, i) => (skin[0][i]! + skin[1][i]! + skin[2][i]!) / 3), fs);

/**
 * The narrow lines of the wall's own light in [from, to] Hz, found bin by bin: WALL_LINE_RATIO above the
 * noise, and at least WALL_SHARE_MIN as strong (in power) as the skin's brightness there. The frame outside
 * the face is not all wall: a neck, an ear or a hand carries a weak copy of the pulse, which a light, changing
 * the wall as much as the skin, does not resemble.
 */
function wallOwnLines(wall: Spectrum, skin: Spectrum, from: number, to: number): number[] {
  const lines: number[] = [];
  const power = wall.power;
  for (let k = Math.ceil(from / wall.df); k * wall.df <= to && k + 1 < power.length; k += 1) {
    if (!(power[k]! >= power[k - 1]! && power[k]! > power[k + 1]!)) continue;
    const f = k * wall.df;
    if (lineStrength(wall, f) >= WALL_LINE_RATIO && peakNear(wall, f) >= WALL_SHARE_MIN * peakNear(skin, f)) lines.push(f);
  }
  return lines;
}

/**
 * The frequencies no pulse may be read at, from the light's lines: each implied flicker line
 * (impliedFlickerLines) that the wall shows, or without the wall the skin's brightness or any of its
 * colours; and each narrow line of the wall's light; with their harmonics ×2 and ×3. `fps` is the camera's frame rate,
 * `fs` the analysis grid's.
 */
export function lightLines(skin: [Float64Array, Float64Array, Float64Array], light: Float64Array | null, fps: number, fs: number): number[] {
  const brightness = skinBrightness(skin, fs);
  const spectra = [...skin.map((x) => relative(x, fs)), brightness].map((x) => lineSpectrum(x, fs));
  const wall = light ? lineSpectrum(light, fs) : null;
  // Only a lamp that is seen to flicker: the line its mains frequency itself makes at this frame rate
  // (the first harmonic's alias, where it falls on neither 0 nor past the grid's Nyquist frequency) stands
  // WALL_LINE_RATIO above the noise on the wall, or on the skin without a wall. A room whose light shows no
  // such line has no lines kept from the pulse: what breathing or a pulse draws on the wall is no lamp's.
  const fundamentals = MAINS_FLICKER_HZ.map((hz) => aliasOf(hz, fps)).filter((f) => f >= LINE_SEARCH_HZ.low && f < fs / 2 - 0.5);
  const wide = [...(wall ? [light!] : [...skin.map((x) => relative(x, fs)), brightness])].map((x) => periodogram(bandPass(x, fs, 0.2, fs / 2 - 0.25), fs, 4096));
  if (!fundamentals.some((f) => wide.some((spectrum) => lineStrength(spectrum, f) >= WALL_LINE_RATIO))) return [];
  const lines = new Set<number>();
  const skinSpectrum = spectra[3]!;
  for (const f of impliedFlickerLines(fps)) {
    if (f >= fs / 2) continue;
    // The wall, where the frames carry it, is the witness: lit by the same light (and, like wallOwnLines, at
    // least WALL_SHARE_MIN as strong as the skin there). Without it the skin must be, though a pulse whose
    // rate sits on the line (±3 bpm) then reads as the light and is refused; below the pulse band the skin's
    // lines are breathing's as often as the light's, so there only the wall tells.
    const witnessed = wall
      ? lineStrength(wall, f) >= LINE_RATIO && peakNear(wall, f) >= WALL_SHARE_MIN * peakNear(skinSpectrum, f)
      : f >= SKIN_LINE_FROM_HZ && spectra.some((spectrum) => lineStrength(spectrum, f) >= LINE_RATIO);
    if (witnessed) lines.add(f);
  }
  // Any line of the wall's own light counts (above the band-pass's sloping low edge, where noise alone
  // stands out from the median).
  if (wall) for (const f of wallOwnLines(wall, skinSpectrum, WALL_SEARCH_FROM_HZ, Math.min(LINE_SEARCH_HZ.high, fs / 2 - 1))) lines.add(f);
  const forbidden: number[] = [];
  // A line's harmonics (the camera's response is not linear) fold at the camera's own Nyquist frequency.
  for (const line of lines) for (let k = 1; k <= HARMONICS; k += 1) forbidden.push(aliasOf(k * line, fps));
  return forbidden;
}

/**
 * Whether the wall shows a narrow line of its own light in the pulse's band (WALL_LINE_RATIO above the
 * noise, and at least WALL_SHARE_MIN as strong as the skin's there): a rhythm of the room's light, whatever
 * the frame rate. Said to the member when no pulse was read; it keeps nothing from the pulse search.
 */
export function wallHasRhythm(skin: [Float64Array, Float64Array, Float64Array], light: Float64Array, fs: number): boolean {
  return wallOwnLines(lineSpectrum(light, fs), lineSpectrum(skinBrightness(skin, fs), fs), PULSE_BAND_HZ.low, PULSE_BAND_HZ.high).length > 0;
}
