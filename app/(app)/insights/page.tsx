import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
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
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Insights</h1>
      <InsightsView actions={actions} />
    </main>
  );
}
