import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { requireUser } from '@/lib/auth/sessions';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Refer a friend' };

/** SPEC §2 "Refer a friend": only 'Coming soon...'. */
export default async function ReferAFriendPage() {
  await requireUser();
  return (
    <PageShell title="Refer a friend" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}>
      <p className="text-lg text-neutral-700">Coming soon...</p>
    </PageShell>
  );
}
