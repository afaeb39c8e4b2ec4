'use client';

import type { ReactNode } from 'react';
import { useState } from 'react';
import type { InputProps } from '@/components/ui/input';
import { cx } from '@/components/ui/cx';
import { controlClassName, useFieldA11y } from '@/components/ui/use-field-a11y';
import { FieldFrame } from '@/components/ui/field-messages';

type PasswordInputProps = Omit<InputProps, 'type'> & {
  /** Shown on the label's line, right-aligned, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
};

const EYE = 'M2.06 12.35a1 1 0 0 1 0-.7C3.42 7.9 7.4 5 12 5s8.58 2.9 9.94 6.65a1 1 0 0 1 0 .7C20.58 16.1 16.6 19 12 19s-8.58-2.9-9.94-6.65ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z';
const EYE_OFF =
  'M10.73 5.08A10.4 10.4 0 0 1 12 5c4.6 0 8.58 2.9 9.94 6.65a1 1 0 0 1 0 .7 10.8 10.8 0 0 1-1.67 2.95M14.08 14.16a3 3 0 0 1-4.24-4.24M17.48 17.5A10.4 10.4 0 0 1 12 19c-4.6 0-8.58-2.9-9.94-6.65a1 1 0 0 1 0-.7 10.8 10.8 0 0 1 4.45-5.16M2 2l20 20';

/** A password field with a show/hide toggle; same label, hint and error wiring as <Input>. */
export function PasswordInput({
  label,
  labelAside,
  error,
  hint,
  id,
  className,
  containerClassName,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const { controlId, hintId, errorId, controlProps } = useFieldA11y({ id, error, hint, describedBy, invalid });

  return (
    <FieldFrame
      controlId={controlId}
      label={label}
      labelAside={labelAside}
      hintId={hintId}
      hint={hint}
      errorId={errorId}
      error={error}
      className={containerClassName}
    >
      <div className="relative">
        <input
          {...props}
          {...controlProps}
          type={visible ? 'text' : 'password'}
          className={controlClassName(Boolean(error), cx('h-10 pr-11', className))}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={controlId}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-control text-neutral-500 transition-colors hover:text-neutral-800"
        >
          <svg
            aria-hidden
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-[18px]"
          >
            <path d={visible ? EYE_OFF : EYE} />
          </svg>
        </button>
      </div>
    </FieldFrame>
  );
}
