import type { Metadata } from 'next';
import { StepShell } from '@/components/onboarding/step-shell';
import { TrackChoice } from '@/components/onboarding/track-choice';
import { TRACK } from '@/lib/codecs';
import { kitsOffered } from '@/lib/offers/install-offers';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Choose your track' };

export default async function TrackPage() {
  const user = await guardOnboardingStep('track');
  const saved = TRACK.toLabel(user.track);
  return (
    <StepShell
      step="track"
      title="Choose your track"
      subtitle="Two tracks based on whether you need an initial blood test from us, or if you already have one yourself."
      width="lg"
    >
      <TrackChoice saved={saved} kits={kitsOffered()} />
    </StepShell>
  );
}
