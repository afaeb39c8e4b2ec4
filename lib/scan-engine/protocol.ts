// The messages between the scan page and its worker (scan.worker.ts).
import type { FrameSample, LiveState, Roi, ScanMeasurement } from './types';

/**
 * start: a new scan (any scan under way is dropped). frame: a camera frame, transferred; the worker
 * averages `roi` of it and closes it. sample: a frame already averaged on the main thread (when
 * OffscreenCanvas is missing). stop: cancel; the worker ignores frames until the next start and posts
 * nothing more. Frames before a start or after the scan is done are closed and ignored.
 */
export type MainToWorker =
  | { type: 'start'; durationMs: number; roi: Roi }
  | { type: 'frame'; t: number; bitmap: ImageBitmap }
  | { type: 'sample'; sample: FrameSample }
  | { type: 'stop' };

/** progress: at most every PROGRESS_INTERVAL_MS. done: once per scan, when its duration is covered. */
export type WorkerToMain = { type: 'progress'; live: LiveState } | { type: 'done'; result: ScanMeasurement } | { type: 'error'; message: string };

/** Progress messages are throttled to this spacing (≤ 10 per second): the UI redraws no faster. */
export const PROGRESS_INTERVAL_MS = 100;
