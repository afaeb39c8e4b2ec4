'use client';

import { useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { RequiredTick } from '@/components/forms/required-tick';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { DASHBOARD_PATH } from '@/lib/routes';
import { termsSchema } from '@/lib/validation/onboarding';
import { ExternalLinkIcon } from '@/components/ui/external-link-icon';

/** /onboarding_14: the required terms tick, then a full page load into the dashboard (`billing`: a trial starts there). */
export function TermsForm({ termsUrl, billing }: { termsUrl: string; billing: boolean }) {
  const [accepted, setAccepted] = useState(false);
  const { form, submit, problem, saving } = useSubmitForm({
    schema: termsSchema,
    defaultValues: { accepted: false as true },
    values: { accepted: accepted as true },
    url: '/api/assign-terms',
    failed: 'An error occurred while assigning terms. Please try again.',
    offline: 'An error occurred while accepting terms.',
    // SPEC §2: a full load, so the dashboard's billing gate runs on a fresh page.
    success: { navigate: DASHBOARD_PATH, fullLoad: true },
  });
  const fieldError = form.formState.errors.accepted?.message ?? null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      <RequiredTick
        checked={accepted}
        onChange={(checked) => {
          setAccepted(checked);
          if (checked) form.clearErrors('accepted');
        }}
        error={fieldError}
      >
        <span>
          Agree to the{' '}
          <a
            href={termsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-0.5 rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
          >
            Terms and Conditions
            <ExternalLinkIcon className="size-3.5" />
          </a>
        </span>
      </RequiredTick>
      <SubmitButton size="lg" loading={saving} className="w-full">
        {billing ? 'Start 30 day free trial' : 'Open my dashboard'}
      </SubmitButton>
    </form>
  );
}
