'use client';

import { island } from '@/components/query/island';
import { TrendChartsView, type TrendChartsProps } from './trend-charts-view';

/** The charts as the server sends them: the first range's figures, the charts' places, the buttons waiting. */
function TrendChartsShell({ initial, lastNight }: TrendChartsProps) {
  return <TrendChartsView range={initial.range} data={initial} lastNight={lastNight} />;
}

export const TrendCharts = island<TrendChartsProps>(() => import('./trend-charts-live').then((m) => m.TrendChartsLive), TrendChartsShell);
