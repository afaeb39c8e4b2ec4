'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { loadFaceFinder, type FaceBox, type FaceFinder } from '@/lib/client/face-finder';
import { loadVendorSdk, VendorLicenseError, type VendorConfig } from '@/lib/client/scan-vendor-sdk';
import type { MainToWorker, WorkerToMain } from '@/lib/scan-engine/protocol';
import { FACE_ROI, learnSkin, meanOutside, meanRgb, skinRegionOf, skinSampleOf, type SkinModel } from '@/lib/scan-engine/roi';
import { SCAN_DURATION_MS, type LiveState, type ScanMeasurement } from '@/lib/scan-engine/types';

// The camera scan in the browser: the camera through getUserMedia into a <video>; each new frame
// (requestVideoFrameCallback, with its own timestamp) has its face region drawn small onto a canvas
// and averaged over its skin pixels here (a fraction of a millisecond: copying whole frames to the
// worker as ImageBitmaps was far slower without a GPU, and frames were lost), and the Web Worker
// (lib/scan-engine/scan.worker.ts) runs the engine on those samples, so the page stays smooth.
// The built-in engine measures only while it sees a face: a face finder (lib/client/face-finder.ts)
// looks twice a second, the region averaged is the skin band of the face it found, and frames without
// a face are not measured (each frame keeps its own time; the engine counts a gap toward nothing and
// bridges it, lib/scan-engine/engine.ts GAP_MS). A face not seen for FACE_LOST_LIMIT_MS
// ends the scan with nothing measured. Everything is released when the scan ends or the component goes away.

export type ScanPhase = 'starting' | 'scanning' | 'done' | 'failed';

/** Why no measurement could be taken, in the product's words. */
export type ScanProblem = { title: string; detail: string; /** Another try may well work (the face was not in view). */ retry?: true };

/** The face region is drawn at this size: enough skin pixels to average the noise away, little work. */
const REGION_SIZE = 96;
const WHOLE = { x: 0, y: 0, w: 1, h: 1 };
/** The whole frame is drawn this small for the room's light around the face (40 × 30). */
const ROOM_WIDTH = 40;
const ROOM_HEIGHT = 30;
/** The middle of the face is drawn at this size to learn the skin's colour from (1,024 pixels vote). */
const SKIN_SAMPLE_SIZE = 32;
/** A new box replaces the one measured when its centre moved by more than this share of the face's width, or its size changed by more. */
const FACE_MOVE_SHARE = 0.08;

function faceMoved(before: FaceBox, after: FaceBox): boolean {
  const limit = FACE_MOVE_SHARE * before.w;
  const dx = after.x + after.w / 2 - (before.x + before.w / 2);
  const dy = after.y + after.h / 2 - (before.y + before.h / 2);
  return Math.hypot(dx, dy) > limit || Math.abs(after.w - before.w) > limit;
}

/** Whether the browser already lets the page use the camera (a query never prompts); false when it cannot say. */
async function cameraAllowed(): Promise<boolean> {
  try {
    return (await navigator.permissions.query({ name: 'camera' as PermissionName })).state === 'granted';
  } catch {
    return false;
  }
}

/** How often the face finder looks (each look takes 20–45 ms of the page's time). */
const LOOK_EVERY_MS = 500;
/**
 * A face last seen longer ago than this is lost: its frames are not measured. "Seen" is when the finder
 * answered, not when it started looking: on a busy computer a look can take longer than the half second
 * between looks, and a slow answer is not a face gone (frames dropped for it would leave gaps in the pulse).
 */
const FACE_FRESH_MS = 1_000;
/** No face for this long (from the start, or since it was last seen) and the scan stops with nothing measured. */
export const FACE_LOST_LIMIT_MS = 6_000;

type FrameMetadata = { mediaTime?: number; captureTime?: number };
type VideoWithFrames = HTMLVideoElement & { requestVideoFrameCallback?: (callback: (now: number, metadata: FrameMetadata) => void) => number; cancelVideoFrameCallback?: (handle: number) => void };

export type VitalScan = {
  phase: ScanPhase;
  /** While scanning: whether the face finder sees a face now (null before its first look; true with a vendor SDK, which finds it itself). */
  faceInView: boolean | null;
  live: LiveState | null;
  result: ScanMeasurement | null;
  problem: ScanProblem | null;
  videoRef: (element: HTMLVideoElement | null) => void;
  restart: () => void;
};

const CAMERA_TITLE = 'The camera isn’t available';
export const NO_FACE: ScanProblem = {
  title: 'No face found',
  detail: 'The scan measures only while it sees your face, and it saw none. Sit facing the camera in even light with your face inside the oval, and try again, or carry on without the measurement.',
  retry: true,
};
export const FACE_LOST: ScanProblem = {
  title: 'Your face went out of view',
  detail: 'The scan pauses while it can’t see your face, and it was gone too long, so nothing was measured. Keep your face inside the oval and try again, or carry on without the measurement.',
  retry: true,
};

function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Camera access was blocked. Allow the camera for this site in your browser’s settings to measure, or carry on without it.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this computer. You can carry on without the measurement.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again, or carry on without the measurement.';
  return 'The camera could not be started. You can carry on without the measurement.';
}

export function useVitalScan({
  durationMs = SCAN_DURATION_MS,
  vendor = null,
  onResult,
}: {
  durationMs?: number;
  vendor?: VendorConfig | null;
  /** Called once per finished scan with its result (the onboarding step saves it). */
  onResult?: (result: ScanMeasurement) => void;
} = {}): VitalScan {
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  }, [onResult]);
  const [phase, setPhase] = useState<ScanPhase>('starting');
  const [live, setLive] = useState<LiveState | null>(null);
  const [result, setResult] = useState<ScanMeasurement | null>(null);
  const [problem, setProblem] = useState<ScanProblem | null>(null);
  const [faceInView, setFaceInView] = useState<boolean | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The element in a ref (the effect sets its stream), and in state so that the effect runs once it is there.
  const elementRef = useRef<HTMLVideoElement | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const videoRef = useCallback((element: HTMLVideoElement | null) => {
    elementRef.current = element;
    setVideo(element);
  }, []);
  const stopRef = useRef<(() => void) | null>(null);
  // Compared by value: a new object with the same settings must not restart the scan.
  const vendorUrl = vendor?.url ?? null;
  const vendorLicense = vendor?.license ?? null;

  useEffect(() => {
    const element = elementRef.current as VideoWithFrames | null;
    if (!video || !element) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let worker: Worker | null = null;
    let frameHandle: number | null = null;
    const canvas = document.createElement('canvas');
    canvas.width = REGION_SIZE;
    canvas.height = REGION_SIZE;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const aborter = new AbortController();
    let lastTime = -Infinity;
    // The face finder's latest sighting (performance.now() when the look that found it answered), and its timer.
    let face: { box: FaceBox; seenAt: number } | null = null;
    let everSeen = false;
    // The member's skin colour, learnt from the middle of the face at each sighting.
    let skin: SkinModel | null = null;
    const sampleCanvas = document.createElement('canvas');
    sampleCanvas.width = SKIN_SAMPLE_SIZE;
    sampleCanvas.height = SKIN_SAMPLE_SIZE;
    const sampleContext = sampleCanvas.getContext('2d', { willReadFrequently: true });
    // The room around the face: its light, without blood in it, tells a flickering lamp from a pulse.
    const roomCanvas = document.createElement('canvas');
    roomCanvas.width = ROOM_WIDTH;
    roomCanvas.height = ROOM_HEIGHT;
    const roomContext = roomCanvas.getContext('2d', { willReadFrequently: true });
    let lookTimer: ReturnType<typeof setTimeout> | null = null;

    const stop = () => {
      cancelled = true;
      aborter.abort();
      if (frameHandle !== null) {
        if (element.cancelVideoFrameCallback) element.cancelVideoFrameCallback(frameHandle);
        else cancelAnimationFrame(frameHandle);
      }
      frameHandle = null;
      if (lookTimer !== null) clearTimeout(lookTimer);
      lookTimer = null;
      worker?.postMessage({ type: 'stop' } satisfies MainToWorker);
      worker?.terminate();
      worker = null;
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      element.srcObject = null;
    };
    stopRef.current = stop;

    const fail = (reason: ScanProblem) => {
      stop();
      setProblem(reason);
      setPhase('failed');
    };

    const send = (time: number) => {
      const width = element.videoWidth;
      const height = element.videoHeight;
      if (cancelled || !worker || !context || !width || !height || time <= lastTime) return;
      lastTime = time;
      // No face in view: this frame is not measured.
      if (!face || performance.now() - face.seenAt > FACE_FRESH_MS) return;
      const region = skinRegionOf(face.box);
      if (region.w * width < 4 || region.h * height < 4) return;
      context.drawImage(element, region.x * width, region.y * height, region.w * width, region.h * height, 0, 0, REGION_SIZE, REGION_SIZE);
      const mean = meanRgb(context.getImageData(0, 0, REGION_SIZE, REGION_SIZE).data, REGION_SIZE, REGION_SIZE, WHOLE, skin);
      if (mean.n === 0) return;
      let background: [number, number, number] | undefined;
      if (roomContext) {
        roomContext.drawImage(element, 0, 0, ROOM_WIDTH, ROOM_HEIGHT);
        const room = meanOutside(roomContext.getImageData(0, 0, ROOM_WIDTH, ROOM_HEIGHT).data, ROOM_WIDTH, ROOM_HEIGHT, face.box);
        if (room.n >= 0.05 * ROOM_WIDTH * ROOM_HEIGHT) background = [room.r, room.g, room.b];
      }
      worker.postMessage({ type: 'sample', sample: { t: time, r: mean.r, g: mean.g, b: mean.b, background } } satisfies MainToWorker);
    };

    /** Learns the skin's colour from the middle of the face just found (the frame may have moved on by a few milliseconds). */
    const learn = (box: FaceBox) => {
      const width = element.videoWidth;
      const height = element.videoHeight;
      const sample = skinSampleOf(box);
      if (!sampleContext || !width || !height || sample.w * width < 2 || sample.h * height < 2) return;
      sampleContext.drawImage(element, sample.x * width, sample.y * height, sample.w * width, sample.h * height, 0, 0, SKIN_SAMPLE_SIZE, SKIN_SAMPLE_SIZE);
      skin = learnSkin(sampleContext.getImageData(0, 0, SKIN_SAMPLE_SIZE, SKIN_SAMPLE_SIZE).data, SKIN_SAMPLE_SIZE, SKIN_SAMPLE_SIZE) ?? skin;
    };

    /** Looks for the face every LOOK_EVERY_MS, and ends the scan once it has been missing for FACE_LOST_LIMIT_MS. */
    const look = (finder: FaceFinder, since: number) => {
      if (cancelled) return;
      const at = performance.now();
      finder
        .find(element, face?.box ?? null)
        .then((box) => {
          if (cancelled) return;
          if (box) {
            // The region and the skin colour change only when the face has moved: the detector's box
            // wobbles by a pixel or two from look to look, and a region redrawn twice a second would
            // step the colour at 2 Hz, a pulse of 120 bpm.
            const moved = face === null || faceMoved(face.box, box);
            face = { box: face === null || moved ? box : face.box, seenAt: performance.now() };
            everSeen = true;
            if (moved || !skin) learn(box);
          }
          const seen = face !== null && performance.now() - face.seenAt <= FACE_FRESH_MS;
          setFaceInView(seen);
          if (!seen && performance.now() - (face?.seenAt ?? since) > FACE_LOST_LIMIT_MS) {
            console.warn(`[scan] stopped: ${everSeen ? 'the face went out of view' : 'no face found'}`);
            return fail(everSeen ? FACE_LOST : NO_FACE);
          }
          lookTimer = setTimeout(() => look(finder, since), Math.max(0, LOOK_EVERY_MS - (performance.now() - at)));
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          console.error(`[scan] the face finder failed: ${error instanceof Error ? error.message : String(error)}`);
          fail({ title: 'The measurement stopped', detail: 'Something went wrong while measuring. Try again, or carry on without it.' });
        });
    };

    const nextFrame = () => {
      if (cancelled) return;
      if (element.requestVideoFrameCallback) {
        frameHandle = element.requestVideoFrameCallback((now, metadata) => {
          // The frame's own time where the browser gives it: the pulse needs even spacing, not the render time.
          const mediaTime = metadata.mediaTime !== undefined && Number.isFinite(metadata.mediaTime) ? metadata.mediaTime * 1000 : null;
          send(mediaTime ?? metadata.captureTime ?? now);
          nextFrame();
        });
      } else {
        frameHandle = requestAnimationFrame((now) => {
          send(now);
          nextFrame();
        });
      }
    };

    (async () => {
      setPhase('starting');
      setLive(null);
      setResult(null);
      setProblem(null);
      setFaceInView(null);
      // The built-in engine's face finder (TensorFlow.js, about 300 kB and half a second of the page's time)
      // loads beside the camera's start where the camera is already allowed, else once the member allows it:
      // a page with no camera, or one the member refuses, never pays for it. A vendor SDK finds the face itself.
      const builtin = !(vendorUrl && vendorLicense);
      let finding: Promise<FaceFinder> | null = null;
      const startFinding = () => {
        finding ??= loadFaceFinder();
        finding.catch(() => undefined);
      };
      if (builtin && (await cameraAllowed())) startFinding();
      if (cancelled) return;
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NotFoundError');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
        if (cancelled) return stop();
        if (builtin) startFinding();
        element.srcObject = stream;
        element.muted = true;
        await element.play();
        if (cancelled) return;
        if (vendorUrl && vendorLicense) {
          // A vendor SDK measures from the same video (lib/client/scan-vendor-sdk.ts).
          const sdk = await loadVendorSdk({ url: vendorUrl, license: vendorLicense });
          if (cancelled) return;
          // The vendor's SDK finds the face itself.
          setFaceInView(true);
          setPhase('scanning');
          const measured = await sdk.measure(element, { durationMs, onProgress: setLive, signal: aborter.signal });
          if (cancelled) return;
          setResult(measured);
          setPhase('done');
          onResultRef.current?.(measured);
          return stop();
        }
        let finder: FaceFinder;
        try {
          finder = await finding!;
        } catch (error) {
          console.warn(`[scan] the face finder could not load: ${error instanceof Error ? error.message : String(error)}`);
          return fail({ title: 'The measurement isn’t available', detail: 'The scan could not start in this browser. You can carry on without it.' });
        }
        if (cancelled) return;
        worker = new Worker(new URL('../../lib/scan-engine/scan.worker.ts', import.meta.url), { type: 'module' });
        worker.onmessage = (event: MessageEvent<WorkerToMain>) => {
          const message = event.data;
          if (message.type === 'progress') setLive(message.live);
          else if (message.type === 'done') {
            setResult(message.result);
            setPhase('done');
            onResultRef.current?.(message.result);
            stop();
          } else if (message.type === 'error') {
            console.error(`[scan] the scan stopped: ${message.message}`);
            setProblem({ title: 'The measurement stopped', detail: 'Something went wrong while measuring. Try again, or carry on without it.' });
            setPhase('failed');
            stop();
          }
        };
        worker.postMessage({ type: 'start', durationMs, roi: FACE_ROI } satisfies MainToWorker);
        setPhase('scanning');
        look(finder, performance.now());
        nextFrame();
      } catch (error) {
        stop();
        if (error instanceof VendorLicenseError) {
          setProblem({ title: error.message, detail: 'The measurement can’t run right now. You can carry on without it.' });
        } else if (vendorUrl && !(error instanceof DOMException)) {
          console.warn('[scan] the vendor scan SDK could not be used');
          setProblem({ title: 'The measurement isn’t available', detail: 'The scan could not start. You can carry on without it.' });
        } else {
          // SPEC §8: the camera's error is only logged; the user reads what they can do instead.
          console.warn(`[scan] camera unavailable: ${error instanceof DOMException ? error.name : 'unknown error'}`);
          setProblem({ title: CAMERA_TITLE, detail: cameraMessage(error) });
        }
        setPhase('failed');
      }
    })();
    return stop;
  }, [video, durationMs, attempt, vendorUrl, vendorLicense]);

  // 'starting' first: after a failure the preview (and its <video>) is shown again, and the effect runs once it is there.
  const restart = useCallback(() => {
    stopRef.current?.();
    setPhase('starting');
    setResult(null);
    setAttempt((n) => n + 1);
  }, []);

  return { phase, faceInView, live, result, problem, videoRef, restart };
}
