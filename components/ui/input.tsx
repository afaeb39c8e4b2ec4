import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { controlClassName, useFieldA11y } from './use-field-a11y';
import { FieldFrame } from './field-messages';

export type InputProps = ComponentPropsWithRef<'input'> & {
  /** Visible label; omit only when the caller provides aria-label. */
  label?: ReactNode;
  /** Validation message; also marks the input aria-invalid. */
  error?: string;
  hint?: string;
  /** Class for the wrapping element; `className` styles the <input> itself. */
  containerClassName?: string;
};

// `ref` is a regular prop in React 19, so `{...register('email')}` reaches the <input> unchanged.
export function Input({
  label,
  error,
  hint,
  id,
  className,
  containerClassName,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: InputProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldA11y({
    id,
    error,
    hint,
    describedBy,
    invalid,
  });

  return (
    <FieldFrame controlId={controlId} label={label} hintId={hintId} hint={hint} errorId={errorId} error={error} className={containerClassName}>
      <input {...props} {...controlProps} className={controlClassName(Boolean(error), cx('h-10', className))} />
    </FieldFrame>
  );
}
