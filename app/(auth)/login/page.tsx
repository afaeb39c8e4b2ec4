import type { Metadata } from 'next';
import { AuthHeading } from '@/components/auth/auth-heading';
import { LoginForm } from '@/components/auth/login-form';
import { SocialSignInSection } from '@/components/auth/social-sign-in-section';
import { TextLink } from '@/components/auth/text-link';
import { Alert } from '@/components/ui/alert';
import { getSessionUser } from '@/lib/auth/sessions';
import { relyingParty } from '@/lib/auth/webauthn';
import { redirectHome } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Log in' };

type Props = { searchParams: Promise<{ account?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  // Already signed in: go on to the dashboard (or where onboarding resumes) instead of a form that would end the session.
  const user = await getSessionUser();
  if (user) await redirectHome(user.id);
  // Settings → Delete account lands here (SPEC §8's text, then /login).
  const deleted = (await searchParams).account === 'deleted';
  return (
    <>
      {deleted ? (
        <Alert variant="success" className="mb-6">
          Your account has been deleted successfully.
        </Alert>
      ) : null}
      {/* After a deletion there is nobody to welcome back: the page offers another account or a fresh start. */}
      {deleted ? <AuthHeading title="Log in">With another account, or sign up to start again.</AuthHeading> : <AuthHeading title="Welcome back!">Glad to see you again!</AuthHeading>}
      <div className="flex flex-col gap-6">
        <SocialSignInSection divider="or login with" />
        <LoginForm passkeys={relyingParty() !== null} />
      </div>
      <p className="mt-8 text-center text-sm text-neutral-600">
        Don&apos;t have an account? <TextLink href="/">Sign up</TextLink>
      </p>
    </>
  );
}
