import { Card } from '@/components/ui/card';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { ActionsList } from '../actions-list';
import { CardLink } from '../primitives';

/** Today's actions with their done toggles. */
export function TodaysActionsCard({ actions, selected }: { actions: TodaysActionsResponse; selected: string[] }) {
  return (
    <Card title="Today's actions" className="col-span-2" header={<CardLink href="/my_actions">Check actions</CardLink>}>
      <ActionsList actions={actions} selected={selected} />
    </Card>
  );
}
