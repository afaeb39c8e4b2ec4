'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { forgotPasswordSchema } from '@/lib/validation/auth';
import { ProblemAlert } from './problem-alert';

export function ForgotPasswordForm() {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setProblem(null);
    setSent(false);
    try {
      const result = await postJson('/api/forgot-password', { email });
      if (result.ok) setSent(true);
      else setProblem(problemFrom(result, 'Failed to send password reset link'));
    } catch {
      setProblem({ title: 'An error occurred while sending the reset link' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {sent ? <Alert variant="success">Password reset link sent to your email.</Alert> : null}
      <ProblemAlert problem={problem} />
      <Input
        label="E-mail"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" loading={isSubmitting} className="mt-1 w-full">
        Send reset link
      </Button>
    </form>
  );
}
