// The charts' Web Worker (a module worker): chart.js draws every chart of the page here, on the canvases the
// page hands over (OffscreenCanvas), so neither its code nor its drawing takes the page's main thread
// (bench:lighthouse). The page forwards the pointer for tooltips and the canvas's size when it changes.
import { BasicPlatform, type ChartEvent } from 'chart.js';
import { Chart } from './chart-js';
import { chartConfig } from './configs';
import type { FromChartWorker, ToChartWorker } from './spec';

// tsconfig has the DOM library, not the worker one: type just what this file uses of the worker scope.
type WorkerScope = { onmessage: ((event: MessageEvent<ToChartWorker>) => void) | null; postMessage(message: FromChartWorker): void };
const scope = self as unknown as WorkerScope;

type Listener = (event: ChartEvent) => void;

/**
 * chart.js's platform for a canvas with no element around it: instead of the DOM's events, it keeps each
 * chart's listeners so that the pointer the page forwards reaches them (chart.js's documented extension
 * point, `platform` in a chart's configuration).
 */
class ForwardedEvents extends BasicPlatform {
  static readonly listeners = new WeakMap<Chart, Map<string, Listener>>();
  override addEventListener(chart: Chart, type: string, listener: Listener): void {
    const own = ForwardedEvents.listeners.get(chart) ?? new Map<string, Listener>();
    own.set(type, listener);
    ForwardedEvents.listeners.set(chart, own);
  }
  override removeEventListener(chart: Chart, type: string): void {
    ForwardedEvents.listeners.get(chart)?.delete(type);
  }
}

type Drawn = { canvas: OffscreenCanvas; chart: Chart | null; pixelRatio: number };
const drawn = new Map<number, Drawn>();

function forward(chart: Chart, type: 'mousemove' | 'mouseout', x: number | null, y: number | null): void {
  // As chart.js's own DOM platform hands an event on (its `native` names the type its filters read).
  ForwardedEvents.listeners.get(chart)?.get(type)?.({ type, chart, native: { type } as Event, x, y } as ChartEvent);
}

function draw(message: Extract<ToChartWorker, { type: 'draw' }>): void {
  const known = drawn.get(message.id);
  const canvas = message.canvas ?? known?.canvas;
  if (!canvas) throw new Error('No canvas for this chart.');
  known?.chart?.destroy();
  // chart.js takes the canvas's size as the chart's, then scales it by the pixel ratio.
  canvas.width = Math.max(1, Math.round(message.width));
  canvas.height = Math.max(1, Math.round(message.height));
  const config = chartConfig(message.spec);
  // chart.js takes an OffscreenCanvas (its docs: "OffscreenCanvas"), though its types name only elements.
  const chart = new Chart(canvas as unknown as HTMLCanvasElement, { ...config, platform: ForwardedEvents, options: { ...config.options, devicePixelRatio: message.pixelRatio } } as typeof config);
  drawn.set(message.id, { canvas, chart, pixelRatio: message.pixelRatio });
}

scope.onmessage = ({ data: message }) => {
  const entry = drawn.get(message.id);
  try {
    switch (message.type) {
      case 'draw':
        draw(message);
        scope.postMessage({ type: 'drawn', id: message.id });
        return;
      case 'resize':
        entry?.chart?.resize(Math.max(1, Math.round(message.width)), Math.max(1, Math.round(message.height)));
        return;
      case 'pointer':
        if (entry?.chart) forward(entry.chart, 'mousemove', message.x, message.y);
        return;
      case 'leave':
        if (entry?.chart) forward(entry.chart, 'mouseout', null, null);
        return;
      case 'clear':
        entry?.chart?.destroy();
        if (entry) entry.chart = null;
        return;
      case 'forget':
        entry?.chart?.destroy();
        drawn.delete(message.id);
        return;
    }
  } catch (error) {
    scope.postMessage({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
};
