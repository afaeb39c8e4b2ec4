import type { Metadata } from 'next';
import { LocationForm } from '@/components/onboarding/location-form';
import { StepShell } from '@/components/onboarding/step-shell';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Your location' };

export default async function LocationStepPage() {
  const user = await guardOnboardingStep('location');
  return (
    <StepShell step="location" title="Where are you based?" subtitle="We use your location to make your plan fit where you live.">
      <LocationForm savedCountry={user.country ?? ''} savedCity={user.city ?? ''} />
    </StepShell>
  );
}
