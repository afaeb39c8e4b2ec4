// The camera scan's face finder: the scan measures only while it sees a face, and only the skin inside it.
// A small face detector (face-api's Tiny Face Detector, a 190 kB model that ships in the npm package
// @vladmandic/face-api) runs in the page on TensorFlow.js's WebAssembly backend (about 20–45 ms a look
// on one core; its .wasm files ship in @tensorflow/tfjs-backend-wasm). Both are copied into
// public/scan-model/ by scripts/generate-scan-model.ts, so the browser fetches them from this app and
// never from a CDN. The library (1.3 MB) is imported only when a scan starts.

/** Where scripts/generate-scan-model.ts puts the model and the WebAssembly files. */
export const SCAN_MODEL_PATH = '/scan-model/';

/** The detector's input edge: the camera frame is scaled to fit it (160 finds a face that fills a third of the frame). */
const INPUT_SIZE = 160;
/** A detection below this score is no face: the fake camera's pattern and empty rooms stay far below it. */
export const FACE_SCORE_THRESHOLD = 0.5;
/**
 * Once a face has been found, a later look keeps it at this lower score where the detection overlaps the
 * face's last box (TRACK_OVERLAP of the union): the same face, dimmer or turned a little, is tracked rather
 * than lost. A face is never first found below FACE_SCORE_THRESHOLD.
 */
export const TRACK_SCORE_THRESHOLD = 0.3;
const TRACK_OVERLAP = 0.5;

/** A face's box in fractions of the frame (0..1), as the camera sees it (not mirrored). */
export type FaceBox = { x: number; y: number; w: number; h: number; score: number };

export type FaceFinder = {
  /**
   * The most confident face in the video's current frame, or null; with `last` (the face found before), the
   * same face at TRACK_SCORE_THRESHOLD too.
   */
  find(video: HTMLVideoElement, last?: FaceBox | null): Promise<FaceBox | null>;
};

/** The share of two boxes' union they have in common. */
export function overlap(a: Pick<FaceBox, 'x' | 'y' | 'w' | 'h'>, b: Pick<FaceBox, 'x' | 'y' | 'w' | 'h'>): number {
  const w = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const common = w * h;
  const union = a.w * a.h + b.w * b.h - common;
  return union > 0 ? common / union : 0;
}

/**
 * The look-up table that stretches a frame's brightness for the finder: its 1st to 99th luma percentiles
 * spread over 0–255, and a gamma that lifts a dim frame's mean towards mid-grey (never darkens a bright
 * one). A dark face in a dim room reaches the detector as a well-exposed face does; the pixels measured
 * for the pulse are the camera's own, untouched. Null for a frame too flat to stretch (a covered lens).
 */
export function brightnessTable(pixels: Uint8ClampedArray): Uint8ClampedArray | null {
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    histogram[(77 * pixels[i]! + 150 * pixels[i + 1]! + 29 * pixels[i + 2]!) >> 8]! += 1;
    count += 1;
  }
  if (!count) return null;
  const percentile = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v += 1) {
      seen += histogram[v]!;
      if (seen >= share * count) return v;
    }
    return 255;
  };
  const [low, high] = [percentile(0.01), percentile(0.99)];
  if (high - low < 16) return null;
  let sum = 0;
  for (let v = 0; v < 256; v += 1) sum += histogram[v]! * Math.min(1, Math.max(0, (v - low) / (high - low)));
  const mean = sum / count;
  const gamma = mean > 0 && mean < 0.45 ? Math.max(0.5, Math.log(0.45) / Math.log(mean)) : 1;
  return Uint8ClampedArray.from({ length: 256 }, (_, v) => 255 * Math.min(1, Math.max(0, (v - low) / (high - low))) ** gamma);
}

type FaceApi = typeof import('@vladmandic/face-api');
/** The part of the bundled TensorFlow.js this file uses (face-api's type declarations list only the tensor operations). */
type TensorflowRuntime = { setWasmPaths(prefix: string): void; setBackend(name: 'wasm' | 'cpu'): Promise<boolean>; ready(): Promise<void> };

let loading: Promise<FaceFinder> | null = null;

async function load(): Promise<FaceFinder> {
  const faceapi: FaceApi = await import('@vladmandic/face-api');
  const tf = faceapi.tf as unknown as TensorflowRuntime;
  tf.setWasmPaths(SCAN_MODEL_PATH);
  // WebAssembly first; the plain JavaScript backend (about ten times slower) where WebAssembly is refused.
  if (!(await tf.setBackend('wasm').catch(() => false))) {
    console.warn('[scan] the WebAssembly face finder could not start; using the slower JavaScript one');
    if (!(await tf.setBackend('cpu'))) throw new Error('no TensorFlow.js backend');
  }
  await tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromUri(SCAN_MODEL_PATH);
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: TRACK_SCORE_THRESHOLD });
  // The frame as the finder sees it: scaled to INPUT_SIZE and its brightness stretched (brightnessTable).
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas for the face finder');
  return {
    async find(video, last = null) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return null;
      const scale = Math.min(1, INPUT_SIZE / Math.max(width, height));
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const table = brightnessTable(image.data);
      if (table) {
        for (let i = 0; i < image.data.length; i += 4) {
          image.data[i] = table[image.data[i]!]!;
          image.data[i + 1] = table[image.data[i + 1]!]!;
          image.data[i + 2] = table[image.data[i + 2]!]!;
        }
        context.putImageData(image, 0, 0);
      }
      const face = await faceapi.detectSingleFace(canvas, options);
      if (!face) return null;
      const { x, y, width: w, height: h } = face.box;
      const box = { x: x / canvas.width, y: y / canvas.height, w: w / canvas.width, h: h / canvas.height, score: face.score };
      // A new face needs the full score; the face already found is kept at the tracking score where it still is.
      if (face.score >= FACE_SCORE_THRESHOLD || (last && overlap(box, last) >= TRACK_OVERLAP)) return box;
      return null;
    },
  };
}

/** The face finder, loaded once per page (a second scan reuses it); a failed load is tried again next time. */
export function loadFaceFinder(): Promise<FaceFinder> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
