'use client';

import { useEffect, useState } from 'react';
import { afterLoad } from '@/lib/client/after-load';
import type { ChartSpec, FromChartWorker, ToChartWorker } from './spec';

// A chart on the page: a canvas with its text alternative in the server's HTML, drawn once the page has
// loaded and the canvas comes near the screen. chart.js runs in a worker (./chart.worker.ts) on the canvas
// handed to it, so its code and drawing stay off the page's main thread, where a page's long tasks make it
// slow to answer a click (bench:lighthouse). The page keeps the canvas's size and the pointer (for the
// tooltips) flowing to it. A browser with no canvas for workers draws it here (./draw-here.ts).

/** How near the screen a chart starts drawing: about one chart's height ahead of the scroll. */
const NEAR = '240px 0px';

let worker: Worker | null | undefined;
const answers = new Map<number, (message: FromChartWorker) => void>();
let lastId = 0;
/** Each canvas handed to the worker, by its id there: a canvas is handed over once in its life. */
const handed = new WeakMap<HTMLCanvasElement, number>();
/** A canvas gone from the page: the worker lets go of its drawing surface too. */
const gone = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<number>((id) => send({ type: 'forget', id })) : null;

function chartWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'function' && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function') {
    try {
      worker = new Worker(new URL('./chart.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = ({ data }: MessageEvent<FromChartWorker>) => answers.get(data.id)?.(data);
    } catch (error) {
      console.warn(`[charts] the chart worker could not start, drawing on the page: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return worker;
}

function send(message: ToChartWorker, transfer: Transferable[] = []): void {
  worker?.postMessage(message, transfer);
}

/** Draws `spec` on `canvas` (in the worker where the browser can), calling `onDrawn` once it shows; answers how to take it down. */
function draw(canvas: HTMLCanvasElement, spec: ChartSpec, onDrawn: () => void): () => void {
  const chartsWorker = chartWorker();
  if (!chartsWorker) {
    let undraw: (() => void) | null = null;
    let stopped = false;
    void import('./draw-here').then(({ drawHere }) => {
      if (stopped) return;
      undraw = drawHere(canvas, spec);
      onDrawn();
    });
    return () => {
      stopped = true;
      undraw?.();
    };
  }

  let id = handed.get(canvas);
  let offscreen: OffscreenCanvas | undefined;
  if (id === undefined) {
    id = ++lastId;
    handed.set(canvas, id);
    gone?.register(canvas, id);
    offscreen = canvas.transferControlToOffscreen();
  }
  const chartId = id;
  answers.set(chartId, (answer) => {
    if (answer.type === 'drawn') onDrawn();
    else console.warn(`[charts] a chart could not be drawn: ${answer.message}`);
  });
  let size = canvas.getBoundingClientRect();
  send({ type: 'draw', id: chartId, canvas: offscreen, spec, width: size.width, height: size.height, pixelRatio: window.devicePixelRatio || 1 }, offscreen ? [offscreen] : []);

  const resized = new ResizeObserver(() => {
    const now = canvas.getBoundingClientRect();
    if (now.width === size.width && now.height === size.height) return;
    size = now;
    send({ type: 'resize', id: chartId, width: now.width, height: now.height });
  });
  resized.observe(canvas);
  // The pointer's latest place, sent once a frame at most.
  let frame = 0;
  let at: { x: number; y: number } | null = null;
  const move = (event: PointerEvent) => {
    at = { x: event.offsetX, y: event.offsetY };
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      if (at) send({ type: 'pointer', id: chartId, ...at });
    });
  };
  const leave = () => {
    at = null;
    send({ type: 'leave', id: chartId });
  };
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerleave', leave);
  return () => {
    resized.disconnect();
    cancelAnimationFrame(frame);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerleave', leave);
    answers.delete(chartId);
    send({ type: 'clear', id: chartId });
  };
}

/** True once `element` has come within NEAR of the screen, and the page has loaded. */
function useNearScreen(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    let observer: IntersectionObserver | null = null;
    let stopped = false;
    void afterLoad().then(() => {
      if (stopped) return;
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      }, { rootMargin: NEAR });
      observer.observe(element);
    });
    return () => {
      stopped = true;
      observer?.disconnect();
    };
  }, [element, near]);
  return near;
}

/**
 * `spec` drawn on a canvas that fills its box, `label` its text alternative (every figure it shows). Until
 * it has drawn, a pulsing placeholder holds its place; `data-chart` says "drawn" once it shows.
 */
export function CanvasChart({ spec, label }: { spec: ChartSpec; label: string }) {
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const near = useNearScreen(canvas);
  const [drawn, setDrawn] = useState(false);
  // The figures, not the object: a parent's new object with the same figures draws nothing again.
  const figures = JSON.stringify(spec);
  useEffect(() => {
    if (!canvas || !near) return;
    let current = true;
    const undraw = draw(canvas, JSON.parse(figures) as ChartSpec, () => current && setDrawn(true));
    return () => {
      current = false;
      undraw();
    };
  }, [canvas, near, figures]);
  return (
    <div className="relative size-full">
      {drawn ? null : <div aria-hidden className="absolute inset-0 animate-pulse rounded-control bg-neutral-100" />}
      <canvas ref={setCanvas} role="img" aria-label={label} data-chart={drawn ? 'drawn' : 'waiting'} className="relative block size-full" />
    </div>
  );
}
