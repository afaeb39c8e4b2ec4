import type { Metadata } from 'next';
import { PillarArticle } from '@/components/pillars/pillar-article';
import { requireUser } from '@/lib/auth/sessions';
import { getPillar } from '@/lib/pillars';

const pillar = getPillar('connect_and_lead');

export const metadata: Metadata = { title: pillar.title };

export default async function ConnectAndLeadPage() {
  await requireUser();
  return <PillarArticle pillar={pillar} />;
}
