'use client';

import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { afterLoad } from '@/lib/client/after-load';
import { useHydrated } from '@/lib/client/use-hydrated';

// chart.js stays out of the first load: its code is asked for once the page has loaded (the load event),
// so a page's first-load JavaScript is the page's own (bench:bundle measures it), and the charts follow.
// React.lazy rather than next/dynamic, whose loader would itself weigh on every page that shows a chart.

const placeholder = <div aria-hidden className="size-full animate-pulse rounded-control bg-neutral-100" />;
/** A chart's place while it has not drawn. */
export const ChartPlaceholder = () => placeholder;

const charts = () => afterLoad().then(() => import('./charts'));

// The charts of a page draw one at a time, each in a task of its own after the one before has painted:
// eight charts drawn in one go (/insights) were one long task that kept the page from answering a click.
let turns: Promise<void> = Promise.resolve();
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** True once this chart's turn to draw has come (after the load event and the charts before it). */
function useTurn(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    turns = turns
      .then(afterLoad)
      .then(painted)
      .then(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** A chart that draws in the browser only: the placeholder in the server's HTML and until chart.js is in and its turn has come. */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Chart = lazy(() => load().then((component) => ({ default: component })));
  return function DeferredChart(props: P) {
    // The lazy component must not render on the server, nor during hydration (its HTML there is the placeholder).
    const hydrated = useHydrated();
    const turn = useTurn();
    if (!hydrated || !turn) return placeholder;
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
