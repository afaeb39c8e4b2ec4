import type { Metadata } from 'next';
import { StepShell } from '@/components/onboarding/step-shell';
import { VitalSignsStep } from '@/components/onboarding/vital-signs-step';
import { guardOnboardingStep } from '@/lib/onboarding/guard';
import { stepPath } from '@/lib/routes';
import { vitalsVendor } from '@/lib/scans/vendor-sdk';

export const metadata: Metadata = { title: 'Vital-signs measurement' };

/** SPEC §2 /onboarding_9: the live camera measurement; back goes to the tutorial (/onboarding_8, a full page load). */
export default async function VitalSignsMeasurementPage() {
  await guardOnboardingStep('vital-signs-measurement');
  return (
    <StepShell step="vital-signs-measurement" title="Measure your vital signs" subtitle="Face the camera in even light and stay still for 45 seconds." backHref={stepPath('vital-signs-tutorial')} reloadOnBack>
      <VitalSignsStep vendor={vitalsVendor()} />
    </StepShell>
  );
}
