'use client';

import Link from 'next/link';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { buttonClassName } from '@/components/ui/button-styles';
import { LOGIN_PATH } from '@/lib/routes';
import { signupFormSchema } from '@/lib/validation/auth';
import { EmailInput } from './email-input';
import { NewPasswordInputs } from './new-password-inputs';
import { ProblemAlert } from './problem-alert';
import { useDoneThenLogin } from './use-redirect-after';
import { browserTimeZone } from '@/lib/client/time-zone';

/** The older sign-up screen: e-mail and password only; the profile is filled in later. */
export function SignupForm() {
  const [done, markDone] = useDoneThenLogin();
  const { register, errors, submit, problem, saving } = useSubmitForm({
    schema: signupFormSchema,
    defaultValues: { email: '', password: '', repeatPassword: '' },
    url: '/api/register',
    body: ({ email, password }) => ({ email, password, timeZone: browserTimeZone() }),
    failed: 'Signup failed',
    offline: 'An error occurred during signup',
    success: { run: markDone },
  });

  if (done) {
    return (
      <div className="flex flex-col gap-5">
        <Alert variant="success">Signup successful! You can now log in.</Alert>
        <Link href={LOGIN_PATH} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
          Go to login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      <EmailInput error={errors.email?.message} {...register('email')} />
      <NewPasswordInputs
        password={register('password')}
        repeat={register('repeatPassword')}
        errors={{ password: errors.password?.message, repeat: errors.repeatPassword?.message }}
      />
      <SubmitButton size="lg" loading={saving} className="mt-1 w-full">
        Sign up
      </SubmitButton>
    </form>
  );
}
