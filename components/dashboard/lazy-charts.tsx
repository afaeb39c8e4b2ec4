'use client';

import dynamic from 'next/dynamic';

// chart.js stays out of the first load: each chart's code arrives after the page is interactive.
const placeholder = () => <div aria-hidden className="size-full animate-pulse rounded-control bg-neutral-100" />;

export const TestosteroneChart = dynamic(() => import('./charts').then((m) => m.TestosteroneChart), { ssr: false, loading: placeholder });
export const HeartRateChart = dynamic(() => import('./charts').then((m) => m.HeartRateChart), { ssr: false, loading: placeholder });
export const StressChart = dynamic(() => import('./charts').then((m) => m.StressChart), { ssr: false, loading: placeholder });
export const StepsChart = dynamic(() => import('./charts').then((m) => m.StepsChart), { ssr: false, loading: placeholder });
