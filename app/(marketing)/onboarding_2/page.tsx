import type { Metadata } from 'next';
import Link from 'next/link';
import { BackLink } from '@/components/back-link';
import { StepCards, type Step } from '@/components/marketing/step-cards';
import { buttonClassName } from '@/components/ui/button-styles';
import { connectableWearables } from '@/lib/offers/install-offers';
import { connectWords } from '@/lib/wearables/connect-words';

export const metadata: Metadata = { title: 'How Vitality works' };

/** The pitch, with the Connect step in this install's words: a live link only where it offers one. */
const pitchSteps = (connect: string): Step[] => [
  { title: 'Track', body: 'A one-minute daily check-in on energy, mood, sleep and libido, plus a weekly pulse and blood-pressure scan with your camera.', icon: 'checklist' },
  { title: 'Connect', body: connect, icon: 'wearable' },
  { title: 'Optimise', body: 'See your T-Score and pillar scores, and get four daily actions chosen to move them, so every week builds on the last.', icon: 'trend' },
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

      <StepCards steps={steps} numbered />

      <div className="mt-12 flex justify-end">
        <Link href="/onboarding_3" className={buttonClassName({ size: 'lg', className: 'min-w-40' })}>
          Next
        </Link>
      </div>
    </div>
  );
}
