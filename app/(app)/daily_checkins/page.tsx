import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
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
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Daily check-in</h1>
      {status.submitted ? (
        <AlreadyDone title={CHECKIN_ALREADY_DONE} nextRefresh={status.next_refresh} />
      ) : (
        <CheckinFlow />
      )}
    </main>
  );
}
