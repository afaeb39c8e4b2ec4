import type { Metadata } from 'next';
import { PillarArticle } from '@/components/pillars/pillar-article';
import { requireUser } from '@/lib/auth/sessions';
import { getPillar } from '@/lib/pillars';

const pillar = getPillar('master_your_mind');

export const metadata: Metadata = { title: pillar.title };

export default async function MasterYourMindPage() {
  await requireUser();
  return <PillarArticle pillar={pillar} />;
}
