import type { Metadata } from 'next';
import { ImportHistory } from '@/components/devices/import-history';
import { DevicesStep } from '@/components/onboarding/devices-step';
import { StepShell } from '@/components/onboarding/step-shell';
import { connectableWearables } from '@/lib/offers/install-offers';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Connect a wearable' };

export default async function DevicesPage() {
  await guardOnboardingStep('devices');
  // SPEC's words where a wearable can be connected; without one, the import the step offers instead.
  const importOnly = connectableWearables().length === 0;
  return (
    <StepShell step="devices" title="Got a wearable device?" subtitle={importOnly ? 'Import its history now for better insights' : 'Connect it now for better insights'}>
      <DevicesStep importCard={<ImportHistory initial={[]} load />} importOnly={importOnly} />
    </StepShell>
  );
}
