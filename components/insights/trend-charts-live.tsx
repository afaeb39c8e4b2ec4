'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useView, type LiveProps } from '@/components/query/island';
import { live } from '@/components/query/live';
import { queries } from '@/components/query/queries';
import type { TrendRange } from '@/lib/insights/measure-trends';
import type { TrendChartsProps, TrendChartsViewProps } from './trend-charts-view';

/** The charts' live part (./trend-charts.tsx): the range the member picks, each read once and kept. */
export const TrendChartsLive = live(function TrendChartsLive({ initial, lastNight, onView }: LiveProps<TrendChartsProps, TrendChartsViewProps>) {
  const [range, setRange] = useState<TrendRange>(initial.range);
  const client = useQueryClient();
  // What the server read (again, when the page is refreshed) is the first range's answer.
  useEffect(() => {
    client.setQueryData(queries.measures(initial.range).queryKey, initial);
  }, [client, initial]);
  const measures = useQuery({ ...queries.measures(range), initialData: range === initial.range ? initial : undefined });
  const view = useMemo(() => ({ range, data: measures.data, error: measures.error, onRange: setRange, lastNight }), [range, measures.data, measures.error, lastNight]);
  return useView(onView, view);
});
