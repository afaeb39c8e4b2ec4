import type { Metadata } from 'next';
import { PillarArticle } from '@/components/pillars/pillar-article';
import { getPillar } from '@/lib/pillars';

const pillar = getPillar('master_your_mind');

export const metadata: Metadata = { title: pillar.title };

export default function MasterYourMindPage() {
  return <PillarArticle pillar={pillar} />;
}
