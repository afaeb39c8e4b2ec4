'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { birthYears, daysInMonth, initialBirthDate, MONTH_NAMES, toIsoDate, twoDigits, withValidDay, type BirthDate } from '@/lib/onboarding/birth-date';
import { stepPath } from '@/lib/onboarding/steps';
import { dobSchema } from '@/lib/validation/onboarding';

const YEAR_OPTIONS: SelectOption[] = birthYears().map((year) => ({ value: String(year), label: String(year) }));
const MONTH_OPTIONS: SelectOption[] = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

/** /onboarding_4: day, month and year selects; the days follow the month and year. */
export function DateOfBirthForm({ saved }: { saved: string | null }) {
  const router = useRouter();
  const [date, setDate] = useState<BirthDate>(() => initialBirthDate(saved));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  const dayOptions: SelectOption[] = Array.from({ length: daysInMonth(date.year, date.month) }, (_, index) => ({
    value: String(index + 1),
    label: twoDigits(index + 1),
  }));
  // A day the new month or year lacks (31 April, 29 February 2023) becomes its last day.
  const change = (part: keyof BirthDate) => (event: { target: { value: string } }) =>
    setDate((current) => withValidDay({ ...current, [part]: Number(event.target.value) }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = dobSchema.safeParse({ date_of_birth: toIsoDate(date) });
    if (!parsed.success) {
      setProblem({ title: parsed.error.issues[0]?.message ?? 'Please enter a valid date of birth.' });
      return;
    }
    setSaving(true);
    try {
      const result = await postJson('/api/update_dob', parsed.data);
      if (result.ok) {
        router.push(stepPath('location'));
        return;
      }
      setProblem(problemFrom(result, 'Failed to update date of birth'));
    } catch {
      setProblem({ title: 'An error occurred while updating your date of birth' });
    }
    setSaving(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
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
