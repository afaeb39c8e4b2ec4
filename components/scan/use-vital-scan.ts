'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { loadVendorSdk, VendorLicenseError, type VendorConfig } from '@/lib/client/scan-vendor-sdk';
import type { MainToWorker, WorkerToMain } from '@/lib/scan-engine/protocol';
import { FACE_ROI, meanRgb } from '@/lib/scan-engine/roi';
import { SCAN_DURATION_MS, type LiveState, type ScanMeasurement } from '@/lib/scan-engine/types';

// The camera scan in the browser: the camera through getUserMedia into a <video>; each new frame
// (requestVideoFrameCallback, with its own timestamp) has its face region drawn small onto a canvas
// and averaged over its skin pixels here (a fraction of a millisecond: copying whole frames to the
// worker as ImageBitmaps was far slower without a GPU, and frames were lost), and the Web Worker
// (lib/scan-engine/scan.worker.ts) runs the engine on those samples, so the page stays smooth.
// Everything is released when the scan ends or the component goes away.

export type ScanPhase = 'starting' | 'scanning' | 'done' | 'failed';

/** Why no measurement could be taken, in the product's words. */
export type ScanProblem = { title: string; detail: string };

/** The face region is drawn at this size: enough skin pixels to average the noise away, little work. */
const REGION_SIZE = 96;
const WHOLE = { x: 0, y: 0, w: 1, h: 1 };

type FrameMetadata = { mediaTime?: number; captureTime?: number };
type VideoWithFrames = HTMLVideoElement & { requestVideoFrameCallback?: (callback: (now: number, metadata: FrameMetadata) => void) => number; cancelVideoFrameCallback?: (handle: number) => void };

export type VitalScan = {
  phase: ScanPhase;
  live: LiveState | null;
  result: ScanMeasurement | null;
  problem: ScanProblem | null;
  videoRef: (element: HTMLVideoElement | null) => void;
  restart: () => void;
};

const CAMERA_TITLE = 'The camera isn’t available';

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

    const stop = () => {
      cancelled = true;
      aborter.abort();
      if (frameHandle !== null) {
        if (element.cancelVideoFrameCallback) element.cancelVideoFrameCallback(frameHandle);
        else cancelAnimationFrame(frameHandle);
      }
      frameHandle = null;
      worker?.postMessage({ type: 'stop' } satisfies MainToWorker);
      worker?.terminate();
      worker = null;
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      element.srcObject = null;
    };
    stopRef.current = stop;

    const send = (time: number) => {
      const width = element.videoWidth;
      const height = element.videoHeight;
      if (cancelled || !worker || !context || !width || !height || time <= lastTime) return;
      lastTime = time;
      context.drawImage(element, FACE_ROI.x * width, FACE_ROI.y * height, FACE_ROI.w * width, FACE_ROI.h * height, 0, 0, REGION_SIZE, REGION_SIZE);
      const mean = meanRgb(context.getImageData(0, 0, REGION_SIZE, REGION_SIZE).data, REGION_SIZE, REGION_SIZE, WHOLE);
      if (mean.n === 0) return;
      worker.postMessage({ type: 'sample', sample: { t: time, r: mean.r, g: mean.g, b: mean.b } } satisfies MainToWorker);
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
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NotFoundError');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
        if (cancelled) return stop();
        element.srcObject = stream;
        element.muted = true;
        await element.play();
        if (cancelled) return;
        if (vendorUrl && vendorLicense) {
          // A vendor SDK measures from the same video (lib/client/scan-vendor-sdk.ts).
          const sdk = await loadVendorSdk({ url: vendorUrl, license: vendorLicense });
          if (cancelled) return;
          setPhase('scanning');
          const measured = await sdk.measure(element, { durationMs, onProgress: setLive, signal: aborter.signal });
          if (cancelled) return;
          setResult(measured);
          setPhase('done');
          onResultRef.current?.(measured);
          return stop();
        }
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

  return { phase, live, result, problem, videoRef, restart };
}
