import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { FaqTabs } from '@/components/help/faq-tabs';
import { requireUser } from '@/lib/auth/sessions';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Help' };

/** SPEC §2 "Help": FAQ tabs General questions, Account settings and Technical support, each with expandable questions. */
export default async function HelpPage() {
  await requireUser();
  return (
    <PageShell title="Help" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}>
      <FaqTabs />
    </PageShell>
  );
}
