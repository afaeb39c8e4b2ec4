// The scan engine: collects one mean skin colour per camera frame for the scan's duration, and turns
// them into heart rate, HRV and breathing rate. push() only appends (O(1) amortised, called per frame);
// the analysis runs in live() (≤ 10×/s, on the last seconds, with the running rate cached for a second)
// and in result() (once, on the whole scan: ~1350 samples, a few milliseconds).
import { estimateBreathingRate, intensitySignal } from './breathing';
import { ANALYSIS_FS, bestHeartRate, extractPulse, resampleChannels, type HeartRateEstimate, type PulseMethod } from './heart-rate';
import { hrvFromBeats } from './hrv';
import { BACKGROUND_SHARE_LIMIT, backgroundLight, backgroundShareAt, CHROMA_SHARE_MIN, chromaShareAt, withoutRoomLight } from './light';
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
/** Shorter scans (a stop after a few seconds) give no numbers. */
const MIN_RESULT_MS = 10_000;

export class ScanEngine {
  private readonly durationMs: number;
  private readonly t: number[] = [];
  private readonly r: number[] = [];
  private readonly g: number[] = [];
  private readonly b: number[] = [];
  // The room's light outside the face, per frame; used only when every frame has it.
  private readonly background: [number[], number[], number[]] = [[], [], []];
  private running: { atMs: number; bpm: number | null; quality: number; method: PulseMethod } = { atMs: -Infinity, bpm: null, quality: 0, method: 'pos' };

  constructor(options: { durationMs?: number } = {}) {
    this.durationMs = options.durationMs ?? SCAN_DURATION_MS;
  }

  /** Milliseconds of signal so far: first to last frame time. */
  private get elapsedMs(): number {
    return this.t.length > 1 ? this.t[this.t.length - 1]! - this.t[0]! : 0;
  }

  get done(): boolean {
    return this.elapsedMs >= this.durationMs;
  }

  /** Adds a frame's mean colour. Ignored once done, and for non-finite values or a time not after the last one. */
  push(sample: FrameSample): void {
    if (this.done) return;
    const { t, r, g, b } = sample;
    if (![t, r, g, b].every(Number.isFinite)) return;
    if (this.t.length > 0 && t <= this.t[this.t.length - 1]!) return;
    this.t.push(t);
    this.r.push(r);
    this.g.push(g);
    this.b.push(b);
    const background = sample.background;
    if (background && background.every(Number.isFinite)) background.forEach((value, c) => this.background[c]!.push(value));
  }

  live(): LiveState {
    const elapsedMs = Math.min(this.elapsedMs, this.durationMs);
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
    const durationMs = this.elapsedMs;
    const frames = this.t.length;
    const fps = durationMs > 0 ? ((frames - 1) * 1000) / durationMs : 0;
    const none = { heartRateBpm: null, hrvSdnnMs: null, hrvLnrmssdMs: null, breathingRateBpm: null };
    if (durationMs < MIN_RESULT_MS) return { ...none, signalQuality: 0, confident: false, durationMs, frames, fps };
    const { estimate, intensity } = this.analyse();
    const signalQuality = estimate?.quality ?? 0;
    if (estimate === null || signalQuality < QUALITY_THRESHOLD) return { ...none, signalQuality, confident: false, durationMs, frames, fps };
    const hrv = hrvFromBeats(estimate.beats, estimate.templateCorrelation);
    return {
      heartRateBpm: estimate.bpm,
      hrvSdnnMs: hrv?.sdnnMs ?? null,
      hrvLnrmssdMs: hrv?.lnRmssdMs ?? null,
      breathingRateBpm: estimateBreathingRate(intensity, estimate.beats),
      signalQuality,
      confident: true,
      durationMs,
      frames,
      fps,
    };
  }

  /**
   * Heart rate (with beats and quality) and the breathing intensity signal of the whole scan so far. The
   * room's light is taken out of the skin first where the frames carry it, and a pulse that is the light's
   * rather than the blood's (light.ts) has quality 0.
   */
  private analyse(): { estimate: (HeartRateEstimate & { method: PulseMethod }) | null; intensity: Float64Array } {
    let channels = resampleChannels(this.t, this.r, this.g, this.b);
    const [br, bg, bb] = this.background;
    const light = br.length === this.t.length && this.t.length > 1 ? backgroundLight(...resampleChannels(this.t, br, bg, bb), ANALYSIS_FS) : null;
    if (light) channels = withoutRoomLight(channels, light, ANALYSIS_FS);
    const estimate = bestHeartRate(...channels, this.t[0] ?? 0);
    if (estimate) {
      const frequency = estimate.spectralBpm / 60;
      const lightsRhythm = light !== null && backgroundShareAt(light, ANALYSIS_FS, frequency) >= BACKGROUND_SHARE_LIMIT;
      if (lightsRhythm || chromaShareAt(channels, ANALYSIS_FS, frequency) < CHROMA_SHARE_MIN) estimate.quality = 0;
    }
    return { estimate, intensity: intensitySignal(...channels, ANALYSIS_FS) };
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
