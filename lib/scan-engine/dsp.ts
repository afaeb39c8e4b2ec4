// Signal-processing helpers for the camera scan, written out rather than imported: a uniform resampler,
// zero-phase Butterworth filters, a radix-2 FFT and the spectral and peak pickers built on them.
// Pure and worker-safe. Times in milliseconds on input; frequencies in hertz; signals as Float64Array.
import { median } from '@/lib/statistics';

/**
 * Values at t0, t0 + 1000/fs, … up to the last time, linearly interpolated between the two nearest samples.
 * The browser's frame times jitter and frames get dropped, and every filter below assumes a uniform grid.
 * `times` must increase. O(times + grid).
 */
export function resampleUniform(times: ArrayLike<number>, values: ArrayLike<number>, fs: number): Float64Array {
  const n = times.length;
  if (n === 0) return new Float64Array(0);
  const t0 = times[0]!;
  const step = 1000 / fs;
  const out = new Float64Array(Math.floor((times[n - 1]! - t0) / step) + 1);
  let j = 0;
  for (let k = 0; k < out.length; k += 1) {
    const t = t0 + k * step;
    while (j < n - 2 && times[j + 1]! < t) j += 1;
    const ta = times[j]!;
    const tb = times[Math.min(j + 1, n - 1)]!;
    const va = values[j]!;
    const vb = values[Math.min(j + 1, n - 1)]!;
    out[k] = tb > ta ? va + ((vb - va) * (t - ta)) / (tb - ta) : va;
  }
  return out;
}

/** `x` minus its least-squares straight line: removes the slow illumination drift before spectra. */
export function detrendLinear(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  if (n < 2) return out;
  const tMean = (n - 1) / 2;
  let xMean = 0;
  for (let i = 0; i < n; i += 1) xMean += x[i]!;
  xMean /= n;
  let stt = 0;
  let stx = 0;
  for (let i = 0; i < n; i += 1) {
    stt += (i - tMean) ** 2;
    stx += (i - tMean) * (x[i]! - xMean);
  }
  const slope = stx / stt;
  for (let i = 0; i < n; i += 1) out[i] = x[i]! - xMean - slope * (i - tMean);
  return out;
}

/** Centred moving average over `window` samples (shrinking at the ends), by a running sum: O(n). */
export function movingAverage(x: ArrayLike<number>, window: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  const half = Math.floor(window / 2);
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i += 1) prefix[i + 1] = prefix[i]! + x[i]!;
  for (let i = 0; i < n; i += 1) {
    const lo = Math.max(0, i - half);
    const hi = Math.min(n, i + half + 1);
    out[i] = (prefix[hi]! - prefix[lo]!) / (hi - lo);
  }
  return out;
}

/** A biquad section normalised so that a0 = 1. */
export type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number };

/** 2nd-order Butterworth (Q = 1/√2) from the RBJ audio-EQ cookbook, bilinear transform with pre-warping. */
function butterworth(kind: 'low' | 'high', cutoff: number, fs: number): Biquad {
  const w0 = (2 * Math.PI * cutoff) / fs;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / Math.SQRT2; // sin(w0) / (2Q) with Q = 1/√2
  const a0 = 1 + alpha;
  const b0 = kind === 'low' ? (1 - cos) / 2 : (1 + cos) / 2;
  const b1 = kind === 'low' ? 1 - cos : -(1 + cos);
  return { b0: b0 / a0, b1: b1 / a0, b2: b0 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

export const lowPass = (cutoff: number, fs: number): Biquad => butterworth('low', cutoff, fs);
export const highPass = (cutoff: number, fs: number): Biquad => butterworth('high', cutoff, fs);

/** One pass of a biquad (direct form II transposed), started in its steady state for x[0] so the first samples do not ring. */
function runBiquad(x: Float64Array, s: Biquad): void {
  if (x.length === 0) return;
  const x0 = x[0]!;
  const y0 = (x0 * (s.b0 + s.b1 + s.b2)) / (1 + s.a1 + s.a2);
  let z1 = y0 - s.b0 * x0;
  let z2 = s.b2 * x0 - s.a2 * y0;
  for (let i = 0; i < x.length; i += 1) {
    const xi = x[i]!;
    const yi = s.b0 * xi + z1;
    z1 = s.b1 * xi - s.a1 * yi + z2;
    z2 = s.b2 * xi - s.a2 * yi;
    x[i] = yi;
  }
}

/**
 * The cascade run forward then backward (like SciPy's filtfilt): zero phase, so beat times do not shift,
 * and each section's magnitude response squared (two 2nd-order Butterworths act as a 4th-order one).
 * The ends are padded with an odd reflection (2·x[0] − x[k]) that continues both level and slope.
 */
export function filtfilt(x: Float64Array, sections: readonly Biquad[], padLength: number): Float64Array {
  const n = x.length;
  if (n < 2) return Float64Array.from(x);
  const pad = Math.max(0, Math.min(padLength, n - 1));
  const work = new Float64Array(n + 2 * pad);
  for (let k = 0; k < pad; k += 1) {
    work[pad - 1 - k] = 2 * x[0]! - x[k + 1]!;
    work[pad + n + k] = 2 * x[n - 1]! - x[n - 2 - k]!;
  }
  work.set(x, pad);
  for (const s of sections) runBiquad(work, s);
  work.reverse();
  for (const s of sections) runBiquad(work, s);
  work.reverse();
  return work.slice(pad, pad + n);
}

/** Zero-phase band-pass [low, high] Hz: a Butterworth high-pass and low-pass, forward-backward. */
export function bandPass(x: Float64Array, fs: number, low: number, high: number): Float64Array {
  // Three periods of the lowest frequency let the padded ends settle before the real samples start.
  return filtfilt(x, [highPass(low, fs), lowPass(high, fs)], Math.round((3 * fs) / low));
}

/** The smallest power of two ≥ n. */
export const nextPowerOfTwo = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

/** In-place iterative radix-2 FFT of (re, im); the length must be a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  if (n !== im.length || (n & (n - 1)) !== 0) throw new RangeError(`fft needs equal power-of-two lengths, got ${n} and ${im.length}`);
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < size / 2; k += 1) {
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
}

/** A one-sided power spectrum: power[k] at frequency k·df. */
export type Spectrum = { power: Float64Array; df: number };

/**
 * Hann-windowed periodogram of the mean-removed signal, zero-padded to at least `minLength` points so the
 * bins are finer than the 1/duration resolution (the parabolic fit then has a smooth peak to work on).
 */
export function periodogram(x: Float64Array, fs: number, minLength = 0): Spectrum {
  const n = x.length;
  const size = nextPowerOfTwo(Math.max(n, minLength, 2));
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let mean = 0;
  for (let i = 0; i < n; i += 1) mean += x[i]!;
  mean /= Math.max(1, n);
  for (let i = 0; i < n; i += 1) re[i] = (x[i]! - mean) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / Math.max(1, n - 1)));
  fft(re, im);
  const power = new Float64Array(size / 2 + 1);
  for (let k = 0; k < power.length; k += 1) power[k] = re[k]! ** 2 + im[k]! ** 2;
  return { power, df: fs / size };
}

/** Offset (−0.5..0.5 bins) of the vertex of the parabola through three neighbouring values around a maximum. */
export function parabolicOffset(left: number, centre: number, right: number): number {
  const denominator = left - 2 * centre + right;
  return denominator < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / denominator)) : 0;
}

/** The bin range [first, last] covering [low, high] Hz, clipped to the spectrum. */
export function binRange(spectrum: Spectrum, low: number, high: number): [number, number] {
  return [Math.max(0, Math.ceil(low / spectrum.df)), Math.min(spectrum.power.length - 1, Math.floor(high / spectrum.df))];
}

/** Summed power in [low, high] Hz. */
export function bandPower(spectrum: Spectrum, low: number, high: number): number {
  const [first, last] = binRange(spectrum, low, high);
  let sum = 0;
  for (let k = first; k <= last; k += 1) sum += spectrum.power[k]!;
  return sum;
}

/** The highest bin in [low, high] Hz and its parabola-refined frequency, or null for an empty or flat band. */
export function spectralPeak(spectrum: Spectrum, low: number, high: number): { bin: number; frequency: number; power: number } | null {
  const [first, last] = binRange(spectrum, low, high);
  let bin = -1;
  for (let k = first; k <= last; k += 1) if (bin < 0 || spectrum.power[k]! > spectrum.power[bin]!) bin = k;
  if (bin < 0 || !(spectrum.power[bin]! > 0)) return null;
  const { power } = spectrum;
  const offset = bin > 0 && bin < power.length - 1 ? parabolicOffset(power[bin - 1]!, power[bin]!, power[bin + 1]!) : 0;
  return { bin, frequency: (bin + offset) * spectrum.df, power: power[bin]! };
}

/**
 * Local maxima above `threshold`, taken highest first and dropping any within `minDistance` samples of
 * one already taken (a refractory period: no second beat during the first one's dicrotic wave).
 * Returns sample indices in time order.
 */
export function findPeaks(x: Float64Array, minDistance: number, threshold = -Infinity): number[] {
  const candidates: number[] = [];
  for (let i = 1; i < x.length - 1; i += 1) if (x[i]! > threshold && x[i]! > x[i - 1]! && x[i]! >= x[i + 1]!) candidates.push(i);
  candidates.sort((a, b) => x[b]! - x[a]!);
  const taken = new Uint8Array(x.length);
  const peaks: number[] = [];
  for (const i of candidates) {
    let free = true;
    for (let j = Math.max(0, i - minDistance + 1); j < Math.min(x.length, i + minDistance) && free; j += 1) if (taken[j]) free = false;
    if (!free) continue;
    taken[i] = 1;
    peaks.push(i);
  }
  return peaks.sort((a, b) => a - b);
}

/**
 * `x` clipped to ±k robust standard deviations (1.4826 × the median absolute deviation), so that a motion
 * spike cannot own the spectrum while the pulse, a few times smaller, still sets the scale.
 */
export function robustClip(x: Float64Array, k: number): Float64Array {
  const centre = median(x);
  const spread = 1.4826 * median(Array.from(x, (v) => Math.abs(v - centre)));
  if (!(spread > 0)) return Float64Array.from(x);
  const limit = k * spread;
  return x.map((v) => Math.max(centre - limit, Math.min(centre + limit, v)));
}

/**
 * `x` with its bursts faded out: where the 1 s RMS envelope exceeds `k` × its median (a motion step or a
 * shadow sweeping the face rings through the band-pass for a second or two), the signal is zeroed, with
 * 0.5 s of margin and a 0.5 s fade so the cut itself adds no sharp edge. A steady pulse never trips it.
 */
export function suppressBursts(x: Float64Array, fs: number, k: number): Float64Array {
  const second = Math.max(1, Math.round(fs));
  const envelope = movingAverage(Array.from(x, (v) => v * v), second).map(Math.sqrt);
  const limit = k * median(envelope);
  if (!(limit > 0)) return Float64Array.from(x);
  const burst = envelope.map((e) => (e > limit ? 1 : 0));
  const keep = movingAverage(burst, second + 1).map((share) => (share > 0 ? 0 : 1));
  const weight = movingAverage(keep, Math.round(second / 2));
  return x.map((v, i) => v * weight[i]!);
}
