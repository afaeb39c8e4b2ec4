import type { Metadata } from 'next';
import { connection } from 'next/server';
import { AuthHeading } from '@/components/auth/auth-heading';
import { LoginForm } from '@/components/auth/login-form';
import { SocialSignIn } from '@/components/auth/social-sign-in';
import { TextDivider } from '@/components/auth/text-divider';
import { TextLink } from '@/components/auth/text-link';
import { socialSignInConfig } from '@/lib/auth/social-config';

export const metadata: Metadata = { title: 'Log in' };

export default async function LoginPage() {
  // Rendered per request, so the sign-in providers follow this server's environment, not the build's.
  await connection();
  return (
    <>
      <AuthHeading title="Welcome back!">Glad to see you again!</AuthHeading>
      <div className="flex flex-col gap-6">
        <SocialSignIn {...socialSignInConfig()} />
        <TextDivider>or login with</TextDivider>
        <LoginForm />
      </div>
      <p className="mt-8 text-center text-sm text-neutral-600">
        Don&apos;t have an account? <TextLink href="/">Sign up</TextLink>
      </p>
    </>
  );
}
