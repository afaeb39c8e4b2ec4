// A chart drawn on the page itself, for a browser that cannot hand a canvas to a worker (no
// OffscreenCanvas): the same configuration (./configs.ts), chart.js following the canvas's box and the
// pointer itself. Loaded only in such a browser.
import { Chart } from './chart-js';
import { chartConfig } from './configs';
import type { ChartSpec } from './spec';

/** Draws `spec` on `canvas`; answers how to take it down. */
export function drawHere(canvas: HTMLCanvasElement, spec: ChartSpec): () => void {
  const config = chartConfig(spec);
  const chart = new Chart(canvas, { ...config, options: { ...config.options, responsive: true } } as typeof config);
  return () => chart.destroy();
}
