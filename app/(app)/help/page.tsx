import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { faqTabs } from '@/components/help/faq';
import { FaqTabs } from '@/components/help/faq-tabs';
import { billingEnabled } from '@/lib/billing/stripe';
import { connectableWearables, iosAppUrl, wearableChoice } from '@/lib/offers/install-offers';
import { requireUser } from '@/lib/auth/sessions';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Help' };

/** SPEC §2 "Help": FAQ tabs General questions, Account settings and Technical support, each with expandable questions. */
export default async function HelpPage() {
  await requireUser();
  return (
    <PageShell title="Help" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}>
      <FaqTabs tabs={faqTabs({ billing: billingEnabled(), wearables: wearableChoice(connectableWearables()), iosApp: iosAppUrl() !== null })} />
    </PageShell>
  );
}
