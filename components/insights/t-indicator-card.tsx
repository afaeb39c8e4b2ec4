import { TScoreGauge } from '@/components/dashboard/t-score-gauge';
import { Card } from '@/components/ui/card';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { NextRefresh } from './next-refresh';

/** SPEC §2 "Insights": the T-Indicator's tooltip. */
export const T_INDICATOR_TOOLTIP = 'Monitor your daily actions and track your testosterone optimisation progress.';

/** SPEC §2 "Insights": the T-Indicator (SPEC's title) shows the T-Score, from today's actions answer the page reads on the server. */
export function TIndicatorCard({ actions }: { actions: TodaysActionsResponse }) {
  return (
    <Card title="T-Indicator" footer={<NextRefresh at={actions.next_refresh} />}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-neutral-600">Your T-Score today, out of 100.</p>
        <TScoreGauge score={actions.vitality} summary={actions.summary} tooltip={T_INDICATOR_TOOLTIP} />
        <p className="text-sm text-neutral-700" data-testid="t-indicator-summary">
          {actions.summary}
        </p>
      </div>
    </Card>
  );
}
