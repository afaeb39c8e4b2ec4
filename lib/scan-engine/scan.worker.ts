// The scan's Web Worker (a module worker): averages the face region of each camera frame and runs the
// engine, so the page's main thread only copies frames. Posts progress at most 10×/s and the result once.
import { ScanEngine } from './engine';
import { PROGRESS_INTERVAL_MS, type MainToWorker, type WorkerToMain } from './protocol';
import { FACE_ROI, meanRgb } from './roi';
import type { FrameSample, Roi } from './types';

// tsconfig has the DOM library, not the worker one: type just what this file uses of the worker scope.
type WorkerScope = { onmessage: ((event: MessageEvent<MainToWorker>) => void) | null; postMessage(message: WorkerToMain): void };
const scope = self as unknown as WorkerScope;

let engine: ScanEngine | null = null;
let roi: Roi = FACE_ROI;
let finished = true;
let lastProgress = -Infinity;
// One canvas for the whole scan, replaced only when the frame size changes.
let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;

const post = (message: WorkerToMain) => scope.postMessage(message);

/** The frame's mean skin colour, or null when the region is empty. Reads back only the region's pixels. */
function average(t: number, bitmap: ImageBitmap): FrameSample | null {
  const { width, height } = bitmap;
  if (!canvas || canvas.width !== width || canvas.height !== height) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext('2d', { willReadFrequently: true });
  }
  if (!context) throw new Error('This browser has no 2D canvas in workers.');
  context.drawImage(bitmap, 0, 0);
  const x = Math.floor(roi.x * width);
  const y = Math.floor(roi.y * height);
  const w = Math.min(width, Math.ceil((roi.x + roi.w) * width)) - x;
  const h = Math.min(height, Math.ceil((roi.y + roi.h) * height)) - y;
  if (w <= 0 || h <= 0) return null;
  const mean = meanRgb(context.getImageData(x, y, w, h).data, w, h, { x: 0, y: 0, w: 1, h: 1 });
  return mean.n > 0 ? { t, r: mean.r, g: mean.g, b: mean.b } : null;
}

function accept(sample: FrameSample): void {
  if (!engine || finished) return;
  engine.push(sample);
  if (engine.done) {
    finished = true;
    post({ type: 'progress', live: engine.live() });
    post({ type: 'done', result: engine.result() });
    return;
  }
  const now = performance.now();
  if (now - lastProgress >= PROGRESS_INTERVAL_MS) {
    lastProgress = now;
    post({ type: 'progress', live: engine.live() });
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  try {
    switch (message.type) {
      case 'start':
        engine = new ScanEngine({ durationMs: message.durationMs });
        roi = message.roi;
        finished = false;
        lastProgress = -Infinity;
        break;
      case 'frame':
        try {
          if (engine && !finished) {
            const sample = average(message.t, message.bitmap);
            if (sample) accept(sample);
          }
        } finally {
          message.bitmap.close();
        }
        break;
      case 'sample':
        accept(message.sample);
        break;
      case 'stop':
        finished = true;
        engine = null;
        break;
    }
  } catch (error) {
    finished = true;
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
