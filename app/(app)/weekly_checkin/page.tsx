import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
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
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Pulse &amp; blood pressure</h1>
        <p className="text-neutral-600">Your weekly check-in: a 45-second camera scan of your pulse, and your cuff reading if you have one.</p>
      </div>
      {status.submitted ? (
        <AlreadyDone title={WEEKLY_ALREADY_DONE} nextRefresh={status.next_refresh} />
      ) : (
        <WeeklyCheckin vendor={vitalsVendor()} />
      )}
    </main>
  );
}
