import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RefreshOnFocus } from '@/components/app-shell/refresh-on-focus';
import { PageShell } from '@/components/page-shell';
import { ActionsList } from '@/components/dashboard/actions-list';
import { CuratedSupplements, CuratedSupplementsLoading } from '@/components/dashboard/curated-supplements';
import { ManualSlots } from '@/components/dashboard/manual-slots';
import { Card } from '@/components/ui/card';
import { RetestList } from '@/components/results/retest-list';
import { retestsDue } from '@/lib/labs/retests';
import { trtActions } from '@/lib/medications/trt-actions';
import { dayInZone } from '@/lib/days';
import { TrtMonitoringList } from '@/components/results/trt-monitoring-list';
import { myActionsData } from '@/lib/dashboard/page-data';
import { Timestamp } from '@/components/time/timestamp';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'My actions' };

/** SPEC §2 "My actions": today's actions with the manual slots, the blood tests to repeat, testosterone therapy's checks, then the curated supplements. */
export default async function MyActionsPage() {
  const user = await requireSubscribedUser();
  const [{ actions, selected }, retests, trt] = await Promise.all([myActionsData(user), retestsDue(user.id), trtActions(user.id, dayInZone(new Date(), user.timeZone))]);
  return (
    <PageShell title="My actions" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }} width="wide">
      <RefreshOnFocus />
      <Card title="Today's actions" footer={<p className="text-xs text-neutral-600">Next refresh: <Timestamp value={actions.next_refresh} /></p>}>
        <ActionsList actions={actions} selected={selected} detailed>
          <ManualSlots setId={actions.cached_daily_actions_id} confirmed={actions.manual_actions.map((m) => m.id)} />
        </ActionsList>
      </Card>
      {retests.length ? (
        <Card title="Tests to repeat">
          <RetestList retests={retests} />
        </Card>
      ) : null}
      {trt.actions.length ? (
        <Card title="TRT monitoring">
          <TrtMonitoringList actions={trt.actions} />
        </Card>
      ) : null}
      <Card title="Curated supplements & tools">
        <Suspense fallback={<CuratedSupplementsLoading />}>
          <CuratedSupplements user={user} />
        </Suspense>
      </Card>
    </PageShell>
  );
}
