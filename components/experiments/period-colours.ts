import type { Period } from '@/lib/experiments/analysis';

// Each period's colour on the answer page's charts and in their legend: the theme's neutral-500, brand-600
// and info-600 (app/globals.css), so the chart and the legend's swatches agree.
export const PERIOD_COLOURS: Readonly<Record<Period, { line: string; band: string }>> = {
  baseline: { line: '#677777', band: 'rgba(103, 119, 119, 0.16)' },
  change: { line: '#059679', band: 'rgba(5, 150, 121, 0.16)' },
  return: { line: '#2563eb', band: 'rgba(37, 99, 235, 0.14)' },
};
