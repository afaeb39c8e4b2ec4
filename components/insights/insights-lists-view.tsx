'use client';

import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { RecommendationsResponse } from '@/lib/dashboard/contract';
import type { PatternsResponse } from '@/lib/insights/daily-patterns';
import { chartId } from './chart-id';
import { NextRefresh } from './next-refresh';

// /insights' two lists as they are drawn, from what was read (./insights-lists.tsx holds the islands).

function Loading({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-600">
      <Spinner decorative className="size-4" /> {children}
    </div>
  );
}

/** 'My longevity trends': each statement with its source and a link to its chart. */
export type TrendsViewProps = { trends?: PatternsResponse | undefined; error?: Error | null };

export function TrendsView({ trends, error }: TrendsViewProps) {
  const list = trends?.insights ?? [];
  return (
    <Card title="My longevity trends" className="col-span-2" footer={<NextRefresh at={trends?.next_refresh} />}>
      {error ? (
        <p className="text-sm text-danger-700">Error: {error.message}</p>
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
  );
}

/** 'Optimisation strategies': the day's advice, and below it what the position would add. */
export type StrategiesViewProps = { strategies?: RecommendationsResponse | undefined; error?: Error | null; children?: ReactNode };

export function StrategiesView({ strategies, error, children }: StrategiesViewProps) {
  return (
    <Card title="Optimisation strategies" className="col-span-3" footer={<NextRefresh at={strategies?.next_refresh} />}>
      {error ? (
        <p className="text-sm text-danger-700">Error: {error.message}</p>
      ) : !strategies ? (
        <Loading>Putting your strategies together…</Loading>
      ) : (
        <>
          <p className="text-sm leading-relaxed text-neutral-800" data-testid="strategies">
            {strategies.advice}
          </p>
          {children}
        </>
      )}
    </Card>
  );
}

