'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { Button } from '@/components/ui/button';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { stepPath } from '@/lib/onboarding/steps';
import { cmToFeetInches, feetInchesToCm } from '@/lib/units';
import { heightSchema } from '@/lib/validation/onboarding';
import { DigitsInput } from './digits-input';
import { UnitToggle } from './unit-toggle';
import { FieldError } from '@/components/ui/field-messages';

const UNITS = ['cm', 'ft/in'] as const;
type Unit = (typeof UNITS)[number];
type Values = { cm: string; feet: string; inches: string };

const toFeetInches = (cm: string): Values => {
  if (!cm) return { cm, feet: '', inches: '' };
  const { feet, inches } = cmToFeetInches(Number(cm));
  return { cm, feet: String(feet), inches: String(inches) };
};

/** Whole centimetres from whichever fields are shown; NaN when they are empty. */
function heightInCm(unit: Unit, { cm, feet, inches }: Values): number {
  if (unit === 'cm') return cm ? Number(cm) : Number.NaN;
  if (!feet && !inches) return Number.NaN;
  return feetInchesToCm({ feet: Number(feet || 0), inches: Number(inches || 0) });
}

/** /onboarding_6: height in cm or in feet and inches, always saved as whole cm. */
export function HeightForm({ savedCm }: { savedCm: number }) {
  const router = useRouter();
  const id = useId();
  const errorId = `${id}-error`;
  const [unit, setUnit] = useState<Unit>('cm');
  const [values, setValues] = useState<Values>(() => toFeetInches(String(savedCm)));
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (field: keyof Values) => (value: string) => {
    setError(null);
    setValues((current) => ({ ...current, [field]: value }));
  };

  // Switching converts what is shown, so the other unit starts from the same height.
  function switchUnit(next: Unit) {
    if (next === unit) return;
    const cm = heightInCm(unit, values);
    setValues(next === 'ft/in' ? toFeetInches(values.cm) : { ...values, cm: Number.isNaN(cm) ? '' : String(cm) });
    setUnit(next);
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = heightSchema.safeParse({ height: heightInCm(unit, values) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSaving(true);
    try {
      const result = await postJson('/api/update_height', parsed.data);
      if (result.ok) {
        router.push(stepPath('weight'));
        return;
      }
      setProblem(problemFrom(result, 'Failed to update height'));
    } catch {
      setProblem({ title: 'An error occurred while updating your height' });
    }
    setSaving(false);
  }

  const invalid = error !== null;
  const describedBy = invalid ? errorId : undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <div className="flex flex-col gap-4">
        <UnitToggle label="Height unit" units={UNITS} value={unit} onChange={switchUnit} />
        {unit === 'cm' ? (
          <DigitsInput id={`${id}-cm`} label="Height" suffix="cm" maxDigits={3} value={values.cm} onValueChange={edit('cm')} invalid={invalid} describedBy={describedBy} />
        ) : (
          <div className="grid grid-cols-2 gap-4">
            <DigitsInput id={`${id}-ft`} label="Feet" suffix="ft" maxDigits={2} value={values.feet} onValueChange={edit('feet')} invalid={invalid} describedBy={describedBy} />
            <DigitsInput id={`${id}-in`} label="Inches" suffix="in" maxDigits={2} value={values.inches} onValueChange={edit('inches')} invalid={invalid} describedBy={describedBy} />
          </div>
        )}
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <Button type="submit" size="lg" loading={saving} className="w-full">
        Next
      </Button>
    </form>
  );
}
