import type { Metadata } from 'next';
import { StepShell } from '@/components/onboarding/step-shell';
import { VitalSignsTutorial } from '@/components/onboarding/vital-signs-tutorial';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'How the vital-signs scan works' };

export default async function VitalSignsTutorialPage() {
  await guardOnboardingStep('vital-signs-tutorial');
  return (
    <StepShell step="vital-signs-tutorial" title="How the vital-signs scan works" subtitle="Next, your camera takes a quick reading of your vital signs. Here is how to get a good one." width="lg">
      <VitalSignsTutorial />
    </StepShell>
  );
}
