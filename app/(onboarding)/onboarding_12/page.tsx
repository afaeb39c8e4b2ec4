import type { Metadata } from 'next';
import { ImportHistory } from '@/components/devices/import-history';
import { DevicesStep } from '@/components/onboarding/devices-step';
import { StepShell } from '@/components/onboarding/step-shell';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Connect a wearable' };

export default async function DevicesPage() {
  await guardOnboardingStep('devices');
  return (
    <StepShell step="devices" title="Got a wearable device?" subtitle="Connect it now for better insights">
      <DevicesStep importCard={<ImportHistory initial={[]} load />} />
    </StepShell>
  );
}
