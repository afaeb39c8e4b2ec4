import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { AlreadyDone } from '@/components/checkin/already-done';
import { CheckinFlow } from '@/components/checkin/checkin-flow';
import { CHECKIN_ALREADY_DONE, checkinStatus } from '@/lib/checkins/daily';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Daily check-in' };

/** SPEC §2 "Daily check-in": two steps; once today's is in, when the next one opens. */
export default async function DailyCheckinPage() {
  const user = await requireSubscribedUser();
  const status = await checkinStatus(user.id);
  return (
    <PageShell title="Daily check-in" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}>
      {status.submitted ? (
        <AlreadyDone title={CHECKIN_ALREADY_DONE} nextRefresh={status.next_refresh} />
      ) : (
        <CheckinFlow />
      )}
    </PageShell>
  );
}
