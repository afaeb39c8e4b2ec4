'use client';

import { island } from '@/components/query/island';
import { TrendChartsView, type TrendChartsProps, type TrendChartsViewProps } from './trend-charts-view';

/** The charts as the server sends them: the first range's figures and charts, the buttons waiting. */
const shell = ({ initial, lastNight }: TrendChartsProps): TrendChartsViewProps => ({ range: initial.range, data: initial, lastNight });

export const TrendCharts = island<TrendChartsProps, TrendChartsViewProps>(TrendChartsView, shell, () => import('./trend-charts-live').then((m) => m.TrendChartsLive));
