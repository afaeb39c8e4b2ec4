import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { requireUser } from '@/lib/auth/sessions';
import { db } from '@/lib/db';
import { firstMissingStep, GATE_SELECT } from '@/lib/onboarding/gate';
import { stepPath } from '@/lib/onboarding/steps';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function MainDashboardPage() {
  const user = await requireUser();
  // The same gate as the onboarding steps: an unfinished onboarding resumes at its first missing step.
  const missing = firstMissingStep(await db.user.findUniqueOrThrow({ where: { id: user.id }, select: GATE_SELECT }));
  if (missing) redirect(stepPath(missing));
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Welcome{user.firstName ? `, ${user.firstName}` : ''}</h1>
    </main>
  );
}
