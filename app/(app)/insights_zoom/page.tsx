import type { Metadata } from 'next';
import Image from 'next/image';
import Link from 'next/link';
import { BackLink } from '@/components/back-link';
import { buttonClassName } from '@/components/ui/button-styles';
import { requireUser } from '@/lib/auth/sessions';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Magnesium night formula' };

const HOW_IT_FITS = [
  {
    heading: 'Magnesium in the evening',
    text: 'Magnesium plays a part in muscle relaxation and in calming the nervous system. Many men get less than they need from food, and for them an evening dose may make it a little easier to fall and stay asleep. The glycinate form is gentle on the stomach.',
  },
  {
    heading: 'Glycine for sleep quality',
    text: 'Glycine is an amino acid that helps lower core body temperature as you drift off. In small studies, people who took it before bed reported sleeping better and feeling less tired the next day.',
  },
  {
    heading: 'Why sleep matters for your plan',
    text: 'Most of your daily testosterone is released during sleep, and deep sleep is when muscles recover from training. Better nights support both, which is why sleep sits at the centre of Recharge & Strengthen.',
  },
] as const;

/** /insights_zoom: one supplement from the plan up close (SPEC §2 "Insights zoom"). */
export default async function InsightsZoomPage() {
  await requireUser();
  return (
    <main className="mx-auto w-full max-w-3xl px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>

      <article className="mt-6 rounded-card border border-neutral-200 bg-white shadow-card">
        <header className="flex items-center gap-8 p-8">
          <div className="shrink-0 rounded-card bg-brand-50 p-3">
            {/* Decorative: the product's name is the heading beside it. */}
            <Image src="/supplements/magnesium-night-formula.svg" alt="" width={160} height={160} preload />
          </div>
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Evening · Sleep and recovery</p>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-neutral-950">Magnesium night formula</h1>
            <p className="mt-3 leading-relaxed text-neutral-600">
              Magnesium glycinate, magnesium bound to the amino acid glycine, taken as part of your wind-down before
              bed.
            </p>
          </div>
        </header>

        <section aria-labelledby="how-it-fits" className="border-t border-neutral-100 px-8 py-6">
          <h2 id="how-it-fits" className="text-lg font-semibold text-neutral-900">
            How it fits your plan
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            {HOW_IT_FITS.map((item) => (
              <li key={item.heading} className="flex gap-3">
                <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-brand-500" />
                <div>
                  <h3 className="font-medium text-neutral-900">{item.heading}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-neutral-600">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-5 text-sm leading-relaxed text-neutral-600">
            It supports good sleep habits rather than replacing them: a regular bedtime, a cool dark room and no
            caffeine late in the day still matter most.
          </p>
        </section>

        <footer className="flex items-center justify-between gap-6 rounded-b-card border-t border-neutral-100 bg-neutral-50 px-8 py-5">
          <p className="max-w-md text-xs leading-relaxed text-neutral-600">
            General information, not medical advice. Check with your doctor first if you take prescription medication
            or have kidney problems.
          </p>
          <Link href="/onboarding_2" className={buttonClassName({ size: 'lg' })}>
            Buy Now
          </Link>
        </footer>
      </article>
    </main>
  );
}
