'use client';

import { useId, useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-messages';
import { instructionsReadSchema } from '@/lib/validation/onboarding';

/** /instructions (the older screen): the confirm-read tick, POST /api/instructions-read, then /dashboard. */
export function InstructionsForm() {
  const [read, setRead] = useState(false);
  const errorId = useId();
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
      <div className="flex flex-col gap-1.5">
        <label className="flex items-center gap-3 text-sm text-neutral-800">
          <input
            type="checkbox"
            checked={read}
            onChange={(event) => {
              setRead(event.target.checked);
              if (event.target.checked) form.clearErrors('read');
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            className="size-4 shrink-0 rounded accent-brand-700"
          />
          I have read the instructions
        </label>
        <FieldError id={errorId}>{fieldError}</FieldError>
      </div>
      <Button type="submit" size="lg" loading={saving} className="w-full">
        Continue
      </Button>
    </form>
  );
}
