// The shapes the camera scan engine, its worker and the scan UI share. Pure types and constants.

/**
 * One camera frame reduced to the mean colour of the skin region. t: ms (monotonic, capture time); r, g, b:
 * 0..255. background: the mean colour of the frame outside the face, where the page has one: the room's
 * light without blood in it (light.ts).
 */
export type FrameSample = { t: number; r: number; g: number; b: number; background?: readonly [number, number, number] };

/** A region of the frame as fractions 0..1 of its width and height. */
export type Roi = { x: number; y: number; w: number; h: number };

export type ScanMeasurement = {
  /** Null when not confident. */
  heartRateBpm: number | null;
  hrvSdnnMs: number | null;
  /** ln(RMSSD in ms), as the SDK field hrv_lnrmssd_ms. */
  hrvLnrmssdMs: number | null;
  breathingRateBpm: number | null;
  /** 0..1; see QUALITY_THRESHOLD. */
  signalQuality: number;
  /** signalQuality >= QUALITY_THRESHOLD and a heart rate was found. */
  confident: boolean;
  /**
   * Set when the pulse sped up or slowed down during the scan (by 6 bpm or more between its first and last
   * 12 s): heartRateBpm is then the rate at the end, and HRV and breathing are not given.
   */
  rateChange?: { startBpm: number; endBpm: number };
  /**
   * Why a heart rate was read but no HRV given: the beats too blurred to time one by one, too few of them,
   * or too many missed or doubled.
   */
  hrvWithheld?: 'unclear-beats' | 'few-beats' | 'missed-beats';
  /**
   * Why no heart rate (confident false, a long enough scan): the room's light has a rhythm of its own in
   * the pulse's range; no pulse at all was seen in the skin; or a pulse too faint or unsteady to trust.
   */
  refused?: 'light' | 'no-pulse' | 'unclear';
  durationMs: number;
  frames: number;
  fps: number;
};

export type LiveState = {
  elapsedMs: number;
  /** elapsedMs / duration, 0..1. */
  progress: number;
  /** The last ~5 s of the filtered pulse, −1..1, at most TRACE_POINTS values, oldest first. */
  trace: number[];
  /** Null for the first LIVE_HR_AFTER_MS and whenever the signal is not confident. */
  heartRateBpm: number | null;
  signalQuality: number;
};

export const SCAN_DURATION_MS = 45_000;

/**
 * signalQuality at or above which a heart rate is reported (live and in the result). Quality is the product
 * of two checks on the band-passed pulse (heart-rate.ts): the share of its 0.7–4 Hz power within ±0.1 Hz of
 * the heart-rate peak and of its harmonic, rescaled so that white noise (~0.15) reads 0 and a clean pulse
 * (≥ 0.65) reads 1; times the share of 12 s sub-windows whose own peak is that rate (a heart keeps its
 * rhythm, a noise peak does not). On the synthetic clips (tests/unit/scan-engine.test.ts) no-pulse clips
 * (noise, drift, motion steps; 300 seeds) never passed 0.25, and no pulse estimate above 0.2 was off by
 * more than 3 bpm; 0.5 leaves room for what real video has and synthetic noise lacks.
 */
export const QUALITY_THRESHOLD = 0.5;
