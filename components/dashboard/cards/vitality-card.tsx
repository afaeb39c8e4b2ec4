import { Card } from '@/components/ui/card';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { formatTimestampGB } from '@/lib/format';
import { gaugeLabel } from '@/lib/scores/gauge';

/** Today's vitality value with its label and summary. */
export function VitalityCard({ actions }: { actions: TodaysActionsResponse }) {
  const known = actions.vitality >= 0;
  return (
    <Card title="Vitality and summary" className="col-span-2">
      <div className="flex items-start gap-6">
        <div className="shrink-0">
          <p className="text-4xl font-semibold tracking-tight text-neutral-950 tabular-nums" data-testid="vitality-value">{known ? actions.vitality : 'N/A'}</p>
          <p className="text-sm font-medium text-neutral-600">{gaugeLabel(actions.vitality)}</p>
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm leading-relaxed text-neutral-800" data-testid="vitality-summary">{actions.summary}</p>
          <p className="mt-3 text-xs text-neutral-600">Next refresh: {formatTimestampGB(actions.next_refresh)}</p>
        </div>
      </div>
    </Card>
  );
}
