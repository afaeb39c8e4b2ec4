'use client';

import { useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Button } from '@/components/ui/button';
import { stepPath } from '@/lib/routes';
import { WEIGHT_UNITS, weightFromKg, weightToKg, type WeightUnit } from '@/lib/units';
import { WEIGHT_MAX_KG, WEIGHT_MIN_KG, weightSchema } from '@/lib/validation/onboarding';
import { UnitToggle } from './unit-toggle';
import { WeightSlider } from './weight-slider';

type Unit = WeightUnit;
type Weights = { current: number; desired: number };

const RANGE: Record<Unit, { min: number; max: number }> = {
  kg: { min: WEIGHT_MIN_KG, max: WEIGHT_MAX_KG },
  lbs: { min: weightFromKg('lbs', WEIGHT_MIN_KG), max: weightFromKg('lbs', WEIGHT_MAX_KG) },
};

const clamp = (unit: Unit, value: number) => Math.min(RANGE[unit].max, Math.max(RANGE[unit].min, value));

/** /onboarding_7: current and desired weight on sliders in kg or lbs, always saved in kg. */
export function WeightForm({ savedKg, initialUnit = 'kg' }: { savedKg: Weights; /** The member's Units setting. */ initialUnit?: Unit }) {
  const [unit, setUnit] = useState<Unit>(initialUnit);
  const [weights, setWeights] = useState<Weights>(() => ({
    current: clamp(initialUnit, weightFromKg(initialUnit, savedKg.current)),
    desired: clamp(initialUnit, weightFromKg(initialUnit, savedKg.desired)),
  }));
  const { submit, problem, saving } = useSubmitForm({
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

  function switchUnit(next: Unit) {
    if (next === unit) return;
    const convert = (value: number) => clamp(next, weightFromKg(next, weightToKg(unit, value)));
    setWeights(({ current, desired }) => ({ current: convert(current), desired: convert(desired) }));
    setUnit(next);
  }

  const { min, max } = RANGE[unit];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <div className="flex flex-col gap-4">
        <UnitToggle label="Weight unit" units={WEIGHT_UNITS} value={unit} onChange={switchUnit} />
        <WeightSlider label="Current weight" unit={unit} min={min} max={max} value={weights.current} onChange={(current) => setWeights((w) => ({ ...w, current }))} />
        <WeightSlider label="Desired weight" unit={unit} min={min} max={max} value={weights.desired} onChange={(desired) => setWeights((w) => ({ ...w, desired }))} />
      </div>
      <Button type="submit" size="lg" loading={saving} className="w-full">
        Next
      </Button>
    </form>
  );
}
