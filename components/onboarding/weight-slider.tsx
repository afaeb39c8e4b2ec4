'use client';

import { useId, type KeyboardEvent, type Ref } from 'react';
import { FieldError } from '@/components/ui/field-messages';
import { controlClassName } from '@/components/ui/use-field-a11y';
import { roundToTenth } from '@/lib/units';

type Props = {
  label: string;
  unit: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** The typed field's text; it follows the slider, and the slider follows it while it reads as a weight. */
  text: string;
  onTextChange: (text: string) => void;
  onTextBlur: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

const STEP = 0.1;

const nudgeClass =
  'flex size-9 shrink-0 items-center justify-center rounded-full border border-neutral-300 bg-white text-lg leading-none text-neutral-700 shadow-sm transition-colors hover:border-neutral-400 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** A 0.1-step range slider with a typed number beside it (the two kept in step) and ± buttons for the last decimal. */
export function WeightSlider({ label, unit, value, min, max, onChange, text, onTextChange, onTextBlur, error, inputRef }: Props) {
  const id = useId();
  const typedId = `${id}-typed`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const set = (next: number) => onChange(Math.min(max, Math.max(min, roundToTenth(next))));
  const shown = `${value.toFixed(1)} ${unit}`;
  // Arrow keys in the typed field step by 0.1 as the slider's do.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const by = { ArrowUp: STEP, ArrowDown: -STEP }[event.key];
    if (by === undefined) return;
    event.preventDefault();
    set(value + by);
  };
  return (
    <div className="flex flex-col gap-3 rounded-control border border-neutral-200 bg-neutral-50/60 px-5 py-4">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        <div className="relative w-36">
          <label htmlFor={typedId} className="sr-only">
            {`${label} (${unit})`}
          </label>
          <input
            ref={inputRef}
            id={typedId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={6}
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onBlur={onTextBlur}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className={controlClassName(Boolean(error), 'h-12 pr-12 text-right text-2xl! font-semibold tracking-tight tabular-nums')}
          />
          <span aria-hidden className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-base font-medium text-neutral-500">
            {unit}
          </span>
        </div>
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
      <div id={hintId} className="flex justify-between px-12 text-xs text-neutral-500 tabular-nums">
        <span>
          <span className="sr-only">From </span>
          {min.toFixed(1)} {unit}
        </span>
        <span>
          <span className="sr-only">to </span>
          {max.toFixed(1)} {unit}
        </span>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
