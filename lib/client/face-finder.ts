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

/** A face's box in fractions of the frame (0..1), as the camera sees it (not mirrored). */
export type FaceBox = { x: number; y: number; w: number; h: number; score: number };

export type FaceFinder = {
  /** The most confident face in the video's current frame, or null. */
  find(video: HTMLVideoElement): Promise<FaceBox | null>;
};

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
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: FACE_SCORE_THRESHOLD });
  return {
    async find(video) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return null;
      const face = await faceapi.detectSingleFace(video, options);
      if (!face) return null;
      const { x, y, width: w, height: h } = face.box;
      return { x: x / width, y: y / height, w: w / width, h: h / height, score: face.score };
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
