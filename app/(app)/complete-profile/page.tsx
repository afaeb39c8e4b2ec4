import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { CompleteProfileForm } from '@/components/profile/complete-profile-form';
import { Card } from '@/components/ui/card';
import { requireUser } from '@/lib/auth/sessions';
import { redirectHome } from '@/lib/onboarding/guard';
import { HEALTH_HISTORY_FIELDS, healthHistoryComplete } from '@/lib/profile/health-history';
import { getUserInfo } from '@/lib/profile/user-info';

export const metadata: Metadata = { title: 'Health history' };

type Props = { searchParams: Promise<{ edit?: string | string[] }> };

/**
 * SPEC §2 "Complete profile" (an older screen, the profile's 'Health history form'): a complete profile
 * goes to /dashboard at once, unless the profile page's Review asked to edit it (?edit=1).
 */
export default async function CompleteProfilePage({ searchParams }: Props) {
  const user = await requireUser();
  const info = await getUserInfo(user.id);
  const editing = (await searchParams).edit === '1';
  if (healthHistoryComplete(info) && !editing) await redirectHome(user.id);
  const initial = Object.fromEntries(HEALTH_HISTORY_FIELDS.map((field) => [field, String(info[field] ?? '')])) as Record<(typeof HEALTH_HISTORY_FIELDS)[number], string>;
  return (
    <PageShell title="Health history" back={{ href: '/profile', label: 'Back to my profile' }} intro="The more we know, the better your daily actions fit you.">
      <Card>
        <CompleteProfileForm initial={initial} />
      </Card>
    </PageShell>
  );
}
