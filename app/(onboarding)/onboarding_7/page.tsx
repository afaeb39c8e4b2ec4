import type { Metadata } from 'next';
import { StepShell } from '@/components/onboarding/step-shell';
import { WeightForm } from '@/components/onboarding/weight-form';
import { DEFAULT_CURRENT_WEIGHT_KG, DEFAULT_DESIRED_WEIGHT_KG } from '@/lib/onboarding/body-defaults';
import { guardOnboardingStep } from '@/lib/onboarding/guard';
import { unitsPreference } from '@/lib/profile/units-preference';

export const metadata: Metadata = { title: 'Weight' };

export default async function WeightPage() {
  const user = await guardOnboardingStep('weight');
  const { units_preference } = await unitsPreference(user.id);
  const savedKg = { current: user.currentWeightKg ?? DEFAULT_CURRENT_WEIGHT_KG, desired: user.desiredWeightKg ?? DEFAULT_DESIRED_WEIGHT_KG };
  return (
    <StepShell step="weight" title="What do you weigh?" subtitle="Your current weight, and the weight you would like to reach.">
      <WeightForm savedKg={savedKg} initialUnit={units_preference === 'ft/in/lbs' ? 'lbs' : 'kg'} />
    </StepShell>
  );
}
