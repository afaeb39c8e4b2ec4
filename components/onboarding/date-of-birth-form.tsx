'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { FieldError } from '@/components/ui/field-messages';
import { Select, type SelectOption } from '@/components/ui/select';
import { birthYears, MONTH_NAMES, twoDigits } from '@/lib/onboarding/birth-date';
import { dayCount, DOB_REQUIRED_MESSAGE, draftFromSaved, draftToIso, missingParts, withPart, type BirthDateDraft } from '@/lib/onboarding/birth-date-draft';
import { stepPath } from '@/lib/routes';
import { dobSchema } from '@/lib/validation/onboarding';

const YEAR_OPTIONS: SelectOption[] = birthYears().map((year) => ({ value: String(year), label: String(year) }));
const MONTH_OPTIONS: SelectOption[] = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

type Part = keyof BirthDateDraft;
const PARTS: readonly Part[] = ['year', 'month', 'day'];

/**
 * /onboarding_4: day, month and year selects, empty until the member chooses (or showing the saved
 * date); the days follow the month and year.
 */
export function DateOfBirthForm({ saved }: { saved: string | null }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [date, setDate] = useState<BirthDateDraft>(() => draftFromSaved(saved));
  const [missing, setMissing] = useState<Part[]>([]);
  // A choice made while the page was still loading moved the browser's select only: the state takes it.
  useEffect(() => {
    const chosen = (part: Part) => (document.getElementById(`${id}-${part}`) as HTMLSelectElement | null)?.value ?? '';
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, on mount: the DOM is the outside system here
    setDate((draft) => PARTS.reduce((next, part) => (chosen(part) && !draft[part] ? withPart(next, part, chosen(part)) : next), draft));
  }, [id]);
  const isoDate = draftToIso(date);
  const { submit, problem, setProblem, saving } = useSubmitForm({
    schema: dobSchema,
    defaultValues: { date_of_birth: isoDate },
    values: { date_of_birth: isoDate },
    url: '/api/update_dob',
    failed: 'Failed to update date of birth',
    offline: 'An error occurred while updating your date of birth',
    success: { navigate: stepPath('location') },
    invalidAsProblem: true,
  });

  const dayOptions: SelectOption[] = Array.from({ length: dayCount(date) }, (_, index) => ({ value: String(index + 1), label: twoDigits(index + 1) }));
  const change = (part: Part) => (event: { target: { value: string } }) => {
    const next = withPart(date, part, event.target.value);
    setDate(next);
    // The message names what is still missing, so it goes once all is chosen.
    if (missing.length > 0) setMissing(missingParts(next));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const empty = missingParts(date);
    if (empty.length === 0) return void submit(event);
    event.preventDefault();
    setProblem(null);
    setMissing(empty);
    document.getElementById(`${id}-${empty[0]!}`)?.focus();
  }

  const partProps = (part: Part) => ({
    id: `${id}-${part}`,
    value: date[part],
    onChange: change(part),
    required: true,
    'aria-invalid': missing.includes(part) || undefined,
    'aria-describedby': missing.length > 0 ? errorId : undefined,
    className: 'aria-invalid:border-danger-500! aria-invalid:focus:outline-danger-500!',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Date of birth</legend>
        <div className="grid grid-cols-[1fr_1.6fr_1.2fr] gap-4">
          <Select label="Day" placeholder="DD" options={dayOptions} {...partProps('day')} />
          <Select label="Month" placeholder="Month" options={MONTH_OPTIONS} {...partProps('month')} />
          <Select label="Year" placeholder="YYYY" options={YEAR_OPTIONS} {...partProps('year')} />
        </div>
        <FieldError id={errorId}>{missing.length > 0 ? DOB_REQUIRED_MESSAGE : null}</FieldError>
      </fieldset>
      <SubmitButton size="lg" loading={saving} className="w-full">
        Next
      </SubmitButton>
    </form>
  );
}
