import type { Metadata } from 'next';
import { BiohackingForm } from '@/components/onboarding/biohacking-form';
import { StepShell } from '@/components/onboarding/step-shell';
import { biohackingToLabel } from '@/lib/onboarding/biohacking';
import { guardOnboardingStep } from '@/lib/onboarding/guard';
import type { BiohackingExperience } from '@/lib/generated/prisma/enums';

export const metadata: Metadata = { title: 'Biohacking experience' };

export default async function BiohackingExperiencePage() {
  const user = await guardOnboardingStep('biohacking-experience');
  // The gate reads the column as a string; it holds a BiohackingExperience value or null.
  const saved = biohackingToLabel(user.biohackingExperience as BiohackingExperience | null);
  return (
    <StepShell step="biohacking-experience" title="How far along are you with biohacking?" subtitle="We use this to pitch your daily actions at the right level." width="lg">
      <BiohackingForm initial={saved} />
    </StepShell>
  );
}
