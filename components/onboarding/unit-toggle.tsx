'use client';

import { useId } from 'react';
import { cx } from '@/components/ui/cx';

type Props<Unit extends string> = {
  /** The group's accessible name, e.g. "Height unit". */
  label: string;
  units: readonly Unit[];
  value: Unit;
  onChange: (unit: Unit) => void;
};

/** A segmented control built on native radios, so arrow keys and screen readers work as for any radio group. */
export function UnitToggle<Unit extends string>({ label, units, value, onChange }: Props<Unit>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex self-start rounded-control border border-neutral-200 bg-neutral-100 p-1">
      {units.map((unit) => (
        <label
          key={unit}
          className={cx(
            'relative min-w-16 rounded-[0.5rem] px-4 py-1.5 text-center text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
            unit === value ? 'bg-white text-neutral-950 shadow-sm' : 'text-neutral-600 hover:text-neutral-900',
          )}
        >
          {/* The radio covers its segment, so a click anywhere on it picks the unit. */}
          <input
            type="radio"
            name={name}
            value={unit}
            checked={unit === value}
            onChange={() => onChange(unit)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-[inherit] opacity-0"
          />
          {unit}
        </label>
      ))}
    </div>
  );
}
