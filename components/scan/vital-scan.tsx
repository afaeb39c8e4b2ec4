'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { LiveState, ScanMeasurement } from '@/lib/scan-engine/types';
import { RESTING_HEART_RATE_BPM } from '@/lib/validation/resting-rate';
import { rateNeedsConfirming } from './scan-fields';
import { CameraFrame } from './camera-frame';
import type { VitalScan } from './use-vital-scan';

// The scan's screen: the camera preview with an oval to put the face in, live progress and pulse
// trace while it measures, then what was measured and, plainly, what this device cannot measure.

/** What the built-in engine cannot measure from a camera alone (a vendor engine may). */
export const NOT_MEASURED = ['Blood pressure', 'Cardiac workload', 'Stress index', 'Parasympathetic activity'] as const;

const seconds = (ms: number) => Math.floor(ms / 1000);

function PulseTrace({ live }: { live: LiveState | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const { width, height } = element;
    context.clearRect(0, 0, width, height);
    const trace = live?.trace ?? [];
    if (trace.length < 2) return;
    context.strokeStyle = '#0f766e';
    context.lineWidth = 2;
    context.lineJoin = 'round';
    context.beginPath();
    trace.forEach((value, index) => {
      const x = (index / (trace.length - 1)) * width;
      const y = height / 2 - value * (height / 2 - 4);
      if (index === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    });
    context.stroke();
  }, [live]);
  return <canvas ref={canvas} width={480} height={96} className="h-24 w-full rounded-control bg-neutral-50" aria-hidden />;
}

function Figure({ id, label, value, unit }: { id: string; label: string; value: number | null; unit: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-neutral-100 py-2 last:border-0">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="font-semibold tabular-nums text-neutral-900" data-testid={`scan-${id}`} data-value={value ?? ''}>
        {value === null ? '–' : unit === '%' ? `${value}%` : `${value} ${unit}`.trim()}
      </dd>
    </div>
  );
}

const rounded = (value: number | null, digits = 0) => (value === null ? null : Number(value.toFixed(digits)));

/** Why no heart rate was read, in the member's terms (the engine's `refused`). */
const REFUSED: Record<NonNullable<ScanMeasurement['refused']>, { title: string; detail: string }> = {
  light: {
    title: 'The light in your room has a rhythm of its own',
    detail: 'Some lamps flicker too fast for you to see, and at your camera’s frame rate the flicker looks like a heartbeat, so nothing was read. Scan again in daylight or under another lamp.',
  },
  'no-pulse': {
    title: 'No pulse was seen in the skin',
    detail: 'The camera found a face, but no colour change that comes and goes with a heartbeat: a photo shows none, and neither does skin in too little light. Face a window or a steady lamp, and try again.',
  },
  unclear: {
    title: 'We couldn’t get a clear reading',
    detail: 'Sit still, face the camera in even light, keep your face inside the oval, and try again.',
  },
};

/** Why heart-rate variability shows a dash beside a heart rate that was read (the engine's `hrvWithheld`). */
const HRV_WITHHELD: Record<NonNullable<ScanMeasurement['hrvWithheld']>, string> = {
  'unclear-beats': 'Heart-rate variability shows a dash: it needs each beat timed to a few milliseconds, and the beats in this scan were too blurred for that. More light on your face helps.',
  'few-beats': 'Heart-rate variability shows a dash: it needs at least 15 clearly timed beats, and this scan had fewer. Stay still for the whole scan.',
  'missed-beats': 'Heart-rate variability shows a dash: it needs an unbroken run of beats, and too many were missed in this scan (movement or changing light). Sit still and try again.',
};

/**
 * A heart rate outside a seated man's resting range: shown, and saved only once the member ticks that it is
 * right (a light's rhythm can pass for a racing pulse).
 */
function ConfirmRate({ bpm, confirmed, onConfirm }: { bpm: number; confirmed: boolean; onConfirm?: (confirmed: boolean) => void }) {
  return (
    <div className="rounded-control border border-warning-200 bg-warning-50 p-4 text-sm text-warning-900" data-testid="scan-confirm-rate">
      <p className="font-semibold">
        {Math.round(bpm)} bpm is {bpm > RESTING_HEART_RATE_BPM.max ? 'faster' : 'slower'} than a resting heart usually beats ({RESTING_HEART_RATE_BPM.min}–{RESTING_HEART_RATE_BPM.max} bpm).
      </p>
      <p className="mt-1">A flickering light can look like a pulse to the camera. It isn’t saved unless you confirm it; if you’re not sure, scan again in steady daylight.</p>
      {onConfirm ? (
        <label className="mt-3 flex items-center gap-2 font-medium">
          <input type="checkbox" className="size-4 accent-brand-700" checked={confirmed} onChange={(event) => onConfirm(event.target.checked)} />
          My pulse really was about {Math.round(bpm)} bpm: save it
        </label>
      ) : null}
    </div>
  );
}

/** What was measured; a reading the engine was not sure of is said so, never shown as a number. */
export function ScanResult({ result, onRetry, confirmed = false, onConfirm }: { result: ScanMeasurement; onRetry?: () => void; confirmed?: boolean; onConfirm?: (confirmed: boolean) => void }) {
  const quality = Math.round(result.signalQuality * 100);
  return (
    <div className="flex flex-col gap-4" data-testid="scan-result" data-fps={result.fps.toFixed(1)} data-frames={result.frames}>
      {result.confident ? (
        <dl aria-label="Measured by the camera">
          <Figure id="heart-rate" label={result.rateChange ? 'Heart rate at the end' : 'Heart rate'} value={rounded(result.heartRateBpm, 1)} unit="bpm" />
          <Figure id="hrv-sdnn" label="Heart-rate variability (SDNN)" value={rounded(result.hrvSdnnMs)} unit="ms" />
          <Figure id="hrv-lnrmssd" label="Heart-rate variability (lnRMSSD)" value={rounded(result.hrvLnrmssdMs, 2)} unit="" />
          <Figure id="breathing-rate" label="Breathing rate" value={rounded(result.breathingRateBpm, 1)} unit="breaths/min" />
          <Figure id="signal-quality" label="Signal quality" value={quality} unit="%" />
        </dl>
      ) : (
        <div role="alert" className="rounded-control border border-warning-200 bg-warning-50 p-4 text-sm text-warning-900">
          <p className="font-semibold">{REFUSED[result.refused ?? 'unclear'].title} (signal quality {quality}%).</p>
          <p className="mt-1">{REFUSED[result.refused ?? 'unclear'].detail}</p>
        </div>
      )}
      {result.confident && result.hrvSdnnMs === null && result.hrvWithheld && !result.rateChange ? (
        <p className="text-sm text-neutral-700" data-testid="scan-hrv-withheld">
          {HRV_WITHHELD[result.hrvWithheld]}
        </p>
      ) : null}
      {rateNeedsConfirming(result) ? <ConfirmRate bpm={result.heartRateBpm!} confirmed={confirmed} onConfirm={onConfirm} /> : null}
      {result.confident && result.rateChange ? (
        <p className="text-sm text-neutral-700" data-testid="scan-rate-change">
          Your pulse changed during the scan, from about {Math.round(result.rateChange.startBpm)} to {Math.round(result.rateChange.endBpm)} bpm, so the heart rate shown is the one at
          the end. Heart-rate variability and breathing need a steady pulse: scan again once you have sat still for a minute.
        </p>
      ) : null}
      <p className="text-sm text-neutral-600">
        This camera scan can’t measure {NOT_MEASURED.map((name) => name.toLowerCase()).join(', ')}. A cuff reading gives you blood pressure.
      </p>
      {onRetry ? (
        <div>
          <Button type="button" variant="secondary" onClick={onRetry}>
            Scan again
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The camera and the live measurement; the caller shows the result and what comes next. */
export function ScanView({ scan, durationMs }: { scan: VitalScan; durationMs: number }) {
  const { phase, faceInView, live, videoRef } = scan;
  const elapsed = live ? Math.min(seconds(live.elapsedMs), seconds(durationMs)) : 0;
  // The camera is released once the scan ends: the preview goes with it (a restart brings it back).
  if (phase !== 'starting' && phase !== 'scanning') return null;
  return (
    <div className="flex flex-col gap-4">
      <CameraFrame videoRef={videoRef} starting={phase === 'starting'} />
      {phase === 'scanning' ? (
        <div className="flex flex-col gap-3">
          <p className="text-center text-sm text-neutral-600">Keep your face inside the oval and stay still. Results in about {seconds(durationMs)} seconds.</p>
          <ProgressBar label="Measuring" value={elapsed} max={seconds(durationMs)} valueText={`${elapsed} of ${seconds(durationMs)} seconds`} showValue />
          <PulseTrace live={live} />
          <p className="text-sm text-neutral-700" aria-live="polite">
            {faceInView === false
              ? 'Looking for your face… The scan pauses until it sees you inside the oval.'
              : faceInView === null
                ? 'Looking for your face…'
                : live?.heartRateBpm
                  ? <>Pulse so far: <span className="font-semibold tabular-nums">{Math.round(live.heartRateBpm)} bpm</span></>
                  : 'Finding your pulse…'}
          </p>
        </div>
      ) : null}
    </div>
  );
}
