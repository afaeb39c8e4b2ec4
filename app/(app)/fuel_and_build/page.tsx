import type { Metadata } from 'next';
import { PillarArticle } from '@/components/pillars/pillar-article';
import { getPillar } from '@/lib/pillars';

const pillar = getPillar('fuel_and_build');

export const metadata: Metadata = { title: pillar.title };

export default function FuelAndBuildPage() {
  return <PillarArticle pillar={pillar} />;
}
