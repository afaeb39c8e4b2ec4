import type { Metadata } from 'next';
import { connection } from 'next/server';
import { OnboardingSignupForm } from '@/components/auth/onboarding-signup-form';
import { SocialSignInSection } from '@/components/auth/social-sign-in-section';
import { TextLink } from '@/components/auth/text-link';
import { StepShell } from '@/components/onboarding/step-shell';

export const metadata: Metadata = { title: 'Create your account' };

export default async function CreateAccountPage() {
  // Rendered per request, so the sign-in providers follow this server's environment, not the build's.
  await connection();
  return (
    <>
      <StepShell step="account" title="Create your account" subtitle="It takes a minute. The rest of your profile comes next.">
        <div className="flex flex-col gap-6">
          <SocialSignInSection divider="or sign up with e-mail" />
          <OnboardingSignupForm />
        </div>
      </StepShell>
      <p className="-mt-10 pb-16 text-center text-sm text-neutral-600">
        Already have an account? <TextLink href="/login">Log in</TextLink>
      </p>
    </>
  );
}
