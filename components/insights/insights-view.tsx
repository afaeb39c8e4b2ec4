'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { api, keys, signedOut } from '@/lib/client/query-calls';
import { usePosition } from '@/components/dashboard/supplements';
import { TScoreGauge } from '@/components/dashboard/t-score-gauge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { formatTimestampGB } from '@/lib/format';
import { chartId, TrendCharts } from './trend-charts';
import { LOGIN_PATH } from '@/lib/routes';

/** SPEC §2 "Insights": the T-Indicator's tooltip. */
export const T_INDICATOR_TOOLTIP = 'Monitor your daily actions and track your testosterone optimisation progress.';
const NO_LOCATION = 'Allow location access in your browser to see your trends and strategies here.';

function Refresh({ at }: { at: string | undefined }) {
  return <p className="text-xs text-neutral-600">Next refresh: {at ? formatTimestampGB(at) : '–'}</p>;
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-600">
      <Spinner decorative className="size-4" /> {children}
    </div>
  );
}

/**
 * SPEC §2 "Insights": 'My longevity trends' (POST /api/patterns), 'Optimisation strategies' (the advice
 * of POST /api/recommendations) and the T-Indicator. Without a position both lists stop loading and
 * stay empty (SPEC §8), with a line saying how to fill them.
 */
export function InsightsView({ actions }: { actions: TodaysActionsResponse }) {
  const position = usePosition();
  const located = position && 'lat' in position ? position : null;
  const noLocation = position !== null && 'error' in position;
  const patterns = useQuery({ queryKey: keys.patterns(located?.lat ?? 0, located?.lon ?? 0), queryFn: () => api.patterns(located!.lat, located!.lon), enabled: located !== null });
  const strategies = useQuery({
    queryKey: keys.recommendations(located?.lat ?? 0, located?.lon ?? 0),
    queryFn: () => api.recommendations(located!.lat, located!.lon),
    enabled: located !== null,
  });
  const today = useQuery({ queryKey: keys.actions, queryFn: api.actions, initialData: actions });
  useEffect(() => {
    // SPEC §8: a lost session goes to /login.
    if ([patterns.error, strategies.error, today.error].some(signedOut)) window.location.assign(LOGIN_PATH);
  }, [patterns.error, strategies.error, today.error]);

  const list = patterns.data?.insights ?? [];
  return (
    <div className="grid grid-cols-3 gap-6">
      <Card title="My longevity trends" className="col-span-2" footer={<Refresh at={patterns.data?.next_refresh} />}>
        {noLocation ? (
          <p className="text-sm text-neutral-600">{NO_LOCATION}</p>
        ) : patterns.error ? (
          <p className="text-sm text-danger-700">Error: {patterns.error.message}</p>
        ) : !patterns.data ? (
          <Loading>Working out your trends…</Loading>
        ) : list.length ? (
          <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm leading-relaxed text-neutral-800 marker:font-semibold marker:text-brand-800" data-testid="trends">
            {list.map((insight, i) => (
              <li key={insight}>
                <p data-testid="trend-text">{insight}</p>
                {patterns.data.from?.[i] ? <p className="text-xs text-neutral-600" data-testid="trend-from">{patterns.data.from[i]}</p> : null}
                {patterns.data.charts?.[i] ? (
                  <a href={`#${chartId(patterns.data.charts[i])}`} className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900" data-testid="trend-chart-link">
                    See the chart<span className="sr-only"> for statement {i + 1}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-neutral-600">No clear trends yet. They appear once a few weeks of wearable data and daily check-ins are in.</p>
        )}
      </Card>
      <Card title="T-Indicator" footer={<Refresh at={today.data.next_refresh} />}>
        <div className="flex flex-col gap-4">
          <TScoreGauge score={today.data.vitality} summary={today.data.summary} tooltip={T_INDICATOR_TOOLTIP} />
          <p className="text-sm text-neutral-700" data-testid="t-indicator-summary">
            {today.data.summary}
          </p>
        </div>
      </Card>
      <TrendCharts />
      <Card title="Optimisation strategies" className="col-span-3" footer={<Refresh at={strategies.data?.next_refresh} />}>
        {noLocation ? (
          <p className="text-sm text-neutral-600">{NO_LOCATION}</p>
        ) : strategies.error ? (
          <p className="text-sm text-danger-700">Error: {strategies.error.message}</p>
        ) : !strategies.data ? (
          <Loading>Putting your strategies together…</Loading>
        ) : (
          <p className="text-sm leading-relaxed text-neutral-800" data-testid="strategies">
            {strategies.data.advice}
          </p>
        )}
      </Card>
    </div>
  );
}
