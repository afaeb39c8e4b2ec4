// The camera vital-signs scan: the engine, the frame averaging, and the worker's message types.
// Browser-safe (no 'server-only'); the worker itself is loaded by URL from scan.worker.ts.
export { ScanEngine, LIVE_HR_AFTER_MS, TRACE_MS, TRACE_POINTS } from './engine';
export { FACE_ROI, isSkin, meanRgb } from './roi';
export { PROGRESS_INTERVAL_MS, type MainToWorker, type WorkerToMain } from './protocol';
export { QUALITY_THRESHOLD, SCAN_DURATION_MS, type FrameSample, type LiveState, type Roi, type ScanMeasurement } from './types';
