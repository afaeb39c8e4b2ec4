import type { Metadata } from 'next';
import { PillarArticle } from '@/components/pillars/pillar-article';
import { getPillar } from '@/lib/pillars';

const pillar = getPillar('recharge_and_strengthen');

export const metadata: Metadata = { title: pillar.title };

export default function RechargeAndStrengthenPage() {
  return <PillarArticle pillar={pillar} />;
}
