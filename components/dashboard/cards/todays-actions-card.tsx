import { Card } from '@/components/ui/card';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { ActionsList } from '../actions-list';
import { CardLink } from '../primitives';

/** Today's actions with their done toggles. */
export function TodaysActionsCard({ initial, initialSelected }: { initial: TodaysActionsResponse; initialSelected: string[] }) {
  return (
    <Card title="Today's actions" className="col-span-2" header={<CardLink href="/my_actions">Check actions</CardLink>}>
      <ActionsList initial={initial} initialSelected={initialSelected} />
    </Card>
  );
}
