import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { ReflectionChat } from '@/components/checkin/reflection-chat';
import { Card } from '@/components/ui/card';
import { requireSubscribedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Daily Reflection' };

/** SPEC §2 "Chat": today's reflection on its own; it opens with today's check-in when there is one. */
export default async function ChatPage() {
  await requireSubscribedUser();
  return (
    <PageShell title="Daily Reflection" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}>
      <Card>
        <ReflectionChat />
      </Card>
    </PageShell>
  );
}
