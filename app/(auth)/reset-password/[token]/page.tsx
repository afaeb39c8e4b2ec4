import type { Metadata } from 'next';
import { AuthHeading } from '@/components/auth/auth-heading';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { TextLink } from '@/components/auth/text-link';

export const metadata: Metadata = {
  title: 'Reset password',
  // The token is a secret: keep it out of Referer headers sent to other sites.
  referrer: 'no-referrer',
  robots: { index: false },
};

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <>
      <AuthHeading title="Choose a new password">Enter it twice to make sure it is right.</AuthHeading>
      <ResetPasswordForm token={token} />
      <p className="mt-8 text-center text-sm text-neutral-600">
        <TextLink href="/login">Back to login</TextLink>
      </p>
    </>
  );
}
