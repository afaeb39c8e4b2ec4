'use client';

import { useEffect, type ReactNode } from 'react';
import { LocationButton } from '@/components/dashboard/location-button';
import { usePosition } from '@/components/dashboard/use-position';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { api, signedOut } from '@/lib/client/browser-loads';
import { useLoad } from '@/lib/client/use-load';
import { chartId } from './trend-charts';
import { NextRefresh } from './next-refresh';
import { LOGIN_PATH } from '@/lib/routes';

function Loading({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-600">
      <Spinner decorative className="size-4" /> {children}
    </div>
  );
}

/**
 * SPEC §2 "Insights": 'My longevity trends' (POST /api/patterns) and 'Optimisation strategies' (the advice
 * of POST /api/recommendations), around the server-rendered T-Indicator and charts. The browser's position
 * only adds today's daylight to the advice: it is used where the browser already allows it, and asked for
 * only on the member's press; without it both lists load with no position (the server's 0, 0).
 */
export function InsightsView({ indicator, charts }: { indicator: ReactNode; charts: ReactNode }) {
  const { position, place, ask } = usePosition();
  const key = place && `${place.lat},${place.lon}`;
  const patterns = useLoad(key, () => api.patterns(place!.lat, place!.lon));
  const strategies = useLoad(key, () => api.recommendations(place!.lat, place!.lon));
  useEffect(() => {
    // SPEC §8: a lost session goes to /login.
    if ([patterns.error, strategies.error].some(signedOut)) window.location.assign(LOGIN_PATH);
  }, [patterns.error, strategies.error]);

  const trends = patterns.data;
  const list = trends?.insights ?? [];
  return (
    <div className="grid grid-cols-3 gap-6">
      <Card title="My longevity trends" className="col-span-2" footer={<NextRefresh at={trends?.next_refresh} />}>
        {patterns.error ? (
          <p className="text-sm text-danger-700">Error: {patterns.error.message}</p>
        ) : !trends ? (
          <Loading>Working out your trends…</Loading>
        ) : list.length ? (
          <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm leading-relaxed text-neutral-800 marker:font-semibold marker:text-brand-800" data-testid="trends">
            {list.map((insight, i) => (
              <li key={insight}>
                <p data-testid="trend-text">{insight}</p>
                {trends.from?.[i] ? <p className="text-xs text-neutral-600" data-testid="trend-from">{trends.from[i]}</p> : null}
                {trends.charts?.[i] ? (
                  <a href={`#${chartId(trends.charts[i])}`} className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900" data-testid="trend-chart-link">
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
      {indicator}
      {charts}
      <Card title="Optimisation strategies" className="col-span-3" footer={<NextRefresh at={strategies.data?.next_refresh} />}>
        {strategies.error ? (
          <p className="text-sm text-danger-700">Error: {strategies.error.message}</p>
        ) : !strategies.data ? (
          <Loading>Putting your strategies together…</Loading>
        ) : (
          <>
            <p className="text-sm leading-relaxed text-neutral-800" data-testid="strategies">
              {strategies.data.advice}
            </p>
            <LocationButton position={position} ask={ask}>
              Add today’s daylight where I am
            </LocationButton>
          </>
        )}
      </Card>
    </div>
  );
}
