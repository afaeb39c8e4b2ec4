'use client';

import { useId } from 'react';
import { roundToTenth } from '@/lib/units';

type Props = {
  label: string;
  unit: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
};

const STEP = 0.1;

const nudgeClass =
  'flex size-9 shrink-0 items-center justify-center rounded-full border border-neutral-300 bg-white text-lg leading-none text-neutral-700 shadow-sm transition-colors hover:border-neutral-400 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** A 0.1-step range slider with its value shown large and ± buttons for the last decimal. */
export function WeightSlider({ label, unit, value, min, max, onChange }: Props) {
  const id = useId();
  const set = (next: number) => onChange(Math.min(max, Math.max(min, roundToTenth(next))));
  const shown = `${value.toFixed(1)} ${unit}`;
  return (
    <div className="flex flex-col gap-3 rounded-control border border-neutral-200 bg-neutral-50/60 px-5 py-4">
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        <output htmlFor={id} className="text-3xl font-semibold tracking-tight text-neutral-950 tabular-nums">
          {value.toFixed(1)} <span className="text-base font-medium text-neutral-500">{unit}</span>
        </output>
      </div>
      <div className="flex items-center gap-3">
        <button type="button" aria-label={`Decrease ${label.toLowerCase()}`} onClick={() => set(value - STEP)} disabled={value <= min} className={nudgeClass}>
          −
        </button>
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          step={STEP}
          value={value}
          aria-valuetext={shown}
          onChange={(event) => set(Number(event.target.value))}
          className="h-2 flex-1 cursor-pointer accent-brand-700"
        />
        <button type="button" aria-label={`Increase ${label.toLowerCase()}`} onClick={() => set(value + STEP)} disabled={value >= max} className={nudgeClass}>
          +
        </button>
      </div>
      <div className="flex justify-between px-12 text-xs text-neutral-500 tabular-nums">
        <span>
          {min.toFixed(1)} {unit}
        </span>
        <span>
          {max.toFixed(1)} {unit}
        </span>
      </div>
    </div>
  );
}
