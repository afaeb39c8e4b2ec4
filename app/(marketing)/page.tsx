import type { Metadata } from 'next';
import Link from 'next/link';
import { StepCards, type Step } from '@/components/marketing/step-cards';
import { buttonClassName } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { connectableWearables } from '@/lib/offers/install-offers';
import { connectWords } from '@/lib/wearables/connect-words';

export const metadata: Metadata = {
  // Absolute so the home page is not rendered as "Vitality · Vitality".
  title: { absolute: 'Vitality · Longevity and testosterone health for men' },
};

/** The features, with Connect in this install's words: a live link only where it offers one. */
const featureList = (connect: string): Step[] => [
  { title: 'Track', body: 'Log energy, sleep, libido, mood and training in a one-minute daily check-in, and see how they move together.', icon: 'pulse' },
  { title: 'Connect', body: connect, icon: 'link' },
  { title: 'Optimise', body: 'Get clear scores and a short list of evidence-based habits to work on next, so every week builds on the last.', icon: 'trend' },
];

const previewMetrics = [
  { label: 'Sleep quality', value: 82 },
  { label: 'Recovery', value: 74 },
  { label: 'Training load', value: 61 },
  { label: 'Hormone-supporting habits', value: 88 },
];

export default function HomePage() {
  const features = featureList(connectWords(connectableWearables()).feature);
  return (
    <>
      <section className="relative overflow-hidden">
        {/* Soft brand glow behind the hero; purely decorative. */}
        <div
          aria-hidden
          className="pointer-events-none absolute -top-48 right-[-12rem] size-[44rem] bg-[radial-gradient(closest-side,var(--color-brand-100),transparent)]"
        />
        <div className="relative mx-auto grid w-full max-w-6xl grid-cols-[1.1fr_1fr] items-center gap-16 px-8 py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
              <span aria-hidden className="size-1.5 rounded-full bg-brand-500" />
              Vitality for men
            </p>
            <h1 className="mt-6 text-5xl leading-[1.08] font-semibold tracking-tight text-neutral-950">
              Track and improve your longevity and testosterone health.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-neutral-600">
              Vitality turns daily check-ins and wearable data into a clear picture of how you are ageing, and
              what to do about it, one habit at a time.
            </p>
            <div className="mt-10 flex items-center gap-3">
              <Link href="/onboarding_1" className={buttonClassName({ size: 'lg' })}>
                Get started
              </Link>
              <a href="#features" className={buttonClassName({ variant: 'ghost', size: 'lg' })}>
                How it works
              </a>
            </div>
            <p className="mt-4 text-sm text-neutral-500">Takes about five minutes to set up.</p>
          </div>

          {/* An illustrative dashboard, hidden from assistive tech because its numbers are not real. */}
          <div aria-hidden className="relative">
            <Card
              title="This week"
              titleAs="h3"
              header={<span className="text-xs font-medium text-neutral-500">Sample data</span>}
              className="shadow-xl shadow-brand-900/5"
            >
              <div className="flex items-end gap-3">
                <span className="text-6xl font-semibold tracking-tight text-brand-700 tabular-nums">78</span>
                <span className="pb-2 text-sm text-neutral-500">
                  T-Score
                  <br />
                  <span className="font-medium text-brand-700">+6 vs last week</span>
                </span>
              </div>
              <div className="mt-6 flex flex-col gap-4">
                {previewMetrics.map((metric) => (
                  <ProgressBar key={metric.label} label={metric.label} value={metric.value} showValue />
                ))}
              </div>
            </Card>
          </div>
        </div>
      </section>

      <section id="features" aria-labelledby="features-heading" className="border-t border-neutral-100 bg-neutral-50">
        <div className="mx-auto w-full max-w-6xl px-8 py-24">
          <h2 id="features-heading" className="max-w-2xl text-3xl font-semibold tracking-tight text-neutral-950">
            Everything you need to understand your body, and to change it.
          </h2>
          <StepCards steps={features} />
        </div>
      </section>
    </>
  );
}
