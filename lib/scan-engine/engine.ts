// The scan engine: collects one mean skin colour per camera frame for the scan's duration, and turns
// them into heart rate, HRV and breathing rate. push() only appends (O(1) amortised, called per frame);
// the analysis runs in live() (≤ 10×/s, on the last seconds, with the running rate cached for a second)
// and in result() (once, on the whole scan: ~1350 samples, a few milliseconds).
import { highMedian } from '@/lib/statistics';
import { estimateBreathingRate, intensitySignal } from './breathing';
import { ANALYSIS_FS, bestHeartRate, extractPulse, PULSE_BAND_HZ, resampleChannels, type HeartRateEstimate, type PulseMethod } from './heart-rate';
import { hrvFromBeats, hrvWithheld } from './hrv';
import { BACKGROUND_SHARE_LIMIT, backgroundLight, backgroundShareAt, CHROMA_SHARE_MIN, chromaShareAt, lightLines, WALL_SHARE_MIN, wallHasRhythm, wallToSkinAt, withoutRoomLight } from './light';
import { QUALITY_THRESHOLD, SCAN_DURATION_MS, type FrameSample, type LiveState, type ScanMeasurement } from './types';

/** The live trace: the last 5 s of pulse, one point per analysis sample (150 at 30 Hz). */
export const TRACE_MS = 5_000;
export const TRACE_POINTS = 150;
/** Extra history filtered before the trace so the filter and the POS windows have settled where it starts. */
const TRACE_SETTLE_MS = 4_000;
/** The running heart rate needs this much signal (a 10 s spectrum resolves ±3 bpm); quality is shown from half of it. */
export const LIVE_HR_AFTER_MS = 10_000;
/** How stale the running estimate may get, in signal time: live() is called up to 10×/s, the rate changes slowly. */
const LIVE_REFRESH_MS = 1_000;
/** A pulse whose rate changed is read from the scan's first and last 12 s (rhythmConsistency's windows). */
const RATE_CHANGE_WINDOW_S = 12;
/** Start and end rates closer than this are one rate that the whole scan would have measured. */
const RATE_CHANGE_MIN_BPM = 6;
type Channels = [Float64Array, Float64Array, Float64Array];
/**
 * Below this quality no pulse was seen in the skin at all: the synthetic no-pulse clips (noise, drift,
 * motion, flicker) stay under 0.25 (types.ts, QUALITY_THRESHOLD), a faint real pulse sits between it and 0.5.
 */
const NO_PULSE_QUALITY = 0.25;
/** Shorter scans (a stop after a few seconds) give no numbers. */
const MIN_RESULT_MS = 10_000;
/**
 * Frames further apart than this have a gap between them: the face was out of view, or the page was too
 * busy to take frames. A gap adds nothing to the scan's length (the scan measures for SCAN_DURATION_MS of
 * frames), but the frames keep their own times and the analysis bridges it: the pulse went on beating
 * through it, so cutting the gap out of the clock would crowd more beats into less time and read the rate
 * high (a page that stalled for 300 ms every few seconds read a 60 bpm face at 66).
 */
export const GAP_MS = 250;

export class ScanEngine {
  private readonly durationMs: number;
  private readonly t: number[] = [];
  private readonly r: number[] = [];
  private readonly g: number[] = [];
  private readonly b: number[] = [];
  // The room's light outside the face, per frame; used only when every frame has it.
  private readonly background: [number[], number[], number[]] = [[], [], []];
  /** Milliseconds measured so far, and the intervals they add up: the frames' intervals, gaps left out (GAP_MS). */
  private measuredMs = 0;
  private measuredIntervals = 0;
  private running: { atMs: number; bpm: number | null; quality: number; method: PulseMethod } = { atMs: -Infinity, bpm: null, quality: 0, method: 'pos' };

  constructor(options: { durationMs?: number } = {}) {
    this.durationMs = options.durationMs ?? SCAN_DURATION_MS;
  }

  /**
   * The camera's frame rate, what its flicker aliases by: frame slots over the scan's time, a dropped frame
   * counted as the slots its gap spans. An alias of 360 Hz moves by 12 times any error in it, so it is
   * taken over the whole scan rather than from one interval.
   */
  private get cameraFps(): number {
    const intervals = this.t.slice(1).map((t, i) => t - this.t[i]!);
    if (!intervals.length || !(this.elapsedMs > 0)) return 0;
    const median = highMedian(intervals);
    if (!(median > 0)) return 0;
    const slots = intervals.reduce((sum, interval) => sum + Math.max(1, Math.round(interval / median)), 0);
    return (1000 * slots) / this.elapsedMs;
  }

  /** Milliseconds of signal so far: first to last frame time, gaps included. */
  private get elapsedMs(): number {
    return this.t.length > 1 ? this.t[this.t.length - 1]! - this.t[0]! : 0;
  }

  get done(): boolean {
    return this.measuredMs >= this.durationMs;
  }

  /** Adds a frame's mean colour. Ignored once done, and for non-finite values or a time not after the last one. */
  push(sample: FrameSample): void {
    if (this.done) return;
    const { t, r, g, b } = sample;
    if (![t, r, g, b].every(Number.isFinite)) return;
    const previous = this.t[this.t.length - 1];
    if (previous !== undefined && t <= previous) return;
    if (previous !== undefined && t - previous <= GAP_MS) {
      this.measuredMs += t - previous;
      this.measuredIntervals += 1;
    }
    this.t.push(t);
    this.r.push(r);
    this.g.push(g);
    this.b.push(b);
    const background = sample.background;
    if (background && background.every(Number.isFinite)) background.forEach((value, c) => this.background[c]!.push(value));
  }

  live(): LiveState {
    const elapsedMs = Math.min(this.measuredMs, this.durationMs);
    if (elapsedMs >= LIVE_HR_AFTER_MS / 2 && elapsedMs - this.running.atMs >= LIVE_REFRESH_MS) {
      const { estimate } = this.analyse();
      const quality = estimate?.quality ?? 0;
      const confident = estimate !== null && quality >= QUALITY_THRESHOLD && elapsedMs >= LIVE_HR_AFTER_MS;
      this.running = { atMs: elapsedMs, bpm: confident ? estimate.bpm : null, quality, method: estimate?.method ?? this.running.method };
    }
    return {
      elapsedMs,
      progress: this.durationMs > 0 ? elapsedMs / this.durationMs : 1,
      trace: this.trace(),
      heartRateBpm: this.running.bpm,
      signalQuality: this.running.quality,
    };
  }

  result(): ScanMeasurement {
    const durationMs = this.measuredMs;
    const frames = this.t.length;
    const fps = durationMs > 0 ? (this.measuredIntervals * 1000) / durationMs : 0;
    const none = { heartRateBpm: null, hrvSdnnMs: null, hrvLnrmssdMs: null, breathingRateBpm: null };
    if (durationMs < MIN_RESULT_MS) return { ...none, signalQuality: 0, confident: false, durationMs, frames, fps };
    const { estimate, intensity, channels } = this.analyse();
    const signalQuality = estimate?.quality ?? 0;
    if (estimate === null || signalQuality < QUALITY_THRESHOLD) {
      // A pulse that sped up or slowed down smears the whole scan's spectrum: its rate at the end, said so.
      const change = this.rateChange(channels);
      if (change) return { ...none, heartRateBpm: change.endBpm, signalQuality: change.quality, confident: true, rateChange: { startBpm: change.startBpm, endBpm: change.endBpm }, durationMs, frames, fps };
      // Why no pulse: the light's own rhythm, or no pulse in the skin at all (a photo, or too dim a face), or
      // a pulse too faint or too unsteady to trust.
      // (The wall's own lines are looked for here only, once: they keep nothing from the search.)
      const lightRhythm = estimate?.lightRhythm || (channels.light !== null && wallHasRhythm(channels.skin, channels.light, ANALYSIS_FS));
      const refused: ScanMeasurement['refused'] = lightRhythm ? 'light' : signalQuality < NO_PULSE_QUALITY ? 'no-pulse' : 'unclear';
      return { ...none, signalQuality, confident: false, refused, durationMs, frames, fps };
    }
    const hrv = hrvFromBeats(estimate.beats, estimate.templateCorrelation);
    const withheld = hrv ? null : hrvWithheld(estimate.beats, estimate.templateCorrelation);
    return {
      heartRateBpm: estimate.bpm,
      hrvSdnnMs: hrv?.sdnnMs ?? null,
      hrvLnrmssdMs: hrv?.lnRmssdMs ?? null,
      breathingRateBpm: estimateBreathingRate(intensity, estimate.beats),
      ...(withheld ? { hrvWithheld: withheld } : {}),
      signalQuality,
      confident: true,
      durationMs,
      frames,
      fps,
    };
  }

  /**
   * A clear pulse in the scan's first RATE_CHANGE_WINDOW_S and in its last, at rates at least
   * RATE_CHANGE_MIN_BPM apart: the rates at the start and at the end (each window measures its middle's
   * rate; the straight line through them is carried to the scan's ends), and the lower of the two
   * qualities. Null otherwise.
   */
  private rateChange(channels: { skin: Channels; light: Float64Array | null }): { startBpm: number; endBpm: number; quality: number } | null {
    const window = Math.round(RATE_CHANGE_WINDOW_S * ANALYSIS_FS);
    const length = channels.skin[0].length;
    if (length < 2 * window) return null;
    const part = (from: number) => {
      const slice = (x: Float64Array) => x.slice(from, from + window);
      return this.estimate({ skin: channels.skin.map(slice) as Channels, light: channels.light ? slice(channels.light) : null }, this.t[0]! + (from * 1000) / ANALYSIS_FS);
    };
    const head = part(0);
    const tail = part(length - window);
    if (!head || !tail || head.quality < QUALITY_THRESHOLD || tail.quality < QUALITY_THRESHOLD) return null;
    if (Math.abs(tail.bpm - head.bpm) < RATE_CHANGE_MIN_BPM) return null;
    // Each window's rate is its middle's; the line through the two carries on to the scan's ends.
    const slope = (tail.bpm - head.bpm) / (length - window);
    const edge = (slope * window) / 2;
    return { startBpm: head.bpm - edge, endBpm: tail.bpm + edge, quality: Math.min(head.quality, tail.quality) };
  }

  /** The skin's channels on the analysis grid, the room's light taken out where every frame carries it. */
  private channels(): { skin: Channels; light: Float64Array | null } {
    const skin = resampleChannels(this.t, this.r, this.g, this.b);
    const [br, bg, bb] = this.background;
    const light = br.length === this.t.length && this.t.length > 1 ? backgroundLight(...resampleChannels(this.t, br, bg, bb), ANALYSIS_FS) : null;
    return { skin: light ? withoutRoomLight(skin, light, ANALYSIS_FS) : skin, light };
  }

  /** The best pulse estimate of these channels; quality 0 when it is the light's rather than the blood's (light.ts). */
  private estimate({ skin, light }: { skin: Channels; light: Float64Array | null }, startMs: number): (HeartRateEstimate & { method: PulseMethod; lightRhythm: boolean }) | null {
    const lines = lightLines(skin, light, this.cameraFps, ANALYSIS_FS);
    const estimate = bestHeartRate(...skin, startMs, lines);
    if (!estimate) return null;
    const frequency = estimate.spectralBpm / 60;
    // The wall's rhythm at the pulse's rate is the light's only when it is about as strong there as the
    // skin's: a neck in the frame outside the face carries a weak copy of the pulse itself.
    const lightsRhythm = light !== null && backgroundShareAt(light, ANALYSIS_FS, frequency) >= BACKGROUND_SHARE_LIMIT && wallToSkinAt(skin, light, ANALYSIS_FS, frequency) >= WALL_SHARE_MIN;
    if (lightsRhythm || chromaShareAt(skin, ANALYSIS_FS, frequency) < CHROMA_SHARE_MIN) estimate.quality = 0;
    // Whether the room's light has a rhythm of its own in the pulse's range: said when no pulse is read.
    return { ...estimate, lightRhythm: lightsRhythm || lines.some((line) => line >= PULSE_BAND_HZ.low && line <= PULSE_BAND_HZ.high) };
  }

  /**
   * Heart rate (with beats and quality) and the breathing intensity signal of the whole scan so far. The
   * room's light is taken out of the skin first where the frames carry it, and a pulse that is the light's
   * rather than the blood's (light.ts) has quality 0.
   */
  private analyse(): { estimate: (HeartRateEstimate & { method: PulseMethod; lightRhythm: boolean }) | null; intensity: Float64Array; channels: { skin: Channels; light: Float64Array | null } } {
    const channels = this.channels();
    return { estimate: this.estimate(channels, this.t[0] ?? 0), intensity: intensitySignal(...channels.skin, ANALYSIS_FS), channels };
  }

  /** The last TRACE_MS of pulse scaled to −1..1 (empty until there is enough signal to filter). */
  private trace(): number[] {
    const last = this.t[this.t.length - 1];
    if (last === undefined) return [];
    let from = this.t.length - 1;
    while (from > 0 && this.t[from - 1]! >= last - TRACE_MS - TRACE_SETTLE_MS) from -= 1;
    const [r, g, b] = resampleChannels(this.t.slice(from), this.r.slice(from), this.g.slice(from), this.b.slice(from));
    if (r.length < 2 * ANALYSIS_FS) return [];
    const pulse = extractPulse(this.running.method, r, g, b).slice(-Math.min(TRACE_POINTS, Math.round((TRACE_MS * ANALYSIS_FS) / 1000)));
    const peak = pulse.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    return Array.from(pulse, (v) => (peak > 0 ? v / peak : 0));
  }
}
