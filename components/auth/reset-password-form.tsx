'use client';

import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { resetFormSchema } from '@/lib/validation/auth';
import { NewPasswordInputs } from './new-password-inputs';
import { ProblemAlert } from './problem-alert';
import { useDoneThenLogin } from './use-redirect-after';

export function ResetPasswordForm({ token }: { token: string }) {
  const [done, markDone] = useDoneThenLogin();
  const { register, errors, submit, problem, saving } = useSubmitForm({
    schema: resetFormSchema,
    defaultValues: { password: '', repeatPassword: '' },
    url: `/api/reset-password/${encodeURIComponent(token)}`,
    body: ({ password }) => ({ password }),
    failed: 'Password reset failed',
    offline: 'An error occurred during password reset',
    success: { run: markDone },
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      {done ? <Alert variant="success">Password has been reset successfully!</Alert> : null}
      <ProblemAlert problem={problem} />
      <fieldset disabled={done} className="flex flex-col gap-5">
        <NewPasswordInputs
          password={register('password')}
          repeat={register('repeatPassword')}
          errors={{ password: errors.password?.message, repeat: errors.repeatPassword?.message }}
          labels={{ password: 'New password', repeat: 'Repeat new password' }}
        />
      </fieldset>
      <SubmitButton size="lg" loading={saving} disabled={done} className="mt-1 w-full">
        Reset password
      </SubmitButton>
    </form>
  );
}
