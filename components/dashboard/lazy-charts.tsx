'use client';

import { lazy, Suspense, useEffect, useState, type ComponentType, type RefCallback } from 'react';
import { afterLoad } from '@/lib/client/after-load';
import { useHydrated } from '@/lib/client/use-hydrated';

// chart.js stays out of the first load: its code is asked for once the page has loaded (the load event),
// so a page's first-load JavaScript is the page's own (bench:bundle measures it), and the charts follow.
// React.lazy rather than next/dynamic, whose loader would itself weigh on every page that shows a chart.

const placeholder = <div aria-hidden className="size-full animate-pulse rounded-control bg-neutral-100" />;
/** A chart's place while it has not drawn. */
export const ChartPlaceholder = () => placeholder;

const charts = () => afterLoad().then(() => import('./charts'));

// A chart draws once it comes near the screen (a chart further down waits until the member scrolls to it),
// and the charts of a page draw one at a time, each in a task of its own after the one before has painted:
// eight charts drawn in one go (/insights) were one long task that kept the page from answering a click,
// and drawn one after another on load they still kept the page busy for a second (bench:lighthouse).
let turns: Promise<void> = Promise.resolve();
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** How near the screen a chart starts drawing: about one chart's height ahead of the scroll. */
const NEAR = '240px 0px';

/** The element's ref, and true once it has come within NEAR of the screen. */
function useNearScreen(): [RefCallback<HTMLElement>, boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: NEAR });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near];
}

/** True once this chart's turn to draw has come (after the load event, its nearing the screen and the charts before it). */
function useTurn(near: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!near) return;
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
  }, [near]);
  return ready;
}

/** A chart that draws in the browser only: the placeholder in the server's HTML and until chart.js is in, the chart is near the screen and its turn has come. */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Chart = lazy(() => load().then((component) => ({ default: component })));
  return function DeferredChart(props: P) {
    // The lazy component must not render on the server, nor during hydration (its HTML there is the placeholder).
    const hydrated = useHydrated();
    const [ref, near] = useNearScreen();
    const turn = useTurn(near);
    return (
      <div ref={ref} className="size-full">
        {hydrated && turn ? (
          <Suspense fallback={placeholder}>
            <Chart {...props} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    );
  };
}

export const TestosteroneChart = deferred(() => charts().then((m) => m.TestosteroneChart));
export const HeartRateChart = deferred(() => charts().then((m) => m.HeartRateChart));
export const StressChart = deferred(() => charts().then((m) => m.StressChart));
export const StepsChart = deferred(() => charts().then((m) => m.StepsChart));
export const TrendChart = deferred(() => charts().then((m) => m.TrendChart));
