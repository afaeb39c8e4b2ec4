import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { PillarCarousel } from '@/components/pillars/pillar-carousel';
import { getSessionUser } from '@/lib/auth/sessions';
import { DASHBOARD_PATH } from '@/lib/routes';
import { sameSitePath } from '@/lib/same-site-path';

export const metadata: Metadata = { title: 'Longevity pillars' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Back returns to the opener's ?origin=, else the dashboard for a signed-in member, else the landing page. */
export default async function PillarsOverviewPage({ searchParams }: Props) {
  const backHref = sameSitePath((await searchParams).origin, (await getSessionUser()) ? DASHBOARD_PATH : '/');
  return (
    <div className="mx-auto w-full max-w-6xl px-8 py-12">
      <BackLink href={backHref}>Back</BackLink>
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
