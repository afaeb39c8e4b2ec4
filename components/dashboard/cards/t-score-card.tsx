import { Card } from '@/components/ui/card';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { CardLink } from '../primitives';
import { TScoreGauge } from '../t-score-gauge';

/** Today's T-Score on its gauge, with the way to the insights. */
export function TScoreCard({ actions }: { actions: TodaysActionsResponse }) {
  return (
    <Card title="T-Score" header={<CardLink href="/insights">Insights</CardLink>}>
      <TScoreGauge score={actions.vitality} summary={actions.summary} />
    </Card>
  );
}
