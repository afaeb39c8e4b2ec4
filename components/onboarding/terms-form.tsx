'use client';

import { useId, useState, type FormEvent } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { Button } from '@/components/ui/button';
import { DASHBOARD_PATH } from '@/lib/client/auth-state';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { TERMS_URL } from '@/lib/legal';
import { TERMS_MESSAGE, termsSchema } from '@/lib/validation/onboarding';
import { FieldError } from '@/components/ui/field-messages';

/** /onboarding_14: the required terms tick, then a full page load into the dashboard. */
export function TermsForm() {
  const [accepted, setAccepted] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = termsSchema.safeParse({ accepted });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? TERMS_MESSAGE);
      return;
    }
    setSaving(true);
    try {
      const result = await postJson('/api/assign-terms', parsed.data);
      if (result.ok) {
        // SPEC §2: a full load, so the dashboard's billing gate runs on a fresh page.
        window.location.assign(DASHBOARD_PATH);
        return;
      }
      setProblem(problemFrom(result, 'An error occurred while assigning terms. Please try again.'));
    } catch {
      setProblem({ title: 'An error occurred while accepting terms.' });
    }
    setSaving(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      <div className="flex flex-col gap-1.5">
        <label className="flex items-center gap-3 text-sm text-neutral-800">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              if (event.target.checked) setFieldError(null);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            className="size-4 shrink-0 rounded accent-brand-700"
          />
          <span>
            Agree to the{' '}
            <a
              href={TERMS_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-0.5 rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
            >
              Terms and Conditions
              <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
                <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.3a1 1 0 1 0 1.42 1.4L15 6.42V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
                <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
              </svg>
            </a>
          </span>
        </label>
        <FieldError id={errorId}>{fieldError}</FieldError>
      </div>
      <Button type="submit" size="lg" loading={saving} className="w-full">
        Start 30 day free trial
      </Button>
    </form>
  );
}
