'use client';

import dynamic from 'next/dynamic';

// chart.js stays out of the first load: its code is asked for once the page has loaded (the load event),
// so a page's first-load JavaScript is the page's own (bench:bundle measures it), and the charts follow.
const placeholder = () => <div aria-hidden className="size-full animate-pulse rounded-control bg-neutral-100" />;

const afterLoad = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
const charts = () => afterLoad().then(() => import('./charts'));

export const TestosteroneChart = dynamic(() => charts().then((m) => m.TestosteroneChart), { ssr: false, loading: placeholder });
export const HeartRateChart = dynamic(() => charts().then((m) => m.HeartRateChart), { ssr: false, loading: placeholder });
export const StressChart = dynamic(() => charts().then((m) => m.StressChart), { ssr: false, loading: placeholder });
export const StepsChart = dynamic(() => charts().then((m) => m.StepsChart), { ssr: false, loading: placeholder });
export const TrendChart = dynamic(() => charts().then((m) => m.TrendChart), { ssr: false, loading: placeholder });
