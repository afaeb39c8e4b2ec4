'use client';

import { useId, useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { cx } from '@/components/ui/cx';
import { BIOHACKING_EXPERIENCE, type LabelOf } from '@/lib/codecs';
import { stepPath } from '@/lib/routes';
import { biohackingSchema } from '@/lib/validation/onboarding';

type Label = LabelOf<typeof BIOHACKING_EXPERIENCE>;

const DESCRIPTIONS: Record<Label, string> = {
  'Just getting started': 'New to biohacking and curious where to begin.',
  'Becoming aware': 'I track a few things and I’m learning what affects them.',
  'Taking action': 'I already use routines, supplements or wearables to improve my health.',
  'Medically managed': 'A doctor oversees my hormones or health, for example with TRT.',
};

/** /onboarding_10: one of four experience levels, saved by its label. */
export function BiohackingForm({ initial }: { initial: Label | null }) {
  const [choice, setChoice] = useState<Label | null>(initial);
  const { submit, problem, saving } = useSubmitForm({
    schema: biohackingSchema,
    defaultValues: { biohacking_experience: choice ?? '' },
    values: { biohacking_experience: choice ?? '' },
    url: '/api/update_biohacking_experience',
    failed: 'Failed to update biohacking experience',
    offline: 'An error occurred while updating your biohacking experience',
    // Stays busy until the next step has loaded.
    success: { navigate: stepPath('health-goals') },
    invalidAsProblem: true,
  });
  const id = useId();

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <fieldset>
        <legend className="sr-only">Your biohacking experience</legend>
        <div className="grid grid-cols-2 gap-4">
          {BIOHACKING_EXPERIENCE.labels.map((label, level) => (
            <label
              key={label}
              className={cx(
                'flex cursor-pointer flex-col gap-3 rounded-card border bg-white p-5 transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                choice === label ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-neutral-200 hover:border-neutral-300 hover:bg-neutral-50',
              )}
            >
              <span className="flex items-center justify-between">
                {/* Four bars, one more filled at each level. */}
                <span aria-hidden className="flex items-end gap-1">
                  {BIOHACKING_EXPERIENCE.labels.map((bar, i) => (
                    <span key={bar} className={cx('w-1.5 rounded-full', i <= level ? 'bg-brand-600' : 'bg-neutral-200')} style={{ height: `${8 + i * 4}px` }} />
                  ))}
                </span>
                <input
                  type="radio"
                  name="biohacking_experience"
                  value={label}
                  checked={choice === label}
                  onChange={() => setChoice(label)}
                  aria-labelledby={`${id}-${level}`}
                  aria-describedby={`${id}-${level}-description`}
                  className="size-4 accent-brand-700 focus-visible:outline-none"
                />
              </span>
              <span>
                <span id={`${id}-${level}`} className="block text-base font-semibold text-neutral-900">
                  {label}
                </span>
                <span id={`${id}-${level}-description`} className="mt-1 block text-sm leading-relaxed text-neutral-600">
                  {DESCRIPTIONS[label]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <SubmitButton size="lg" disabled={!choice} loading={saving}>
          Next
        </SubmitButton>
      </div>
    </form>
  );
}
