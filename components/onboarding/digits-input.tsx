'use client';

import { cx } from '@/components/ui/cx';
import { controlClassName } from '@/components/ui/use-field-a11y';

type Props = {
  id: string;
  label: string;
  /** Shown inside the field, e.g. "cm". */
  suffix: string;
  value: string;
  maxDigits: number;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
};

/** A whole-number field that drops anything but digits as it is typed, with a unit inside the box. */
export function DigitsInput({ id, label, suffix, value, maxDigits, onValueChange, invalid = false, describedBy, className }: Props) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={maxDigits}
          value={value}
          onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, maxDigits))}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClassName(invalid, 'h-14 pr-12 text-2xl! font-semibold tabular-nums')}
        />
        <span aria-hidden className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-base text-neutral-500">
          {suffix}
        </span>
      </div>
    </div>
  );
}
