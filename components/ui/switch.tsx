'use client';

import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import { FieldError } from './field-messages';

export type SwitchProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  /** Shown before the label, e.g. an icon. */
  leading?: ReactNode;
  disabled?: boolean;
  error?: string;
  className?: string;
};

/** An on/off control (role=switch) with its label and description beside it; the label toggles too. */
export function Switch({ checked, onCheckedChange, label, description, leading, disabled, error, className }: SwitchProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className={cx('flex items-center gap-4 rounded-control border bg-white p-4', error ? 'border-danger-500' : 'border-neutral-200')}>
        {leading}
        <div className="flex flex-1 flex-col gap-0.5">
          <label htmlFor={id} className="text-sm font-medium text-neutral-900">
            {label}
          </label>
          {description ? (
            <p id={descriptionId} className="text-sm text-neutral-600">
              {description}
            </p>
          ) : null}
        </div>
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-describedby={cx(descriptionId, errorId) || undefined}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onClick={() => onCheckedChange(!checked)}
          className={cx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
            checked ? 'bg-brand-600' : 'bg-neutral-300',
          )}
        >
          <span
            aria-hidden
            className={cx('inline-block size-5 rounded-full bg-white shadow-sm transition-transform', checked ? 'translate-x-[1.375rem]' : 'translate-x-0.5')}
          />
        </button>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
