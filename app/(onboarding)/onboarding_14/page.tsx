import type { Metadata } from 'next';
import { StepShell } from '@/components/onboarding/step-shell';
import { TermsForm } from '@/components/onboarding/terms-form';
import { TrialPitch } from '@/components/onboarding/trial-pitch';
import { legalLinks } from '@/lib/legal';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Start your free trial' };

export default async function TermsPage() {
  await guardOnboardingStep('terms');
  return (
    <StepShell step="terms" title="Almost there!" subtitle="Start your 30-day free trial to unlock the full Vitality plan.">
      <div className="flex flex-col gap-8">
        <TrialPitch />
        <TermsForm termsUrl={legalLinks().terms} />
      </div>
    </StepShell>
  );
}
