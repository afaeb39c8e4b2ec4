import type { Metadata } from 'next';
import { requireOnboardedUser } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function MainDashboardPage() {
  const user = await requireOnboardedUser();
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Welcome{user.firstName ? `, ${user.firstName}` : ''}</h1>
    </main>
  );
}
