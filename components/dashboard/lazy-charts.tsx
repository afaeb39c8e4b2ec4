'use client';

import { useEffect, useState, type ComponentType, type RefCallback } from 'react';
import { afterLoad } from '@/lib/client/after-load';
import { loadOnce, useTakeOver } from '@/lib/client/turns';

// chart.js stays out of the first load: its code is asked for once the page has loaded (the load event),
// so a page's first-load JavaScript is the page's own (bench:bundle measures it), and the charts follow.
// A plain import() rather than next/dynamic, whose loader would itself weigh on every page that shows a chart.

const placeholder = <div aria-hidden className="size-full animate-pulse rounded-control bg-neutral-100" />;
/** A chart's place while it has not drawn. */
export const ChartPlaceholder = () => placeholder;

const charts = () => afterLoad().then(() => import('./charts'));

// A chart draws once it comes near the screen (a chart further down waits until the member scrolls to it),
// and the charts of a page draw one at a time, each in a turn of its own (lib/client/turns.ts).
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

/**
 * A chart that draws in the browser only: the placeholder in the server's HTML, and until chart.js is in,
 * the chart is near the screen and its turn has come. Not through Suspense: React would reveal the charts
 * whose code arrived together in one commit, and draw them all in one task.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const loadChart = loadOnce(load);
  return function DeferredChart(props: P) {
    const [ref, near] = useNearScreen();
    const Chart = useTakeOver(loadChart, near);
    return (
      <div ref={ref} className="size-full">
        {Chart ? <Chart {...props} /> : placeholder}
      </div>
    );
  };
}

export const TestosteroneChart = deferred(() => charts().then((m) => m.TestosteroneChart));
export const HeartRateChart = deferred(() => charts().then((m) => m.HeartRateChart));
export const StressChart = deferred(() => charts().then((m) => m.StressChart));
export const StepsChart = deferred(() => charts().then((m) => m.StepsChart));
export const TrendChart = deferred(() => charts().then((m) => m.TrendChart));
