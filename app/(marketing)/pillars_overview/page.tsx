import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { PillarCarousel } from '@/components/pillars/pillar-carousel';

export const metadata: Metadata = { title: 'Longevity pillars' };

export default function PillarsOverviewPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-8 py-12">
      <BackLink href="/">Back</BackLink>
      <h1 className="mt-6 text-4xl font-semibold tracking-tight text-neutral-950">Longevity pillars</h1>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-neutral-600">
        Four areas of daily life do most of the work in how well you age and how your hormones behave. Vitality
        scores each one and suggests what to work on next.
      </p>
      <div className="mt-10">
        <PillarCarousel />
      </div>
    </div>
  );
}
