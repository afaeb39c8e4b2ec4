import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { AlreadyDone } from '@/components/checkin/already-done';
import { WeeklyCheckin } from '@/components/scan/weekly-checkin';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { WEEKLY_ALREADY_DONE, weeklyStatus } from '@/lib/scans/results';
import { vitalsVendor } from '@/lib/scans/vendor-sdk';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Pulse & blood pressure' };

/** SPEC §2 "Weekly check-in": the status first; once this ISO week's is in, when the next one opens. */
export default async function WeeklyCheckinPage() {
  const user = await requireSubscribedUser();
  const status = await weeklyStatus(user.id);
  return (
    <PageShell title="Pulse & blood pressure" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }} intro="Your weekly check-in: a 45-second camera scan of your pulse, and your cuff reading if you have one.">
      {status.submitted ? (
        <AlreadyDone title={WEEKLY_ALREADY_DONE} nextRefresh={status.next_refresh} />
      ) : (
        <WeeklyCheckin vendor={vitalsVendor()} />
      )}
    </PageShell>
  );
}
