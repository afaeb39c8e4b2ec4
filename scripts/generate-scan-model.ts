// Copies the camera scan's face finder into public/scan-model/ (git-ignored), so that the browser loads it
// from this app and never from a CDN (lib/client/face-finder.ts):
//   tiny_face_detector_model-weights_manifest.json and tiny_face_detector_model.bin   @vladmandic/face-api (MIT)
//   tfjs-backend-wasm*.wasm, TensorFlow.js's WebAssembly kernels                       @tensorflow/tfjs-backend-wasm (Apache-2.0)
// Runs after `npm install` and before `dev`/`build`; files already there with the same size are left alone.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'public/scan-model');
const SOURCES: [directory: string, files: string[]][] = [
  ['node_modules/@vladmandic/face-api/model', ['tiny_face_detector_model-weights_manifest.json', 'tiny_face_detector_model.bin']],
  ['node_modules/@tensorflow/tfjs-backend-wasm/dist', ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm']],
];

mkdirSync(target, { recursive: true });
let copied = 0;
for (const [directory, files] of SOURCES) {
  for (const file of files) {
    const from = path.join(root, directory, file);
    const to = path.join(target, file);
    if (existsSync(to) && statSync(to).size === statSync(from).size) continue;
    copyFileSync(from, to);
    copied += 1;
  }
}
if (copied > 0) console.log(`scan model: ${copied} file(s) copied into public/scan-model/`);
