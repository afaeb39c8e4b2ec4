import { Card } from '@/components/ui/card';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { Timestamp } from '@/components/time/timestamp';
import { gaugeLabel } from '@/lib/scores/gauge';

/** Today's T-Score (the answer's `vitality`) with its label and summary: SPEC §2's vitality and summary card. */
export function VitalityCard({ actions }: { actions: TodaysActionsResponse }) {
  const known = actions.vitality >= 0;
  return (
    <Card title="T-Score and summary" className="col-span-2">
      <div className="flex items-start gap-6">
        <div className="shrink-0">
          <p className="text-4xl font-semibold tracking-tight text-neutral-950 tabular-nums" data-testid="vitality-value">{known ? actions.vitality : 'N/A'}</p>
          <p className="text-sm font-medium text-neutral-600">{gaugeLabel(actions.vitality)}</p>
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm leading-relaxed text-neutral-800" data-testid="vitality-summary">{actions.summary}</p>
          <p className="mt-3 text-xs text-neutral-600">Next refresh: <Timestamp value={actions.next_refresh} /></p>
        </div>
      </div>
    </Card>
  );
}
