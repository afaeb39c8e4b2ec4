import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { controlClassName, useFieldA11y } from './use-field-a11y';
import { FieldFrame } from './field-messages';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children'> & {
  options: readonly SelectOption[];
  /** Rendered as an empty-value first option, so "nothing chosen" validates as "". */
  placeholder?: string;
  label?: ReactNode;
  error?: string;
  hint?: string;
  containerClassName?: string;
};

export function Select({
  options,
  placeholder,
  label,
  error,
  hint,
  id,
  className,
  containerClassName,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: SelectProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldA11y({
    id,
    error,
    hint,
    describedBy,
    invalid,
  });

  return (
    <FieldFrame controlId={controlId} label={label} hintId={hintId} hint={hint} errorId={errorId} error={error} className={containerClassName}>
      <div className="relative">
        <select
          {...props}
          {...controlProps}
          className={controlClassName(Boolean(error), cx('h-10 appearance-none pr-9', className))}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {/* Custom chevron because appearance-none removes the native one. */}
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
        >
          <path
            fillRule="evenodd"
            d="M5.22 7.22a.75.75 0 0 1 1.06 0L10 10.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 8.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </div>
    </FieldFrame>
  );
}
