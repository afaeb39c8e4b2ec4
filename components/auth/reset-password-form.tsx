'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { LOGIN_PATH } from '@/lib/routes';
import { resetFormSchema } from '@/lib/validation/auth';
import { PasswordInput } from './password-input';
import { ProblemAlert } from './problem-alert';
import { useRedirectAfter } from './use-redirect-after';

export function ResetPasswordForm({ token }: { token: string }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', repeatPassword: '' } });
  useRedirectAfter(done, LOGIN_PATH, 1500);

  const onSubmit = handleSubmit(async ({ password }) => {
    setProblem(null);
    try {
      const result = await postJson(`/api/reset-password/${encodeURIComponent(token)}`, { password });
      if (result.ok) setDone(true);
      else setProblem(problemFrom(result, 'Password reset failed'));
    } catch {
      setProblem({ title: 'An error occurred during password reset' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {done ? <Alert variant="success">Password has been reset successfully!</Alert> : null}
      <ProblemAlert problem={problem} />
      <fieldset disabled={done} className="flex flex-col gap-5">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Repeat new password"
          autoComplete="new-password"
          error={errors.repeatPassword?.message}
          {...register('repeatPassword')}
        />
      </fieldset>
      <Button type="submit" size="lg" loading={isSubmitting} disabled={done} className="mt-1 w-full">
        Reset password
      </Button>
    </form>
  );
}
