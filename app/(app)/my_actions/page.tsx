import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { ActionsList } from '@/components/dashboard/actions-list';
import { CuratedSupplements } from '@/components/dashboard/curated-supplements';
import { Card } from '@/components/ui/card';
import { myActionsData } from '@/lib/dashboard/page-data';
import { formatTimestampGB } from '@/lib/format';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'My actions' };

/** SPEC §2 "My actions": today's actions with the manual slots, then the curated supplements. */
export default async function MyActionsPage() {
  const user = await requireSubscribedUser();
  const { actions, selected } = await myActionsData(user);
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">My actions</h1>
      <Card title="Today's actions" footer={<p className="text-xs text-neutral-600">Next refresh: {formatTimestampGB(actions.next_refresh)}</p>}>
        <ActionsList initial={actions} initialSelected={selected} withManualEntry />
      </Card>
      <Card title="Curated supplements & tools">
        <CuratedSupplements />
      </Card>
    </main>
  );
}
