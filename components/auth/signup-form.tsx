'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button-styles';
import { Input } from '@/components/ui/input';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { LOGIN_PATH } from '@/lib/routes';
import { signupFormSchema } from '@/lib/validation/auth';
import { PasswordInput } from './password-input';
import { ProblemAlert } from './problem-alert';
import { useRedirectAfter } from './use-redirect-after';

/** The older sign-up screen: e-mail and password only; the profile is filled in later. */
export function SignupForm() {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signupFormSchema), defaultValues: { email: '', password: '', repeatPassword: '' } });
  useRedirectAfter(done, LOGIN_PATH, 1500);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setProblem(null);
    try {
      const result = await postJson('/api/register', { email, password });
      if (result.ok) setDone(true);
      else setProblem(problemFrom(result, 'Signup failed'));
    } catch {
      setProblem({ title: 'An error occurred during signup' });
    }
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
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      <Input
        label="E-mail"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label="Repeat password"
        autoComplete="new-password"
        error={errors.repeatPassword?.message}
        {...register('repeatPassword')}
      />
      <Button type="submit" size="lg" loading={isSubmitting} className="mt-1 w-full">
        Sign up
      </Button>
    </form>
  );
}
