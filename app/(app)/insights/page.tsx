import type { Metadata } from 'next';
import { RefreshOnFocus } from '@/components/app-shell/refresh-on-focus';
import { PageShell } from '@/components/page-shell';
import { InsightsView } from '@/components/insights/insights-view';
import { TIndicatorCard } from '@/components/insights/t-indicator-card';
import { TrendCharts } from '@/components/insights/trend-charts';
import { todaysActionsAnswer } from '@/lib/dashboard/answers';
import { measureTrends } from '@/lib/insights/measure-trends';
import { lastNightSleep } from '@/lib/dashboard/sleep';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Insights' };

/** SPEC §2 "Insights": trends, strategies and the T-Indicator. */
export default async function InsightsPage() {
  const user = await requireSubscribedUser();
  const [actions, measures, lastNight] = await Promise.all([todaysActionsAnswer(user), measureTrends(user.id, 30), lastNightSleep(user.id)]);
  return (
    <PageShell title="Insights" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }} width="wide">
      <RefreshOnFocus />
      <InsightsView indicator={<TIndicatorCard actions={actions} />} charts={<TrendCharts initial={measures} lastNight={lastNight} />} />
    </PageShell>
  );
}
