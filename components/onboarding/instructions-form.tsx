'use client';

import { useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { RequiredTick } from '@/components/forms/required-tick';
import { usePost } from '@/components/forms/use-post';
import { SubmitButton } from '@/components/forms/submit-button';
import { INSTRUCTIONS_MESSAGE } from '@/lib/validation/older-screens';

/** /instructions (the older screen): the confirm-read tick, POST /api/instructions-read, then /dashboard. */
export function InstructionsForm() {
  const [read, setRead] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { send, problem, setProblem, saving } = usePost<{ read: true }>({
    url: '/api/instructions-read',
    failed: 'Failed to confirm instructions. Please try again.',
    offline: 'An unexpected error occurred. Please try again.',
    success: { navigate: '/dashboard' },
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // One tick to check: the server's schema (instructionsReadSchema) checks it again.
        if (!read) {
          setProblem(null);
          setFieldError(INSTRUCTIONS_MESSAGE);
          return;
        }
        void send({ read });
      }}
      noValidate
      className="flex flex-col gap-5"
    >
      <ProblemAlert problem={problem} />
      <RequiredTick
        checked={read}
        onChange={(checked) => {
          setRead(checked);
          if (checked) setFieldError(null);
        }}
        error={fieldError}
      >
        I have read the instructions
      </RequiredTick>
      <SubmitButton size="lg" loading={saving} className="w-full">
        Continue
      </SubmitButton>
    </form>
  );
}
