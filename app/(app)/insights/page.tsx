import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { InsightsView } from '@/components/insights/insights-view';
import { todaysActionsAnswer } from '@/lib/dashboard/answers';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Insights' };

/** SPEC §2 "Insights": trends, strategies and the T-Indicator. */
export default async function InsightsPage() {
  const user = await requireSubscribedUser();
  const actions = await todaysActionsAnswer(user);
  return (
    <PageShell title="Insights" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }} width="wide">
      <InsightsView actions={actions} />
    </PageShell>
  );
}
