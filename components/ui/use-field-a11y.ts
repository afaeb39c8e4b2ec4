import { useId } from 'react';
import { cx } from './cx';

type FieldA11yInput = {
  id: string | undefined;
  error: string | undefined;
  hint: string | undefined;
  describedBy: string | undefined;
  invalid: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
};

/**
 * Shared id/aria wiring for labelled form controls, so Input and Select announce
 * their hint and error the same way.
 */
export function useFieldA11y({ id, error, hint, describedBy, invalid }: FieldA11yInput) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ariaDescribedBy = cx(describedBy, hintId, errorId) || undefined;

  return {
    controlId,
    hintId,
    errorId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? true : invalid,
      'aria-describedby': ariaDescribedBy,
    },
  };
}

export const controlClassName = (hasError: boolean, className?: string) =>
  cx(
    'block w-full rounded-control border bg-white px-3 text-sm text-neutral-900 shadow-sm transition-colors',
    'placeholder:text-neutral-500 focus:outline-2 focus:outline-offset-0',
    'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-600',
    hasError
      ? 'border-danger-500 focus:outline-danger-500'
      : 'border-neutral-300 hover:border-neutral-400 focus:border-brand-600 focus:outline-brand-600/30',
    className,
  );
