import type { Metadata } from 'next';
import { HeightForm } from '@/components/onboarding/height-form';
import { StepShell } from '@/components/onboarding/step-shell';
import { DEFAULT_HEIGHT_CM } from '@/lib/onboarding/body-defaults';
import { guardOnboardingStep } from '@/lib/onboarding/guard';
import { unitsPreference } from '@/lib/profile/units-preference';

export const metadata: Metadata = { title: 'Height' };

export default async function HeightPage() {
  const user = await guardOnboardingStep('height');
  const { units_preference } = await unitsPreference(user.id);
  return (
    <StepShell step="height" title="How tall are you?" subtitle="Enter your height in centimetres, or in feet and inches.">
      <HeightForm savedCm={user.heightCm ?? DEFAULT_HEIGHT_CM} initialUnit={units_preference === 'ft/in/lbs' ? 'ft/in' : 'cm'} />
    </StepShell>
  );
}
