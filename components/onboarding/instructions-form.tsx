'use client';

import { useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { RequiredTick } from '@/components/forms/required-tick';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Button } from '@/components/ui/button';
import { instructionsReadSchema } from '@/lib/validation/onboarding';

/** /instructions (the older screen): the confirm-read tick, POST /api/instructions-read, then /dashboard. */
export function InstructionsForm() {
  const [read, setRead] = useState(false);
  const { form, submit, problem, saving } = useSubmitForm({
    schema: instructionsReadSchema,
    defaultValues: { read: false as true },
    values: { read: read as true },
    url: '/api/instructions-read',
    failed: 'Failed to confirm instructions. Please try again.',
    offline: 'An unexpected error occurred. Please try again.',
    success: { navigate: '/dashboard' },
  });
  const fieldError = form.formState.errors.read?.message ?? null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      <RequiredTick
        checked={read}
        onChange={(checked) => {
          setRead(checked);
          if (checked) form.clearErrors('read');
        }}
        error={fieldError}
      >
        I have read the instructions
      </RequiredTick>
      <Button type="submit" size="lg" loading={saving} className="w-full">
        Continue
      </Button>
    </form>
  );
}
