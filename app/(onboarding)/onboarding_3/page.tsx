import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { OnboardingSignupForm } from '@/components/auth/onboarding-signup-form';
import { SocialSignIn } from '@/components/auth/social-sign-in';
import { TextDivider } from '@/components/auth/text-divider';
import { TextLink } from '@/components/auth/text-link';
import { ProgressBar } from '@/components/ui/progress-bar';
import { socialSignInConfig } from '@/lib/auth/social-config';
import { ONBOARDING_STEPS, stepNumber, stepPath } from '@/lib/onboarding/steps';

export const metadata: Metadata = { title: 'Create your account' };

export default async function CreateAccountPage() {
  // Rendered per request, so the sign-in providers follow this server's environment, not the build's.
  await connection();
  const step = stepNumber('account');
  const total = ONBOARDING_STEPS.length;

  return (
    <div className="mx-auto w-full max-w-xl px-8 pt-8 pb-16">
      <div className="flex items-center gap-5">
        <Link
          href={stepPath('how-it-works')}
          aria-label="Back"
          className="flex size-10 shrink-0 items-center justify-center rounded-control border border-neutral-200 bg-white text-neutral-600 shadow-sm transition-colors hover:bg-neutral-50 hover:text-neutral-900"
        >
          <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path
              fillRule="evenodd"
              clipRule="evenodd"
              d="M17 10a.75.75 0 0 1-.75.75H5.66l3.62 3.72a.75.75 0 1 1-1.08 1.04l-4.9-5a.75.75 0 0 1 0-1.04l4.9-5a.75.75 0 1 1 1.08 1.04L5.66 9.25h10.59A.75.75 0 0 1 17 10Z"
            />
          </svg>
        </Link>
        <ProgressBar
          value={step}
          max={total}
          label={`Step ${step} of ${total}`}
          valueText={`Step ${step} of ${total}`}
          className="flex-1"
        />
      </div>

      <div className="mt-8 rounded-card border border-neutral-200 bg-white p-8 shadow-card">
        <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Create your account</h1>
        <p className="mt-2 text-base text-neutral-600">
          It takes a minute. The rest of your profile comes next.
        </p>
        <div className="mt-8 flex flex-col gap-6">
          <SocialSignIn {...socialSignInConfig()} />
          <TextDivider>or sign up with e-mail</TextDivider>
          <OnboardingSignupForm />
        </div>
      </div>

      <p className="mt-6 text-center text-sm text-neutral-600">
        Already have an account? <TextLink href="/login">Log in</TextLink>
      </p>
    </div>
  );
}
