import type { Metadata } from 'next';
import { PillarArticle } from '@/components/pillars/pillar-article';
import { getPillar } from '@/lib/pillars';

const pillar = getPillar('connect_and_lead');

export const metadata: Metadata = { title: pillar.title };

export default function ConnectAndLeadPage() {
  return <PillarArticle pillar={pillar} />;
}
