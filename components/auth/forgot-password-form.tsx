'use client';

import { useState } from 'react';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { forgotPasswordSchema } from '@/lib/validation/auth';
import { EmailInput } from './email-input';
import { ProblemAlert } from './problem-alert';

export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const { register, errors, submit, problem, saving } = useSubmitForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    url: '/api/forgot-password',
    failed: 'Failed to send password reset link',
    offline: 'An error occurred while sending the reset link',
    success: { run: () => setSent(true) },
    beforePost: async () => setSent(false),
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      {sent ? <Alert variant="success">Password reset link sent to your email.</Alert> : null}
      <ProblemAlert problem={problem} />
      <EmailInput error={errors.email?.message} {...register('email')} />
      <SubmitButton size="lg" loading={saving} className="mt-1 w-full">
        Send reset link
      </SubmitButton>
    </form>
  );
}
