'use client';

import { useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { birthYears, daysInMonth, initialBirthDate, MONTH_NAMES, toIsoDate, twoDigits, withValidDay, type BirthDate } from '@/lib/onboarding/birth-date';
import { stepPath } from '@/lib/routes';
import { dobSchema } from '@/lib/validation/onboarding';

const YEAR_OPTIONS: SelectOption[] = birthYears().map((year) => ({ value: String(year), label: String(year) }));
const MONTH_OPTIONS: SelectOption[] = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

/** /onboarding_4: day, month and year selects; the days follow the month and year. */
export function DateOfBirthForm({ saved }: { saved: string | null }) {
  const [date, setDate] = useState<BirthDate>(() => initialBirthDate(saved));
  const { submit, problem, saving } = useSubmitForm({
    schema: dobSchema,
    defaultValues: { date_of_birth: toIsoDate(date) },
    values: { date_of_birth: toIsoDate(date) },
    url: '/api/update_dob',
    failed: 'Failed to update date of birth',
    offline: 'An error occurred while updating your date of birth',
    success: { navigate: stepPath('location') },
    invalidAsProblem: true,
  });

  const dayOptions: SelectOption[] = Array.from({ length: daysInMonth(date.year, date.month) }, (_, index) => ({
    value: String(index + 1),
    label: twoDigits(index + 1),
  }));
  // A day the new month or year lacks (31 April, 29 February 2023) becomes its last day.
  const change = (part: keyof BirthDate) => (event: { target: { value: string } }) =>
    setDate((current) => withValidDay({ ...current, [part]: Number(event.target.value) }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Date of birth</legend>
        <div className="grid grid-cols-[1fr_1.6fr_1.2fr] gap-4">
          <Select label="Day" value={String(date.day)} onChange={change('day')} options={dayOptions} />
          <Select label="Month" value={String(date.month)} onChange={change('month')} options={MONTH_OPTIONS} />
          <Select label="Year" value={String(date.year)} onChange={change('year')} options={YEAR_OPTIONS} />
        </div>
      </fieldset>
      <Button type="submit" size="lg" loading={saving} className="w-full">
        Next
      </Button>
    </form>
  );
}
