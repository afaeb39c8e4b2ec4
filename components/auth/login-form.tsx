'use client';

import { useEffect, useRef } from 'react';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Button } from '@/components/ui/button';
import { completeSignIn, setAuthenticated } from '@/lib/client/auth-state';
import { postJson } from '@/lib/client/api-call';
import { loginSchema } from '@/lib/validation/auth';
import { EmailInput } from './email-input';
import { PasswordInput } from './password-input';
import { ProblemAlert } from './problem-alert';
import { TextLink } from './text-link';

export function LoginForm() {
  // The sign-out that opening /login starts; a login waits for it so its answer cannot clear the new cookie.
  const signOut = useRef<Promise<unknown>>(Promise.resolve());
  const { register, errors, submit, problem, saving } = useSubmitForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    url: '/api/login',
    failed: 'Login failed',
    offline: 'An error occurred during login',
    success: { run: completeSignIn, leaves: true },
    beforePost: () => signOut.current,
  });

  useEffect(() => {
    setAuthenticated(false);
    signOut.current = postJson('/api/logout').catch(() => undefined);
  }, []);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      <EmailInput error={errors.email?.message} {...register('email')} />
      <div className="flex flex-col gap-2">
        <PasswordInput label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        {/* After the field, not on its label's line: Tab goes from the e-mail straight to the password. */}
        <TextLink href="/forgot-password" className="self-end text-sm">
          Forgot password?
        </TextLink>
      </div>
      <Button type="submit" size="lg" loading={saving} className="mt-1 w-full">
        Login
      </Button>
    </form>
  );
}
