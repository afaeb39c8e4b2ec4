'use client';

import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { completeSignIn } from '@/lib/client/auth-state';
import { LOGIN_PATH } from '@/lib/routes';
import { onboardingSignupFormSchema } from '@/lib/validation/auth';
import { EmailInput } from './email-input';
import { NewPasswordInputs } from './new-password-inputs';
import { ProblemAlert } from './problem-alert';
import { browserTimeZone } from '@/lib/client/time-zone';
import { useRedirectAfter } from './use-redirect-after';

const EXISTING_ACCOUNT = 'An account with this email already exists. You will be redirected to the login page.';

/** /onboarding_3: creates the account with names, then a full page load into the dashboard. */
export function OnboardingSignupForm() {
  const [accountExists, setAccountExists] = useState(false);
  const { register, errors, submit, problem, saving } = useSubmitForm({
    schema: onboardingSignupFormSchema,
    defaultValues: { firstName: '', lastName: '', email: '', password: '', repeatPassword: '' },
    url: '/api/register',
    body: ({ firstName, lastName, email, password }) => ({ firstName, lastName, email, password, timeZone: browserTimeZone() }),
    failed: 'Signup failed',
    offline: 'An error occurred during signup',
    success: { run: completeSignIn, leaves: true },
    onRefused: (result) => {
      if (!result.message?.includes('User already exists')) return false;
      setAccountExists(true);
      return true;
    },
  });
  useRedirectAfter(accountExists, LOGIN_PATH, 2000);
  // The schema reports blank fields on the whole form (path ['form']), which is not one of the fields.
  const formError = (errors as { form?: FieldError }).form?.message;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      {accountExists ? <Alert variant="warning">{EXISTING_ACCOUNT}</Alert> : null}
      <ProblemAlert problem={formError ? { title: formError } : problem} />
      <div className="grid grid-cols-2 gap-4">
        <Input label="First name" autoComplete="given-name" {...register('firstName')} />
        <Input label="Surname" autoComplete="family-name" {...register('lastName')} />
      </div>
      <EmailInput {...register('email')} />
      <NewPasswordInputs password={register('password')} repeat={register('repeatPassword')} errors={{ repeat: errors.repeatPassword?.message }} />
      <SubmitButton
        size="lg"
        loading={saving}
        disabled={accountExists}
        className="mt-1 w-full"
      >
        Create account
      </SubmitButton>
    </form>
  );
}
