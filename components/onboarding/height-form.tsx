'use client';

import { useId, useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { stepPath } from '@/lib/routes';
import { clampTo, feetInchesText, HEIGHT_CM_RANGE, HEIGHT_INCH_RANGE, splitInches, totalInches } from '@/lib/onboarding/body-entry';
import { cmToFeetInches, feetInchesToCm } from '@/lib/units';
import { heightSchema } from '@/lib/validation/onboarding';
import { DigitsInput } from './digits-input';
import { HeightSlider } from './height-slider';
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

/** Whole centimetres from whichever fields are shown; undefined when they are empty. */
function heightInCm(unit: Unit, { cm, feet, inches }: Values): number | undefined {
  if (unit === 'cm') return cm ? Number(cm) : undefined;
  if (!feet && !inches) return undefined;
  return feetInchesToCm({ feet: Number(feet || 0), inches: Number(inches || 0) });
}

/** Where the slider sits: at the typed height within its range, or at the saved one while the fields are empty. */
function sliderValue(unit: Unit, { cm, feet, inches }: Values, savedCm: number): number {
  if (unit === 'cm') return clampTo(HEIGHT_CM_RANGE, cm ? Number(cm) : savedCm);
  const { feet: savedFeet, inches: savedInches } = cmToFeetInches(savedCm);
  return clampTo(HEIGHT_INCH_RANGE, totalInches(feet, inches) ?? savedFeet * 12 + savedInches);
}

const cmText = (cm: number) => `${cm} cm`;

/** /onboarding_6: height typed in cm or in feet and inches, or set on the slider below; always saved as whole cm. */
export function HeightForm({ savedCm, initialUnit = 'cm' }: { savedCm: number; /** The member's Units setting. */ initialUnit?: Unit }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [unit, setUnit] = useState<Unit>(initialUnit);
  const [values, setValues] = useState<Values>(() => toFeetInches(String(savedCm)));
  const { form, submit, problem, saving } = useSubmitForm({
    schema: heightSchema,
    defaultValues: { height: savedCm },
    // undefined, not NaN: the form compares these values on every render, and NaN never equals itself.
    values: { height: heightInCm(unit, values) as number },
    url: '/api/update_height',
    failed: 'Failed to update height',
    offline: 'An error occurred while updating your height',
    success: { navigate: stepPath('weight') },
  });
  const error = form.formState.errors.height?.message ?? null;

  const edit = (field: keyof Values) => (value: string) => {
    form.clearErrors();
    setValues((current) => ({ ...current, [field]: value }));
  };

  // The slider writes into the typed fields, so the two never disagree.
  const slide = (value: number) => {
    form.clearErrors();
    setValues((current) => (unit === 'cm' ? { ...current, cm: String(value) } : { ...current, ...splitInches(value) }));
  };

  // Switching converts what is shown, so the other unit starts from the same height.
  function switchUnit(next: Unit) {
    if (next === unit) return;
    const cm = heightInCm(unit, values);
    setValues(next === 'ft/in' ? toFeetInches(values.cm) : { ...values, cm: cm === undefined ? '' : String(cm) });
    setUnit(next);
    form.clearErrors();
  }

  const invalid = error !== null;
  const describedBy = invalid ? errorId : undefined;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
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
        <HeightSlider
          value={sliderValue(unit, values, savedCm)}
          min={unit === 'cm' ? HEIGHT_CM_RANGE.min : HEIGHT_INCH_RANGE.min}
          max={unit === 'cm' ? HEIGHT_CM_RANGE.max : HEIGHT_INCH_RANGE.max}
          format={unit === 'cm' ? cmText : feetInchesText}
          onChange={slide}
          describedBy={describedBy}
        />
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <SubmitButton size="lg" loading={saving} className="w-full">
        Next
      </SubmitButton>
    </form>
  );
}
