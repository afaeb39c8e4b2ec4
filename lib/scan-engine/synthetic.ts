// A synthetic camera for the scan engine's tests and bench: what the mean skin colour of a face does over
// a scan, with known vitals. A blood-volume pulse (systolic wave and dicrotic wave) dims the skin most in
// green, beat lengths vary from beat to beat, breathing brightens and dims the face and swells the pulse,
// and the camera adds noise, illumination drift, frame-time jitter, dropped frames and (optionally) the
// step changes that moving in front of it causes. Deterministic for a given seed. Not part of the UI bundle.
import { seededRandom } from '@/lib/seeded-random';
import type { FrameSample } from './types';

export type SyntheticOptions = {
  /** Mean heart rate; null for a clip with no pulse at all. With heartRateEndBpm: the rate at the start. */
  heartRateBpm: number | null;
  /** The rate at the end of the clip, reached in a straight line from heartRateBpm (a pulse that speeds up or slows down). */
  heartRateEndBpm?: number;
  breathingRateBpm?: number;
  durationMs?: number;
  fps?: number;
  seed?: number;
  /** Standard deviation of the beat lengths, ms (3 % of the mean beat unless told). */
  rrSdMs?: number;
  /** Peak pulsatile change as a fraction of the channel, before the channel weights (1 % unless told). */
  pulseAmplitude?: number;
  /** Sensor noise: standard deviation on each 0..255 channel mean (0.5 unless told). */
  noise?: number;
  /** Fractional brightness swing of breathing (respiratory-induced intensity variation). */
  breathingIntensity?: number;
  /** Fractional swing of the pulse amplitude with breathing. */
  breathingAmplitudeModulation?: number;
  /** Fractional amplitude of the slow illumination drift. */
  drift?: number;
  /** How many motion-like step changes of the channel levels (each about ±2 %). */
  motionSteps?: number;
  /** Standard deviation of the frame-time jitter, ms. */
  jitterMs?: number;
  dropProbability?: number;
  /**
   * Mains flicker of the room's light: its frequency (100 or 120 Hz), sampled at the frame times, so that
   * a camera at an off-nominal rate aliases it into the pulse band (100 Hz at 25.4 fps → 1.6 Hz).
   */
  flickerHz?: number;
  /** The flicker's relative depth on everything the light falls on, after the exposure's averaging (0.01 unless told). */
  flickerDepth?: number;
  /**
   * The flicker's harmonics of the mains frequency (2×, 3×, …) as amplitudes relative to its fundamental: an
   * LED driver's flicker is no sine. 200 Hz at 25.4 fps aliases to 3.2 Hz, twice 100 Hz's 1.6 Hz. None unless told.
   */
  flickerHarmonics?: readonly number[];
  /** The flicker's depth in each channel relative to flickerDepth: a fluorescent tube's phosphors flicker unevenly ([1, 1, 1] unless told). */
  flickerTint?: readonly [number, number, number];
  /** A compressed frame's colour steps: luma rounded to this many levels, chroma to twice as many (JPEG's DC quantisation). */
  jpegStep?: number;
  /** Whether each sample carries the background's colour (the wall outside the face: the light, no blood). */
  background?: boolean;
  /** The share of the face's pulse the background shows (a neck or an ear in the frame outside the face): 0 unless told. */
  backgroundPulse?: number;
  /** The face's mean colour (SKIN_RGB unless told): darker skin, or any skin in a dim room. */
  skinRgb?: readonly [number, number, number];
};

/** The skin colour the gains multiply: a light skin tone under white light. */
export const SKIN_RGB: readonly [number, number, number] = [180, 120, 100];
/**
 * Faces of the six Fitzpatrick skin types as a camera reads them under white light (mean colour before
 * shading), and the pulse's relative size on each: melanin absorbs some of the light that would have
 * carried the pulse, so darker skin shows a smaller change (Nowara et al. 2020, "A meta-analysis of the
 * impact of skin type and gender on non-contact photoplethysmography measurements"). bench:scan and the
 * browser test of the face finder (tests/e2e/vitals-scan.spec.ts) use them.
 */
export const SKIN_TYPES: readonly { type: 'I' | 'II' | 'III' | 'IV' | 'V' | 'VI'; rgb: readonly [number, number, number]; pulse: number }[] = [
  { type: 'I', rgb: [205, 155, 135], pulse: 0.01 },
  { type: 'II', rgb: [190, 138, 115], pulse: 0.0095 },
  { type: 'III', rgb: [168, 116, 92], pulse: 0.0085 },
  { type: 'IV', rgb: [138, 92, 68], pulse: 0.0072 },
  { type: 'V', rgb: [98, 64, 47], pulse: 0.006 },
  { type: 'VI', rgb: [62, 41, 31], pulse: 0.005 },
];
/** The share of the pulse each channel shows (red, green, blue): haemoglobin absorbs green most. */
export const PULSE_WEIGHTS: readonly [number, number, number] = [0.33, 0.77, 0.53];

/** Standard normal deviates by Box–Muller. */
export function seededGaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The blood volume over one beat, phase 0..1: a systolic wave and a smaller dicrotic one. Peak ≈ 1. */
export function pulseShape(phase: number): number {
  return Math.exp(-0.5 * ((phase - 0.2) / 0.07) ** 2) + 0.35 * Math.exp(-0.5 * ((phase - 0.5) / 0.1) ** 2);
}

/** The wall behind the face, under the same light. */
export const BACKGROUND_RGB: readonly [number, number, number] = [112, 122, 138];

/** A frame: its capture time, each channel's gain on the skin colour (1 = unchanged), and the room's light alone, per channel. */
export type SyntheticFrame = { t: number; gain: [number, number, number]; light: [number, number, number]; pulse: number };

export type SyntheticCamera = {
  /** The beat lengths the pulse follows, ms (empty without a pulse). */
  rrMs: number[];
  /** The frames, one at a time, so a long clip never has to be held in memory. */
  frames(): Generator<SyntheticFrame>;
};

export function syntheticCamera(options: SyntheticOptions): SyntheticCamera {
  const durationMs = options.durationMs ?? 45_000;
  const fps = options.fps ?? 30;
  const random = seededRandom(options.seed ?? 1);
  const gaussian = seededGaussian(random);
  const breathingHz = (options.breathingRateBpm ?? 15) / 60;
  const breathingPhase = 2 * Math.PI * random();
  const pulseAmplitude = options.pulseAmplitude ?? 0.01;
  const breathingIntensity = options.breathingIntensity ?? 0.005;
  const breathingAm = options.breathingAmplitudeModulation ?? 0.15;
  const drift = options.drift ?? 0.02;
  const driftPhase = 2 * Math.PI * random();
  // Drawn only for a flickering light, so that every other clip stays the same as before flicker existed.
  const flickerPhase = options.flickerHz ? 2 * Math.PI * random() : 0;
  const flickerDepth = options.flickerHz ? (options.flickerDepth ?? 0.01) : 0;
  const harmonics = (options.flickerHarmonics ?? []).map((amplitude, index) => ({ order: index + 2, amplitude, phase: 2 * Math.PI * random() }));
  const colourDrift = [gaussian(), gaussian(), gaussian()].map((z) => 0.005 * z);

  const rrMs: number[] = [];
  const meanRr = options.heartRateBpm === null ? 0 : 60_000 / options.heartRateBpm;
  if (options.heartRateBpm !== null && options.heartRateEndBpm !== undefined) {
    // A ramp: each beat's length from the rate at its start time, with the same beat-to-beat variation.
    const [from, to] = [options.heartRateBpm, options.heartRateEndBpm];
    for (let at = -2 * meanRr; at < durationMs + 2 * meanRr; ) {
      const rate = from + ((to - from) * Math.min(1, Math.max(0, at / durationMs)));
      const beat = 60_000 / rate;
      const length = beat + (options.rrSdMs ?? 0.03 * beat) * gaussian();
      rrMs.push(length);
      at += length;
    }
  } else if (options.heartRateBpm !== null) {
    const sd = options.rrSdMs ?? 0.03 * meanRr;
    const count = Math.ceil(durationMs / meanRr) + 3;
    for (let i = 0; i < count; i += 1) rrMs.push(meanRr + sd * gaussian());
    // Re-centre so the clip's mean heart rate is exactly the one asked for.
    const shift = meanRr - rrMs.reduce((a, b) => a + b, 0) / count;
    for (let i = 0; i < count; i += 1) rrMs[i] = rrMs[i]! + shift;
  }
  const steps = Array.from({ length: options.motionSteps ?? 0 }, () => ({
    t: random() * durationMs,
    gain: [1 + 0.02 * gaussian(), 1 + 0.02 * gaussian(), 1 + 0.02 * gaussian()],
  })).sort((a, b) => a.t - b.t);
  const firstBeat = options.heartRateEndBpm !== undefined ? -2 * meanRr : -random() * (rrMs[0] ?? 0);
  const jitter = options.jitterMs ?? 3;
  const drop = options.dropProbability ?? 0.02;
  const frameCount = Math.floor((durationMs * fps) / 1000) + 1;

  function* frames(): Generator<SyntheticFrame> {
    let beat = 0;
    let onset = firstBeat;
    let last = -Infinity;
    for (let k = 0; k < frameCount; k += 1) {
      const nominal = (k * 1000) / fps;
      const t = Math.max(last + 1, nominal + jitter * gaussian());
      if (k > 0 && k < frameCount - 1 && random() < drop) continue;
      last = t;
      const s = t / 1000;
      let blood = 0;
      if (rrMs.length > 0) {
        while (beat < rrMs.length - 1 && onset + rrMs[beat]! <= t) onset += rrMs[beat++]!;
        // Shaped on the mean beat, not this one: the wave reaches the face a fixed time after the heartbeat
        // (pulse transit), so the peak-to-peak intervals are exactly the beat lengths.
        blood = pulseShape((t - onset) / (options.heartRateEndBpm !== undefined ? rrMs[beat]! : meanRr));
      }
      const breath = Math.sin(2 * Math.PI * breathingHz * s + breathingPhase);
      const pulse = pulseAmplitude * (1 + breathingAm * breath) * blood;
      const mains = 2 * Math.PI * (options.flickerHz ?? 0) * s;
      let flicker = flickerDepth * Math.sin(mains + flickerPhase);
      for (const { order, amplitude, phase } of harmonics) flicker += flickerDepth * amplitude * Math.sin(order * mains + phase);
      const lamp = (1 + drift * Math.sin((2 * Math.PI * s) / 120 + driftPhase));
      const room = [0, 1, 2].map((c) => lamp * (1 + flicker * (options.flickerTint?.[c] ?? 1))) as [number, number, number];
      const gain: [number, number, number] = [0, 0, 0];
      for (let c = 0; c < 3; c += 1) {
        let level = room[c]! * (1 + breathingIntensity * breath) * (1 + (colourDrift[c]! * t) / durationMs) * (1 - PULSE_WEIGHTS[c]! * pulse);
        for (const step of steps) if (step.t <= t) level *= step.gain[c]!;
        gain[c] = level;
      }
      yield { t, gain, light: room, pulse };
    }
  }
  return { rrMs, frames };
}

/** A colour as a compressed frame gives it back: luma rounded to `step` levels, chroma to 2 × step (BT.601). */
export function jpegQuantised([r, g, b]: readonly [number, number, number], step: number): [number, number, number] {
  const y = Math.round((0.299 * r + 0.587 * g + 0.114 * b) / step) * step;
  const cb = Math.round((-0.168736 * r - 0.331264 * g + 0.5 * b) / (2 * step)) * 2 * step;
  const cr = Math.round((0.5 * r - 0.418688 * g - 0.081312 * b) / (2 * step)) * 2 * step;
  return [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb];
}

/** The clip as the scan engine receives it: skin colour × gains + sensor noise, starting at a non-zero clock. */
export function syntheticSamples(options: SyntheticOptions): { samples: FrameSample[]; rrMs: number[] } {
  const camera = syntheticCamera(options);
  const gaussian = seededGaussian(seededRandom((options.seed ?? 1) + 7919));
  const noise = options.noise ?? 0.5;
  const deliver = (colour: [number, number, number]) => (options.jpegStep ? jpegQuantised(colour, options.jpegStep) : colour);
  const samples: FrameSample[] = [];
  const neck = options.backgroundPulse ?? 0;
  for (const { t, gain, light, pulse } of camera.frames()) {
    const [r, g, b] = deliver((options.skinRgb ?? SKIN_RGB).map((base, c) => base * gain[c]! + noise * gaussian()) as [number, number, number]);
    const background = options.background ? deliver(BACKGROUND_RGB.map((base, c) => base * light[c]! * (1 - neck * PULSE_WEIGHTS[c]! * pulse) + noise * gaussian()) as [number, number, number]) : undefined;
    samples.push({ t: 5_000 + t, r, g, b, ...(background ? { background } : {}) });
  }
  return { samples, rrMs: camera.rrMs };
}
