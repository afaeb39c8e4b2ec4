'use client';

import { deferred } from '@/components/dashboard/lazy-charts';
import { afterLoad } from '@/lib/client/after-load';

// The answer page's charts, drawn in the browser once the page has loaded and each chart nears the screen
// (the dashboard's pattern: components/dashboard/lazy-charts.tsx), so chart.js is no part of the first load.
export const ExperimentChart = deferred(() =>
  afterLoad()
    .then(() => import('./experiment-chart'))
    .then((m) => m.ExperimentChart),
);
