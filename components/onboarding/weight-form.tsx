'use client';

import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { Button } from '@/components/ui/button';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { stepPath } from '@/lib/onboarding/steps';
import { kgToLbs, lbsToKg, roundToTenth } from '@/lib/units';
import { WEIGHT_MAX_KG, WEIGHT_MIN_KG, weightSchema } from '@/lib/validation/onboarding';
import { UnitToggle } from './unit-toggle';
import { WeightSlider } from './weight-slider';

const UNITS = ['kg', 'lbs'] as const;
type Unit = (typeof UNITS)[number];
type Weights = { current: number; desired: number };

const RANGE: Record<Unit, { min: number; max: number }> = {
  kg: { min: WEIGHT_MIN_KG, max: WEIGHT_MAX_KG },
  lbs: { min: kgToLbs(WEIGHT_MIN_KG), max: kgToLbs(WEIGHT_MAX_KG) },
};

const clamp = (unit: Unit, value: number) => Math.min(RANGE[unit].max, Math.max(RANGE[unit].min, value));
const toKg = (unit: Unit, value: number) => (unit === 'kg' ? roundToTenth(value) : lbsToKg(value));

/** /onboarding_7: current and desired weight on sliders in kg or lbs, always saved in kg. */
export function WeightForm({ savedKg }: { savedKg: Weights }) {
  const [unit, setUnit] = useState<Unit>('kg');
  const [weights, setWeights] = useState<Weights>(() => ({ current: clamp('kg', savedKg.current), desired: clamp('kg', savedKg.desired) }));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  function switchUnit(next: Unit) {
    if (next === unit) return;
    const convert = (value: number) => clamp(next, next === 'lbs' ? kgToLbs(value) : lbsToKg(value));
    setWeights(({ current, desired }) => ({ current: convert(current), desired: convert(desired) }));
    setUnit(next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const current = toKg(unit, weights.current);
    const desired = toKg(unit, weights.desired);
    // The API stores the current weight as the goal when none is sent.
    const parsed = weightSchema.safeParse(desired === current ? { current_weight: current } : { current_weight: current, desired_weight: desired });
    if (!parsed.success) {
      setProblem({ title: parsed.error.issues[0]?.message ?? 'Failed to update weight' });
      return;
    }
    setSaving(true);
    try {
      const result = await postJson('/api/update_weight', parsed.data);
      if (result.ok) {
        // SPEC: step 8 opens with a full page load.
        window.location.assign(stepPath('vital-signs-tutorial'));
        return;
      }
      setProblem(problemFrom(result, 'Failed to update weight'));
    } catch {
      setProblem({ title: 'An error occurred while updating your weight' });
    }
    setSaving(false);
  }

  const { min, max } = RANGE[unit];
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <div className="flex flex-col gap-4">
        <UnitToggle label="Weight unit" units={UNITS} value={unit} onChange={switchUnit} />
        <WeightSlider label="Current weight" unit={unit} min={min} max={max} value={weights.current} onChange={(current) => setWeights((w) => ({ ...w, current }))} />
        <WeightSlider label="Desired weight" unit={unit} min={min} max={max} value={weights.desired} onChange={(desired) => setWeights((w) => ({ ...w, desired }))} />
      </div>
      <Button type="submit" size="lg" loading={saving} className="w-full">
        Next
      </Button>
    </form>
  );
}
