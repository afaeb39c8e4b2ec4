'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { completeSignIn } from '@/lib/client/auth-state';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { LOGIN_PATH } from '@/lib/routes';
import { onboardingSignupFormSchema, type OnboardingSignupForm as FormValues } from '@/lib/validation/auth';
import { PasswordInput } from './password-input';
import { ProblemAlert } from './problem-alert';
import { useRedirectAfter } from './use-redirect-after';

const EXISTING_ACCOUNT = 'An account with this email already exists. You will be redirected to the login page.';

/** /onboarding_3: creates the account with names, then a full page load into the dashboard. */
export function OnboardingSignupForm() {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(onboardingSignupFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', repeatPassword: '' },
  });
  useRedirectAfter(accountExists, LOGIN_PATH, 2000);
  // The schema reports blank fields on the whole form (path ['form']), which is not one of the fields.
  const formError = (errors as { form?: FieldError }).form?.message;

  const onSubmit = handleSubmit(async ({ firstName, lastName, email, password }) => {
    setProblem(null);
    try {
      const result = await postJson('/api/register', { firstName, lastName, email, password });
      if (result.ok) {
        setRedirecting(true);
        completeSignIn();
      } else if (result.message?.includes('User already exists')) {
        setAccountExists(true);
      } else {
        setProblem(problemFrom(result, 'Signup failed'));
      }
    } catch {
      setProblem({ title: 'An error occurred during signup' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {accountExists ? <Alert variant="warning">{EXISTING_ACCOUNT}</Alert> : null}
      <ProblemAlert problem={formError ? { title: formError } : problem} />
      <div className="grid grid-cols-2 gap-4">
        <Input label="First name" autoComplete="given-name" {...register('firstName')} />
        <Input label="Surname" autoComplete="family-name" {...register('lastName')} />
      </div>
      <Input label="E-mail" type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
      <PasswordInput label="Password" autoComplete="new-password" hint="At least 8 characters." {...register('password')} />
      <PasswordInput
        label="Repeat password"
        autoComplete="new-password"
        error={errors.repeatPassword?.message}
        {...register('repeatPassword')}
      />
      <Button
        type="submit"
        size="lg"
        loading={isSubmitting || redirecting}
        disabled={accountExists}
        className="mt-1 w-full"
      >
        Create account
      </Button>
    </form>
  );
}
