import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { FaqTabs } from '@/components/help/faq-tabs';
import { requireUser } from '@/lib/auth/sessions';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Help' };

/** SPEC §2 "Help": FAQ tabs General questions, Account settings and Technical support, each with expandable questions. */
export default async function HelpPage() {
  await requireUser();
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Help</h1>
      <FaqTabs />
    </main>
  );
}
