import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { ReflectionChat } from '@/components/checkin/reflection-chat';
import { Card } from '@/components/ui/card';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Daily Reflection' };

/** SPEC §2 "Chat": today's reflection on its own; it opens with today's check-in when there is one. */
export default async function ChatPage() {
  await requireSubscribedUser();
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Daily Reflection</h1>
      <Card>
        <ReflectionChat />
      </Card>
    </main>
  );
}
