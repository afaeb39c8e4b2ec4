import type { Metadata } from 'next';
import { AuthHeading } from '@/components/auth/auth-heading';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { TextLink } from '@/components/auth/text-link';

export const metadata: Metadata = { title: 'Forgot password' };

export default function ForgotPasswordPage() {
  return (
    <>
      <AuthHeading title="Forgot your password?">
        Enter the e-mail you signed up with and we will send you a link to choose a new one.
      </AuthHeading>
      <ForgotPasswordForm />
      <p className="mt-8 text-center text-sm text-neutral-600">
        Remembered it? <TextLink href="/login">Back to login</TextLink>
      </p>
    </>
  );
}
