import type { Metadata } from 'next';
import { AuthHeading } from '@/components/auth/auth-heading';
import { SignupForm } from '@/components/auth/signup-form';
import { TextLink } from '@/components/auth/text-link';

export const metadata: Metadata = { title: 'Sign up' };

export default function SignupPage() {
  return (
    <>
      <AuthHeading title="Create your account">Start tracking what matters for your health.</AuthHeading>
      <SignupForm />
      <p className="mt-8 text-center text-sm text-neutral-600">
        Already have an account? <TextLink href="/login">Log in</TextLink>
      </p>
    </>
  );
}
