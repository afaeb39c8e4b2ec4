import type { Metadata } from 'next';
import { StepShell } from '@/components/onboarding/step-shell';
import { TermsForm } from '@/components/onboarding/terms-form';
import { TrialPitch } from '@/components/onboarding/trial-pitch';
import { billingEnabled } from '@/lib/billing/stripe';
import { legalLinks } from '@/lib/legal';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export function generateMetadata(): Metadata {
  return { title: billingEnabled() ? 'Start your free trial' : 'Open your dashboard' };
}

/** SPEC's free-trial pitch where billing is on; where it is off, nothing is sold: the terms open the dashboard. */
export default async function TermsPage() {
  await guardOnboardingStep('terms');
  const billing = billingEnabled();
  return (
    <StepShell step="terms" title="Almost there!" subtitle={billing ? 'Start your 30-day free trial to unlock the full Vitality plan.' : 'Agree to the terms to open the full Vitality plan.'}>
      <div className="flex flex-col gap-8">
        <TrialPitch billing={billing} />
        <TermsForm termsUrl={legalLinks().terms} billing={billing} />
      </div>
    </StepShell>
  );
}
