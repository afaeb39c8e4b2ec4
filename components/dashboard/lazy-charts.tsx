'use client';

import { lazy, Suspense, type ComponentType } from 'react';
import { useHydrated } from '@/lib/client/use-hydrated';

// chart.js stays out of the first load: its code is asked for once the page has loaded (the load event),
// so a page's first-load JavaScript is the page's own (bench:bundle measures it), and the charts follow.
// React.lazy rather than next/dynamic, whose loader would itself weigh on every page that shows a chart.

const placeholder = <div aria-hidden className="size-full animate-pulse rounded-control bg-neutral-100" />;

const afterLoad = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
const charts = () => afterLoad().then(() => import('./charts'));

/** A chart that draws in the browser only: the placeholder in the server's HTML and until chart.js is in. */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Chart = lazy(() => load().then((component) => ({ default: component })));
  return function DeferredChart(props: P) {
    // The lazy component must not render on the server, nor during hydration (its HTML there is the placeholder).
    const hydrated = useHydrated();
    if (!hydrated) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const TestosteroneChart = deferred(() => charts().then((m) => m.TestosteroneChart));
export const HeartRateChart = deferred(() => charts().then((m) => m.HeartRateChart));
export const StressChart = deferred(() => charts().then((m) => m.StressChart));
export const StepsChart = deferred(() => charts().then((m) => m.StepsChart));
export const TrendChart = deferred(() => charts().then((m) => m.TrendChart));
