'use client';

import { useRef, useState, type FormEvent } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { clampWeight, readWeight, WEIGHT_RANGE, weightRangeMessage, weightText } from '@/lib/onboarding/body-entry';
import { stepPath } from '@/lib/routes';
import { WEIGHT_UNITS, weightFromKg, weightToKg, type WeightUnit } from '@/lib/units';
import { weightSchema } from '@/lib/validation/onboarding';
import { UnitToggle } from './unit-toggle';
import { WeightSlider } from './weight-slider';

type Unit = WeightUnit;
type Field = 'current' | 'desired';
type Weights = Record<Field, number>;

const FIELDS: readonly Field[] = ['current', 'desired'];
const LABEL: Record<Field, string> = { current: 'Current weight', desired: 'Desired weight' };
// SPEC §5 calls the desired weight the goal weight in its message.
const MESSAGE_LABEL = { current: 'Current weight', desired: 'Goal weight' } as const;

const textsOf = ({ current, desired }: Weights): Record<Field, string> => ({ current: weightText(current), desired: weightText(desired) });

/** /onboarding_7: current and desired weight, each on a slider or typed, in kg or lbs, always saved in kg. */
export function WeightForm({ savedKg, initialUnit = 'kg' }: { savedKg: Weights; /** The member's Units setting. */ initialUnit?: Unit }) {
  const [unit, setUnit] = useState<Unit>(initialUnit);
  const [weights, setWeights] = useState<Weights>(() => ({
    current: clampWeight(initialUnit, weightFromKg(initialUnit, savedKg.current)),
    desired: clampWeight(initialUnit, weightFromKg(initialUnit, savedKg.desired)),
  }));
  const [texts, setTexts] = useState<Record<Field, string>>(() => textsOf(weights));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const { submit, problem, setProblem, saving } = useSubmitForm({
    schema: weightSchema,
    defaultValues: { current_weight: weights.current, desired_weight: weights.desired },
    values: { current_weight: weightToKg(unit, weights.current), desired_weight: weightToKg(unit, weights.desired) },
    url: '/api/update_weight',
    // The API stores the current weight as the goal when none is sent.
    body: ({ current_weight, desired_weight }) => (desired_weight === current_weight ? { current_weight } : { current_weight, desired_weight }),
    failed: 'Failed to update weight',
    offline: 'An error occurred while updating your weight',
    // SPEC: step 8 opens with a full page load.
    success: { navigate: stepPath('vital-signs-tutorial'), fullLoad: true },
    invalidAsProblem: true,
  });

  const setError = (field: Field, message: string | undefined) => setErrors((current) => ({ ...current, [field]: message }));

  // The slider or ± moved: the typed field shows the new weight.
  const slide = (field: Field) => (value: number) => {
    setWeights((current) => ({ ...current, [field]: value }));
    setTexts((current) => ({ ...current, [field]: weightText(value) }));
    setError(field, undefined);
  };

  // Typing moves the slider as soon as the text reads as a weight in range; the message waits for blur or Next.
  const type = (field: Field) => (text: string) => {
    setTexts((current) => ({ ...current, [field]: text }));
    const value = readWeight(text, unit);
    if (value === null) return;
    setWeights((current) => ({ ...current, [field]: value }));
    setError(field, undefined);
  };

  const check = (field: Field) => () => {
    const value = readWeight(texts[field], unit);
    if (value === null) return setError(field, weightRangeMessage(MESSAGE_LABEL[field], unit));
    setTexts((current) => ({ ...current, [field]: weightText(value) }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const wrong = FIELDS.filter((field) => readWeight(texts[field], unit) === null);
    if (wrong.length === 0) return void submit(event);
    event.preventDefault();
    setProblem(null);
    setErrors(Object.fromEntries(wrong.map((field) => [field, weightRangeMessage(MESSAGE_LABEL[field], unit)])));
    inputs.current[wrong[0]!]?.focus();
  }

  function switchUnit(next: Unit) {
    if (next === unit) return;
    const convert = (value: number) => clampWeight(next, weightFromKg(next, weightToKg(unit, value)));
    const converted = { current: convert(weights.current), desired: convert(weights.desired) };
    setWeights(converted);
    setTexts(textsOf(converted));
    setErrors({});
    setUnit(next);
  }

  const { min, max } = WEIGHT_RANGE[unit];
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <div className="flex flex-col gap-4">
        <UnitToggle label="Weight unit" units={WEIGHT_UNITS} value={unit} onChange={switchUnit} />
        {FIELDS.map((field) => (
          <WeightSlider
            key={field}
            label={LABEL[field]}
            unit={unit}
            min={min}
            max={max}
            value={weights[field]}
            onChange={slide(field)}
            text={texts[field]}
            onTextChange={type(field)}
            onTextBlur={check(field)}
            error={errors[field]}
            inputRef={(element) => {
              inputs.current[field] = element;
            }}
          />
        ))}
      </div>
      <SubmitButton size="lg" loading={saving} className="w-full">
        Next
      </SubmitButton>
    </form>
  );
}
