import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { BackLink } from '@/components/back-link';
import { buttonClassName } from '@/components/ui/button-styles';
import { connectableWearables } from '@/lib/install-offers';
import { connectWords } from '@/lib/wearables/connect-words';

export const metadata: Metadata = { title: 'How Vitality works' };

type Step = { title: string; body: string; icon: ReactNode };

/** The pitch, with the Connect step in this install's words: a live link only where it offers one. */
const pitchSteps = (connect: string): Step[] => [
  {
    title: 'Track',
    body: 'A one-minute daily check-in on energy, mood, sleep and libido, plus a weekly pulse and blood-pressure scan with your camera.',
    icon: (
      <>
        <rect x="4" y="3" width="16" height="18" rx="2" />
        <path d="M8 8h8M8 12h5" />
        <path d="m8 16 1.5 1.5L13 14" />
      </>
    ),
  },
  {
    title: 'Connect',
    body: connect,
    icon: (
      <>
        <rect x="7" y="6" width="10" height="12" rx="3" />
        <path d="M9 6V3h6v3M9 18v3h6v-3" />
        <path d="M10 12h1l1-2 1 4 1-2" />
      </>
    ),
  },
  {
    title: 'Optimise',
    body: 'See your T-Score and pillar scores, and get four daily actions chosen to move them, so every week builds on the last.',
    icon: (
      <>
        <path d="M3 17 9 11l4 4 8-8" />
        <path d="M15 7h6v6" />
      </>
    ),
  },
];

export default function HowItWorksPage() {
  const steps = pitchSteps(connectWords(connectableWearables()).pitch);
  return (
    <div className="mx-auto w-full max-w-5xl px-8 py-12">
      <BackLink href="/" />
      <h1 className="mt-8 max-w-2xl text-4xl font-semibold tracking-tight text-neutral-950">
        Three steps to a healthier, longer life
      </h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-neutral-600">
        Vitality brings your check-ins, wearables and blood results together, and turns them into a plan you can act
        on.
      </p>

      <ol className="mt-12 grid grid-cols-3 gap-6">
        {steps.map((step, i) => (
          <li key={step.title}>
            <section
              aria-labelledby={`step-${step.title}`}
              className="h-full rounded-card border border-neutral-200 bg-white p-6 shadow-card"
            >
              <div className="flex items-center justify-between">
                <span className="inline-flex size-12 items-center justify-center rounded-control bg-brand-50 text-brand-700">
                  <svg
                    aria-hidden
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    className="size-6"
                  >
                    {step.icon}
                  </svg>
                </span>
                <span aria-hidden className="text-4xl font-semibold text-neutral-200 tabular-nums">
                  {i + 1}
                </span>
              </div>
              <h2 id={`step-${step.title}`} className="mt-5 text-xl font-semibold text-neutral-900">
                {step.title}
              </h2>
              <p className="mt-2 text-sm leading-relaxed text-neutral-600">{step.body}</p>
            </section>
          </li>
        ))}
      </ol>

      <div className="mt-12 flex justify-end">
        <Link href="/onboarding_3" className={buttonClassName({ size: 'lg', className: 'min-w-40' })}>
          Next
        </Link>
      </div>
    </div>
  );
}
