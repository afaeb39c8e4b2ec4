import { open, rm, type FileHandle } from 'node:fs/promises';

// A synthetic webcam clip as YUV4MPEG2 (.y4m) for Chromium's fake camera:
//   --use-fake-device-for-media-stream --use-fake-ui-for-media-stream --use-file-for-fake-video-capture=<file>.y4m
// Chromium plays the frames at the header's frame rate, and from the first frame again after the last.
//
// The picture: a face-like skin oval (FACE_OVAL, a little wider at the forehead) on a grey-blue wall,
// with eyes and a mouth (not skin-coloured), hair at the top and a neck. Only the skin carries the pulse
// (a PPG wave with a systolic peak, dicrotic notch and diastolic wave, ±2.5 % beat-to-beat variability)
// and the breathing's intensity change; the whole face rises and falls with breathing (±motionPx/2),
// drifts by up to ±motionPx/2 over the clip and trembles by under a pixel per frame; the room light
// drifts by about ±1 %; every pixel gets independent Gaussian sensor noise. The app's scan region
// (x 0.35–0.65, y 0.25–0.65 of the frame) stays on the skin, clear of the hairline, whatever the motion.
//
// The planes are full-range BT.601 ("C420jpeg"). Chromium's Y4M reader ignores the colour space
// and hands the frames on as plain I420, which the browser may treat as limited range: colours then
// come out with slightly more contrast (the skin about (197, 141, 119)); the pulse stays the same fraction of the skin.

export type FaceVideoOptions = {
  /** Beats per minute; null: no pulse at all (and no breathing change in the skin's colour either). */
  pulseBpm: number | null;
  /** Breaths per minute, e.g. 15. */
  breathsPerMin: number;
  /** Length, e.g. 50 (a little longer than the 45 s scan, so that Chromium's loop never lands inside it). */
  seconds: number;
  /** Frames per second, an integer; default 30. */
  fps?: number;
  /** Even; default 320. */
  width?: number;
  /** Even; default 240. */
  height?: number;
  /** Seeds every random choice; the same seed gives the same picture, motion and noise with or without a pulse. Default 1. */
  seed?: number;
  /** Gaussian sensor noise σ in 8-bit levels, per pixel and RGB channel; default 2. */
  noise?: number;
  /**
   * Breathing motion, peak to peak, in pixels; default 2. The face also drifts by up to ±motionPx/2 over
   * the clip, and trembles by up to ±0.5 px from frame to frame. 0: a perfectly still face.
   */
  motionPx?: number;
  /**
   * The room's light flickering over the whole frame (face and wall): mains flicker at `hz` (100 or 120),
   * sampled at the frame times of a camera running at `cameraFps` (the file's frames are that camera's
   * frames, played at `fps`), `depth` deep, each channel's depth times `tint` (an LED's blue flickers more
   * than its red), with the mains' harmonics at `harmonics` of the fundamental. None unless given.
   */
  flicker?: { hz: number; cameraFps: number; depth: number; tint: readonly [number, number, number]; harmonics: readonly number[] };
  /** The skin's base colour, RGB before shading: SKIN (a light skin) unless told; e.g. [62, 41, 31] for type VI. */
  skinRgb?: readonly [number, number, number];
  /** The room's light on the whole frame, 1 = as painted; 0.7 for a dim room. Default 1. */
  exposure?: number;
};

// Math's functions by local names: under Jest's module sandbox every global lookup (Math.sqrt…) is slow.
const { abs, ceil, cos, exp, floor, log, max, min, PI, round, sin, sqrt } = Math;

/** The skin oval, in fractions of the frame's width and height (x 0.3–0.7, y 0.12–0.88), at rest. */
export const FACE_OVAL = { cx: 0.5, cy: 0.5, rx: 0.2, ry: 0.38 } as const;

/** Base skin colour (before shading and texture), RGB. */
const SKIN = [190, 140, 120] as const;
/** Pulsatile relative amplitudes (peak to peak) per channel: blood darkens the skin, mostly in green. */
const PULSE_AMPLITUDE = [0.003, 0.008, 0.005] as const;
/** Breathing: relative skin intensity change (amplitude), and the pulse's amplitude modulation. */
const BREATH_INTENSITY = 0.005;
const BREATH_PULSE_MODULATION = 0.05;

export function frameCountFor(seconds: number, fps = 30): number {
  return round(seconds * fps);
}

export async function writeFaceVideo(path: string, options: FaceVideoOptions): Promise<{ frames: number; bytes: number }> {
  const settings = validate(options);
  const { width: w, height: h, fps } = settings;
  const frames = frameCountFor(settings.seconds, fps);
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F${fps}:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\n`, 'latin1');
  const frameBytes = 6 + w * h + 2 * (w / 2) * (h / 2);
  const render = frameRenderer(settings);

  // Two frame buffers: one being written while the next is rendered; a buffer is reused only once its write is done.
  const buffers = [Buffer.alloc(frameBytes), Buffer.alloc(frameBytes)];
  for (const buffer of buffers) buffer.write('FRAME\n', 0, 'latin1');

  const file = await open(path, 'w');
  let pending: Promise<void> | null = null;
  try {
    await writeAll(file, header);
    for (let f = 0; f < frames; f++) {
      const buffer = buffers[f & 1]!;
      render(f, buffer);
      if (pending) await pending;
      pending = writeAll(file, buffer);
    }
    if (pending) await pending;
    pending = null;
    await file.close();
  } catch (error) {
    await pending?.catch(() => undefined);
    await file.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
  return { frames, bytes: header.length + frames * frameBytes };
}

type Settings = Required<Omit<FaceVideoOptions, 'pulseBpm' | 'flicker'>> & { pulseBpm: number | null; flicker: FaceVideoOptions['flicker'] | null };
type Rgb = readonly [number, number, number];

function validate(options: FaceVideoOptions): Settings {
  const settings: Settings = {
    pulseBpm: options.pulseBpm,
    breathsPerMin: options.breathsPerMin,
    seconds: options.seconds,
    fps: options.fps ?? 30,
    width: options.width ?? 320,
    height: options.height ?? 240,
    seed: options.seed ?? 1,
    noise: options.noise ?? 2,
    motionPx: options.motionPx ?? 2,
    flicker: options.flicker ?? null,
    skinRgb: options.skinRgb ?? SKIN,
    exposure: options.exposure ?? 1,
  };
  const check = (ok: boolean, message: string) => {
    if (!ok) throw new RangeError(`writeFaceVideo: ${message}`);
  };
  const { width, height, fps, pulseBpm } = settings;
  check(Number.isInteger(width) && Number.isInteger(height) && width >= 16 && height >= 16, `width and height must be integers ≥ 16 (got ${width}×${height})`);
  check(width % 2 === 0 && height % 2 === 0, `width and height must be even for 4:2:0 (got ${width}×${height})`);
  check(Number.isInteger(fps) && fps >= 1 && fps <= 120, `fps must be an integer from 1 to 120 (got ${fps})`);
  check(Number.isFinite(settings.seconds) && settings.seconds > 0, `seconds must be positive (got ${settings.seconds})`);
  check(pulseBpm === null || (Number.isFinite(pulseBpm) && pulseBpm >= 20 && pulseBpm <= 250), `pulseBpm must be null or 20–250 (got ${pulseBpm})`);
  check(Number.isFinite(settings.breathsPerMin) && settings.breathsPerMin > 0 && settings.breathsPerMin <= 60, `breathsPerMin must be in (0, 60] (got ${settings.breathsPerMin})`);
  check(Number.isFinite(settings.noise) && settings.noise >= 0, `noise must be ≥ 0 (got ${settings.noise})`);
  check(Number.isFinite(settings.motionPx) && settings.motionPx >= 0 && settings.motionPx <= 8, `motionPx must be 0–8 (got ${settings.motionPx})`);
  check(Number.isFinite(settings.seed), `seed must be a number (got ${settings.seed})`);
  check(Number.isFinite(settings.exposure) && settings.exposure > 0 && settings.exposure <= 2, `exposure must be in (0, 2] (got ${settings.exposure})`);
  check(settings.skinRgb.every((v) => Number.isFinite(v) && v >= 0 && v <= 255), `skinRgb must be three 0–255 values (got ${settings.skinRgb.join(', ')})`);
  return settings;
}

async function writeAll(file: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await file.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

// ---------------------------------------------------------------------------------------------
// Random numbers: independent seeded streams, so that the picture, the motion and the noise do not
// depend on whether there is a pulse.

function hashSeed(seed: number, stream: number): number {
  // splitmix32-style mixing of (seed, stream) into a non-zero 32-bit state.
  let x = (Math.imul(floor(seed) | 0, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  x = (x ^ (x >>> 15)) >>> 0;
  return x === 0 ? 0x6d2b79f5 : x;
}

/** xorshift32, as a uniform [0, 1) generator. */
function uniformStream(seed: number, stream: number): () => number {
  let s = hashSeed(seed, stream);
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function gaussianStream(uniform: () => number): () => number {
  return () => {
    const u = 1 - uniform();
    return sqrt(-2 * log(u)) * cos(2 * PI * uniform());
  };
}

// ---------------------------------------------------------------------------------------------
// The static picture.
//
// The face is painted analytically (soft-edged ellipses and smooth textures), at pixel centres. A
// resampled (interpolated) picture would blur more at half-pixel offsets than at whole ones, and the
// breathing motion would then turn the features' edges into a flicker at harmonics of the breathing
// rate, inside the heart-rate band, for an app that keeps only skin-coloured pixels. So the face layer
// is painted exactly at FACE_PHASES vertical sub-pixel offsets, and only the slow horizontal drift is
// interpolated. For the same reason the features' edges are roughened, and the face trembles by a
// random fraction of a pixel each frame (see frameRenderer).

const FACE_PHASES = 16;
/** Values per face-layer pixel: coverage, premultiplied RGB, premultiplied skin RGB (the part that pulses). */
const LAYER_VALUES = 7;

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);
const smooth01 = (t: number) => t * t * (3 - 2 * t);

/** Smooth value noise in [-1, 1] anywhere around the frame: random values on a grid of cellX × cellY pixels, smoothly interpolated. */
function noiseField(w: number, h: number, cellX: number, cellY: number, uniform: () => number): (x: number, y: number) => number {
  const margin = 4;
  const gw = ceil(w / cellX) + 2 * margin + 2;
  const gh = ceil(h / cellY) + 2 * margin + 2;
  const grid = Float32Array.from({ length: gw * gh }, () => uniform() * 2 - 1);
  return (x, y) => {
    const gx = min(gw - 1.001, max(0, x / cellX + margin));
    const gy = min(gh - 1.001, max(0, y / cellY + margin));
    const x0 = floor(gx);
    const y0 = floor(gy);
    const tx = smooth01(gx - x0);
    const ty = smooth01(gy - y0);
    const i = y0 * gw + x0;
    const a = grid[i]!;
    const b = grid[i + 1]!;
    const c = grid[i + gw]!;
    const d = grid[i + gw + 1]!;
    return (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
  };
}

/** Anti-aliased coverage (0–1) of an ellipse given in frame fractions, at the point (px, py) in pixels. */
function ellipseCoverage(px: number, py: number, w: number, h: number, cx: number, cy: number, rx: number, ry: number): number {
  const dx = (px - cx * w) / (rx * w);
  const dy = (py - cy * h) / (ry * h);
  const r = sqrt(dx * dx + dy * dy);
  // (1 - r) times the smaller radius approximates the distance to the edge in pixels: a ~1.2 px soft edge.
  return clamp01(((1 - r) * min(rx * w, ry * h)) / 1.2 + 0.5);
}

/** The grey-blue wall: lighter at the top, a soft vignette, mild blotchy texture. */
function paintBackground(w: number, h: number, uniform: () => number): [Float32Array, Float32Array, Float32Array] {
  const scale = w / 320; // texture sizes relative to a 320-pixel-wide frame
  const blotches = noiseField(w, h, max(2, 24 * scale), max(2, 24 * scale), uniform);
  const grain = noiseField(w, h, max(1, 4 * scale), max(1, 4 * scale), uniform);
  const bg: [Float32Array, Float32Array, Float32Array] = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const u = (x + 0.5) / w - 0.5;
      const v = (y + 0.5) / h;
      const light = (1.06 - 0.12 * v) * (1 - 0.18 * (u * u + (v - 0.5) * (v - 0.5)));
      const texture = 4 * blotches(x + 0.5, y + 0.5) + 1.5 * grain(x + 0.5, y + 0.5);
      bg[0][i] = 112 * light + texture;
      bg[1][i] = 122 * light + texture;
      bg[2][i] = 138 * light + texture;
    }
  }
  return bg;
}

/**
 * The face at rest, as a function of the point (px, py) in pixels: writes LAYER_VALUES values at out[o…].
 * Skin first, then the eyes and mouth over it, then the hair, all premultiplied and painted "over".
 */
function faceScene(w: number, h: number, uniform: () => number, skin: Rgb): (px: number, py: number, out: Float32Array, o: number) => void {
  const scale = w / 320;
  const skinBlotches = noiseField(w, h, max(2, 10 * scale), max(2, 10 * scale), uniform);
  const skinGrain = noiseField(w, h, max(1, 3 * scale), max(1, 3 * scale), uniform);
  const hairStrands = noiseField(w, h, max(1, 2.5 * scale), max(2, 18 * scale), uniform);
  // The features' upper and lower edges are roughened by under a pixel, column by column (a Weyl
  // sequence), so that their rows do not all cross a skin-colour threshold at once as the face moves.
  const jitterStart = uniform();
  // Eyes (whites, then darker irises) and mouth: [cx, cy, rx, ry] in frame fractions, then RGB. (No
  // eyebrows: thin dark lines flicker the most under a skin-colour threshold as the face moves.)
  const features = [
    [0.42, 0.42, 0.034, 0.019, 70, 62, 62],
    [0.58, 0.42, 0.034, 0.019, 70, 62, 62],
    [0.42, 0.42, 0.014, 0.017, 38, 30, 28],
    [0.58, 0.42, 0.014, 0.017, 38, 30, 28],
    [0.5, 0.71, 0.056, 0.018, 88, 40, 46],
  ].map(([fx, fy, frx, fry, r, g, b]) => {
    // How far from its centre a feature can cover anything, soft edge and jitter included, in pixels.
    const edge = 1 + 0.6 / min(frx! * w, fry! * h);
    return { fx: fx!, fy: fy!, frx: frx!, fry: fry!, r: r!, g: g!, b: b!, reachX: frx! * w * edge + 1, reachY: fry! * h * edge + 1 };
  });
  const { cx, cy, rx, ry } = FACE_OVAL;

  return (px, py, out, o) => {
    const u = px / w;
    const v = py / h;
    // The skin oval, a little egg-shaped: 10 % wider than FACE_OVAL at the forehead, narrower at the chin,
    // so that the scan region's top corners stay on the skin however the face moves.
    const egg = 1 + (0.1 * (cy - v)) / ry;
    const oval = ellipseCoverage(px, py, w, h, cx, cy, rx * egg, ry);
    // Neck below the face.
    const neck = v > 0.7 ? clamp01((0.065 * w - abs(px - 0.5 * w)) / 1.2 + 0.5) : 0;
    const dx = (u - cx) / (rx * egg);
    const dy = (v - cy) / ry;
    // Hair: a cap over the top of the oval down to a gently curved hairline, and down the sides.
    const hairCap = ellipseCoverage(px, py, w, h, 0.5, 0.47, 0.228, 0.372);
    const hairline = (0.19 + 0.05 * dx * dx) * h;
    const hair = hairCap * max(clamp01((hairline - py) / 1.2 + 0.5), (1 - oval) * clamp01((0.56 * h - py) / 3));
    if (oval <= 0 && neck <= 0 && hair <= 0) {
      out.fill(0, o, o + LAYER_VALUES);
      return;
    }

    // Skin: lit a little more from the right, darker towards the oval's rim and on the neck, mild texture.
    let a = max(oval, neck);
    const r2 = min(1, dx * dx + dy * dy);
    const shade = (1 + 0.07 * dx) * (1 - 0.16 * r2 * r2 * r2) * (0.8 + 0.2 * oval);
    const grain = 2 * skinBlotches(px, py) + 0.8 * skinGrain(px, py);
    let pr = a * (skin[0] * shade + grain);
    let pg = a * (skin[1] * shade + grain * 0.8);
    let pb = a * (skin[2] * shade + grain * 0.7);
    let sr = pr;
    let sg = pg;
    let sb = pb;
    const column = floor(px);
    const jitterTop = ((((column * 0.6180339887 + jitterStart) % 1) + 1) % 1) - 0.5;
    const jitterBottom = ((((column * 0.4142135624 + jitterStart) % 1) + 1) % 1) - 0.5;
    for (let k = 0; k < features.length; k++) {
      const feature = features[k]!;
      const fcy = feature.fy * h;
      if (abs(px - feature.fx * w) > feature.reachX || abs(py - fcy) > feature.reachY) continue;
      const f = ellipseCoverage(px, py + (py < fcy ? jitterTop : jitterBottom), w, h, feature.fx, feature.fy, feature.frx, feature.fry);
      if (f <= 0) continue;
      pr = f * feature.r + (1 - f) * pr;
      pg = f * feature.g + (1 - f) * pg;
      pb = f * feature.b + (1 - f) * pb;
      sr *= 1 - f;
      sg *= 1 - f;
      sb *= 1 - f;
      a = f + (1 - f) * a;
    }
    if (hair > 0) {
      const strand = 1 + 0.22 * hairStrands(px, py);
      pr = hair * 56 * strand + (1 - hair) * pr;
      pg = hair * 39 * strand + (1 - hair) * pg;
      pb = hair * 29 * strand + (1 - hair) * pb;
      sr *= 1 - hair;
      sg *= 1 - hair;
      sb *= 1 - hair;
      a = hair + (1 - hair) * a;
    }
    out[o] = a;
    out[o + 1] = pr;
    out[o + 2] = pg;
    out[o + 3] = pb;
    out[o + 4] = sr;
    out[o + 5] = sg;
    out[o + 6] = sb;
  };
}

type FaceLayers = {
  /** One layer per vertical sub-pixel phase k: the face painted with its pixel centres at (ox + c + 0.5, oy + r + 0.5 + k / FACE_PHASES). */
  phases: Float32Array[];
  ox: number;
  oy: number;
  lw: number;
  /** The frame pixels that the face can reach, [x0, x1) × [y0, y1). */
  reach: { x0: number; x1: number; y0: number; y1: number };
};

/** Paints the face layers for motion up to `maxShift` pixels in any direction. */
function paintFaceLayers(w: number, h: number, uniform: () => number, maxShift: number, skin: Rgb): FaceLayers {
  const paint = faceScene(w, h, uniform, skin);
  const sample = new Float32Array(LAYER_VALUES);
  let x0 = w;
  let x1 = 0;
  let y0 = h;
  let y1 = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      paint(x + 0.5, y + 0.5, sample, 0);
      if (sample[0]! > 0) {
        x0 = min(x0, x);
        x1 = max(x1, x + 1);
        y0 = min(y0, y);
        y1 = max(y1, y + 1);
      }
    }
  }
  const e = ceil(maxShift) + 1;
  const reach = { x0: max(0, x0 - e), x1: min(w, x1 + e), y0: max(0, y0 - e), y1: min(h, y1 + e) };
  const ox = reach.x0 - e - 1;
  const oy = reach.y0 - e - 1;
  const lw = reach.x1 - reach.x0 + 2 * e + 3;
  const lh = reach.y1 - reach.y0 + 2 * e + 3;
  const phases = Array.from({ length: FACE_PHASES }, (_, k) => {
    const layer = new Float32Array(lw * lh * LAYER_VALUES);
    for (let r = 0; r < lh; r++) {
      for (let c = 0; c < lw; c++) paint(ox + c + 0.5, oy + r + 0.5 + k / FACE_PHASES, layer, (r * lw + c) * LAYER_VALUES);
    }
    return layer;
  });
  return { phases, ox, oy, lw, reach };
}

// ---------------------------------------------------------------------------------------------
// Time series: pulse, breathing, motion, light.

/** One beat's blood-volume wave at phase φ (beat start 0, next beat 1): systolic peak, dicrotic notch, diastolic wave. */
function beatShape(phase: number): number {
  const systolic = (phase - 0.2) / 0.08;
  const diastolic = (phase - 0.5) / 0.11;
  return exp(-0.5 * systolic * systolic) + 0.45 * exp(-0.5 * diastolic * diastolic);
}

/** The pulse wave at any time, mean about 0, peak to peak about 1, with seeded RR variability. */
function pulseWave(bpm: number, breathHz: number, breathPhase: number, seconds: number, seed: number): (t: number) => number {
  const uniform = uniformStream(seed, 2);
  const gauss = gaussianStream(uniform);
  const rr0 = 60 / bpm;
  // RR intervals: respiratory sinus arrhythmia (±1 %) plus random variability (σ 0.8 %, within ±1.5 %).
  const rr: number[] = [];
  const onsets: number[] = [];
  let t = -2 * rr0 - uniform() * rr0;
  while (t < seconds + 2 * rr0) {
    const rsa = 0.01 * sin(2 * PI * breathHz * t + breathPhase);
    const random = max(-0.015, min(0.015, 0.008 * gauss()));
    const interval = rr0 * (1 + rsa + random);
    onsets.push(t);
    rr.push(interval);
    t += interval;
  }
  // Rescale so that the mean rate is exactly `bpm`.
  const meanRr = rr.reduce((sum, x) => sum + x, 0) / rr.length;
  const start = onsets[0]!;
  let at = start;
  for (let k = 0; k < rr.length; k++) {
    rr[k] = (rr[k]! * rr0) / meanRr;
    onsets[k] = at;
    at += rr[k]!;
  }
  // Normalise with a regular beat train: remove its mean, scale its peak to peak to 1.
  let lowest = Infinity;
  let highest = -Infinity;
  let sum = 0;
  const samples = 400;
  for (let s = 0; s < samples; s++) {
    const phase = s / samples;
    const value = beatShape(phase) + beatShape(phase + 1) + beatShape(phase - 1);
    lowest = min(lowest, value);
    highest = max(highest, value);
    sum += value;
  }
  const mean = sum / samples;
  const range = highest - lowest;
  let cursor = 0;
  return (time: number) => {
    // Times are asked in increasing order: move the cursor to the beat that contains `time`.
    while (cursor + 1 < onsets.length && onsets[cursor + 1]! <= time) cursor++;
    let value = 0;
    for (let k = max(0, cursor - 1); k <= min(onsets.length - 1, cursor + 1); k++) {
      value += beatShape((time - onsets[k]!) / rr[k]!);
    }
    return (value - mean) / range;
  };
}

/** A smooth random curve in [-1, 1]: random knots every `period` seconds, cosine-interpolated. */
function smoothDrift(seconds: number, period: number, uniform: () => number): (t: number) => number {
  const knots = Array.from({ length: ceil(seconds / period) + 2 }, () => uniform() * 2 - 1);
  return (t: number) => {
    const k = min(knots.length - 2, max(0, floor(t / period)));
    const f = (1 - cos(PI * (t / period - k))) / 2;
    return knots[k]! + (knots[k + 1]! - knots[k]!) * f;
  };
}

// ---------------------------------------------------------------------------------------------
// Frames.

const GAUSS_TABLE_BITS = 16;

function frameRenderer(settings: Settings): (frame: number, out: Buffer) => void {
  const { width: w, height: h, fps, seed, noise, motionPx, seconds } = settings;
  const motion = uniformStream(seed, 3);
  const breathHz = settings.breathsPerMin / 60;
  const breathPhase = motion() * 2 * PI;
  const lightPhase1 = motion() * 2 * PI;
  const lightPhase2 = motion() * 2 * PI;
  // Each drift on a stream of its own, so that a shorter clip starts like a longer one with the same seed.
  const driftPx = motionPx / 2;
  const driftX = smoothDrift(seconds, 9, uniformStream(seed, 6));
  const driftY = smoothDrift(seconds, 11, uniformStream(seed, 7));
  // A random tremor of up to ±0.5 px each frame (whenever the face moves at all): it spreads the face's
  // sub-pixel position evenly, so that what motion does to the pixels on an edge averages out.
  const tremorPx = motionPx > 0 ? 1 : 0;
  const pictureRandom = uniformStream(seed, 1);
  const [bgR, bgG, bgB] = paintBackground(w, h, pictureRandom);
  const { phases, ox, oy, lw, reach } = paintFaceLayers(w, h, pictureRandom, motionPx / 2 + driftPx + tremorPx / 2, settings.skinRgb);
  const pulse = settings.pulseBpm === null ? null : pulseWave(settings.pulseBpm, breathHz, breathPhase, seconds, seed);
  // The flicker's phases on a stream of its own: a clip without flicker is the same as before it existed.
  const flickerRandom = uniformStream(seed, 8);
  const flicker = settings.flicker;
  const flickerPhases = flicker ? [flickerRandom() * 2 * PI, ...flicker.harmonics.map(() => flickerRandom() * 2 * PI)] : [];
  /** The flicker's relative change at frame `frame` (the camera's capture time), before the channel's tint. */
  const flickerAt = (frame: number) => {
    if (!flicker) return 0;
    const angle = 2 * PI * flicker.hz * (frame / flicker.cameraFps);
    let value = sin(angle + flickerPhases[0]!);
    flicker.harmonics.forEach((amplitude, k) => (value += amplitude * sin((k + 2) * angle + flickerPhases[k + 1]!)));
    return flicker.depth * value;
  };

  // Sensor noise: a table of Gaussian samples, picked per pixel and channel with xorshift32.
  const gaussian = gaussianStream(uniformStream(seed, 4));
  const table = Float32Array.from({ length: 1 << GAUSS_TABLE_BITS }, () => gaussian());
  const tableMean = table.reduce((sum, x) => sum + x, 0) / table.length;
  const tableSd = sqrt(table.reduce((sum, x) => sum + (x - tableMean) ** 2, 0) / table.length);
  for (let k = 0; k < table.length; k++) table[k] = ((table[k]! - tableMean) / tableSd) * noise;
  let state = hashSeed(seed, 5);

  const cw = w / 2;
  const ch = h / 2;
  const sumR = new Float32Array(cw * ch);
  const sumG = new Float32Array(cw * ch);
  const sumB = new Float32Array(cw * ch);
  const yOffset = 6;
  const uOffset = yOffset + w * h;
  const vOffset = uOffset + cw * ch;
  const V = LAYER_VALUES;

  return (frame, out) => {
    const t = frame / fps;
    const breath = sin(2 * PI * breathHz * t + breathPhase);
    const light = settings.exposure * (1 + 0.007 * sin((2 * PI * t) / 40 + lightPhase1) + 0.003 * sin((2 * PI * t) / 23 + lightPhase2));
    const flickering = flickerAt(frame);
    const [lightR, lightG, lightB] = [0, 1, 2].map((c) => light * (1 + flickering * (flicker?.tint[c] ?? 1))) as [number, number, number];
    // Skin modulation per channel (relative): breathing brightens, blood darkens.
    let kR = 0;
    let kG = 0;
    let kB = 0;
    if (pulse) {
      const p = pulse(t) * (1 + BREATH_PULSE_MODULATION * breath);
      kR = BREATH_INTENSITY * breath - PULSE_AMPLITUDE[0] * p;
      kG = BREATH_INTENSITY * breath - PULSE_AMPLITUDE[1] * p;
      kB = BREATH_INTENSITY * breath - PULSE_AMPLITUDE[2] * p;
    }
    // The face rises as the chest fills (up is -y), drifts slowly and trembles. Frame pixel (x, y)
    // shows the face's point (x - dx, y - dy): the vertical offset picks the nearest painted phase,
    // the horizontal one interpolates between two columns.
    const dx = driftPx * driftX(t);
    const tremor = tremorPx * (hashSeed(seed, 1000 + frame) / 4294967296 - 0.5);
    const dy = -(motionPx / 2) * breath + driftPx * driftY(t) + tremor;
    const ix = floor(-dx);
    const fx = -dx - ix;
    let iy = floor(-dy);
    let phase = round((-dy - iy) * FACE_PHASES);
    if (phase === FACE_PHASES) {
      phase = 0;
      iy += 1;
    }
    const layer = phases[phase]!;
    const wl = 1 - fx;
    const wr = fx;

    sumR.fill(0);
    sumG.fill(0);
    sumB.fill(0);
    let s = state;
    for (let y = 0; y < h; y++) {
      const faceRow = y >= reach.y0 && y < reach.y1;
      const chromaRow = (y >> 1) * cw;
      const rowStart = (y + iy - oy) * lw + ix - ox;
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        let r = bgR[i]!;
        let g = bgG[i]!;
        let b = bgB[i]!;
        if (faceRow && x >= reach.x0 && x < reach.x1) {
          const j = (rowStart + x) * V;
          const a = wl * layer[j]! + wr * layer[j + V]!;
          if (a > 0) {
            const back = 1 - a;
            r = r * back + wl * (layer[j + 1]! + kR * layer[j + 4]!) + wr * (layer[j + V + 1]! + kR * layer[j + V + 4]!);
            g = g * back + wl * (layer[j + 2]! + kG * layer[j + 5]!) + wr * (layer[j + V + 2]! + kG * layer[j + V + 5]!);
            b = b * back + wl * (layer[j + 3]! + kB * layer[j + 6]!) + wr * (layer[j + V + 3]! + kB * layer[j + V + 6]!);
          }
        }
        // Independent noise per pixel and channel: two 16-bit table indices per xorshift32 step.
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        r = r * lightR + table[s & 0xffff]!;
        g = g * lightG + table[(s >>> 16) & 0xffff]!;
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        b = b * lightB + table[s & 0xffff]!;

        // JPEG (full-range BT.601) luma; chroma from the 2×2 block's mean RGB below.
        const luma = 0.299 * r + 0.587 * g + 0.114 * b;
        out[yOffset + i] = luma <= 0 ? 0 : luma >= 255 ? 255 : (luma + 0.5) | 0;
        const c = chromaRow + (x >> 1);
        sumR[c]! += r;
        sumG[c]! += g;
        sumB[c]! += b;
      }
    }
    state = s;
    for (let c = 0; c < cw * ch; c++) {
      const r = sumR[c]! / 4;
      const g = sumG[c]! / 4;
      const b = sumB[c]! / 4;
      const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      out[uOffset + c] = cb <= 0 ? 0 : cb >= 255 ? 255 : (cb + 0.5) | 0;
      out[vOffset + c] = cr <= 0 ? 0 : cr >= 255 ? 255 : (cr + 0.5) | 0;
    }
  };
}
