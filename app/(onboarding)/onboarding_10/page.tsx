import type { Metadata } from 'next';
import { BiohackingForm } from '@/components/onboarding/biohacking-form';
import { StepShell } from '@/components/onboarding/step-shell';
import { BIOHACKING_EXPERIENCE } from '@/lib/codecs';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Biohacking experience' };

export default async function BiohackingExperiencePage() {
  const user = await guardOnboardingStep('biohacking-experience');
  const saved = BIOHACKING_EXPERIENCE.toLabel(user.biohackingExperience);
  return (
    <StepShell step="biohacking-experience" title="How far along are you with biohacking?" subtitle="We use this to pitch your daily actions at the right level." width="lg">
      <BiohackingForm initial={saved} />
    </StepShell>
  );
}
