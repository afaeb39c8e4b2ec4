import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { requireUser } from '@/lib/auth/sessions';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Refer a friend' };

/** SPEC §2 "Refer a friend": only 'Coming soon...'. */
export default async function ReferAFriendPage() {
  await requireUser();
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Refer a friend</h1>
      <p className="text-lg text-neutral-700">Coming soon...</p>
    </main>
  );
}
