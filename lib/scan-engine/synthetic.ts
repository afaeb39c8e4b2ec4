// A synthetic camera for the scan engine's tests and bench: what the mean skin colour of a face does over
// a scan, with known vitals. A blood-volume pulse (systolic wave and dicrotic wave) dims the skin most in
// green, beat lengths vary from beat to beat, breathing brightens and dims the face and swells the pulse,
// and the camera adds noise, illumination drift, frame-time jitter, dropped frames and (optionally) the
// step changes that moving in front of it causes. Deterministic for a given seed. Not part of the UI bundle.
import { seededRandom } from '../demo/random';
import type { FrameSample } from './types';

export type SyntheticOptions = {
  /** Mean heart rate; null for a clip with no pulse at all. */
  heartRateBpm: number | null;
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
};

/** The skin colour the gains multiply: a light skin tone under white light. */
export const SKIN_RGB: readonly [number, number, number] = [180, 120, 100];
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

/** A frame: its capture time and each channel's gain on the skin colour (1 = unchanged). */
export type SyntheticFrame = { t: number; gain: [number, number, number] };

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
  const colourDrift = [gaussian(), gaussian(), gaussian()].map((z) => 0.005 * z);

  const rrMs: number[] = [];
  const meanRr = options.heartRateBpm === null ? 0 : 60_000 / options.heartRateBpm;
  if (options.heartRateBpm !== null) {
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
  const firstBeat = -random() * (rrMs[0] ?? 0);
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
        blood = pulseShape((t - onset) / meanRr);
      }
      const breath = Math.sin(2 * Math.PI * breathingHz * s + breathingPhase);
      const pulse = pulseAmplitude * (1 + breathingAm * breath) * blood;
      const light = (1 + breathingIntensity * breath) * (1 + drift * Math.sin((2 * Math.PI * s) / 120 + driftPhase));
      const gain: [number, number, number] = [0, 0, 0];
      for (let c = 0; c < 3; c += 1) {
        let level = light * (1 + (colourDrift[c]! * t) / durationMs) * (1 - PULSE_WEIGHTS[c]! * pulse);
        for (const step of steps) if (step.t <= t) level *= step.gain[c]!;
        gain[c] = level;
      }
      yield { t, gain };
    }
  }
  return { rrMs, frames };
}

/** The clip as the scan engine receives it: skin colour × gains + sensor noise, starting at a non-zero clock. */
export function syntheticSamples(options: SyntheticOptions): { samples: FrameSample[]; rrMs: number[] } {
  const camera = syntheticCamera(options);
  const gaussian = seededGaussian(seededRandom((options.seed ?? 1) + 7919));
  const noise = options.noise ?? 0.5;
  const samples: FrameSample[] = [];
  for (const { t, gain } of camera.frames()) {
    const [r, g, b] = SKIN_RGB.map((base, c) => base * gain[c]! + noise * gaussian()) as [number, number, number];
    samples.push({ t: 5_000 + t, r, g, b });
  }
  return { samples, rrMs: camera.rrMs };
}
