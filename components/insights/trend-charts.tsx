'use client';

import { island } from '@/components/query/island';
import type { LastNightSleep } from '@/lib/dashboard/contract';
import type { MeasureTrendsResponse } from '@/lib/insights/measure-trends';
import { TrendChartsView } from './trend-charts-view';

export type TrendChartsProps = { initial: MeasureTrendsResponse; lastNight?: LastNightSleep | null };

/** The charts as the server sends them: the first range's figures, the charts' places, the buttons waiting. */
function TrendChartsShell({ initial, lastNight }: TrendChartsProps) {
  return <TrendChartsView range={initial.range} data={initial} lastNight={lastNight} />;
}

export const TrendCharts = island<TrendChartsProps>(() => import('./trend-charts-live').then((m) => m.TrendChartsLive), TrendChartsShell);
