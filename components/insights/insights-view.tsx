import type { ReactNode } from 'react';
import { StrategiesCard, TrendsCard } from './insights-lists';

/**
 * SPEC §2 "Insights": 'My longevity trends' (POST /api/patterns) and 'Optimisation strategies' (the advice
 * of POST /api/recommendations), around the server-rendered T-Indicator and charts. The two lists are
 * islands read in the browser (./insights-lists.tsx), since the browser's position adds today's daylight.
 */
export function InsightsView({ indicator, charts }: { indicator: ReactNode; charts: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-6">
      <TrendsCard />
      {indicator}
      {charts}
      <StrategiesCard />
    </div>
  );
}
